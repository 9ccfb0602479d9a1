/**
 * report-later and the collect on GitLab: a merge request's deploy leaves
 * its statuses running and its note carrying each deployment's sealed
 * facts; a scheduled pipeline's collect completes each status in the
 * deploy's own pipeline and rewrites that note in place; a run still going
 * stays running; a stranger's note copying ours, a note whose facts were
 * changed, a collect in a merge request's pipeline, report-later on a
 * branch and a job token are each refused or left alone. Through the CLI
 * and the library, against the GitLab stand-in.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { describe, expect, it } from '@jest/globals'
import { JOB_TOKEN, PERSONAL_TOKEN, PROJECT_ID, WRITE_TOKEN } from '../../emulator/gitlab-api.js'
import { collectVerdicts } from '../../src/index.js'
import { clock } from '../../src/core/shared/clock.js'
import { startSlack } from '../../emulator/slack.js'
import { inTotoProblems } from '../helpers/in-toto.js'
import { junitProblems } from '../helpers/junit.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { run } from '../helpers/github-events.js'
import { DEMO_API_KEY } from '../helpers/harness.js'
import { collectSuite } from '../helpers/collect-suite.js'
import { gitlabPipeline, type PipelineKind } from '../helpers/gitlab-pipeline.js'

// The product and the suite.emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const suite = collectSuite({
  builds: { 'app.apk': 8, 'app.ipa': 8 },
  review: emulator =>
    emulator.gitlab.mergeRequests.push({
      iid: 7,
      state: 'opened',
      source_branch: 'feature/login',
      target_branch: 'main',
      sha: SHA
    })
})

/** GitLab's variables of a pipeline: the merge request's (its own pipeline 4242), a branch's, or a schedule's on main (4300). */
const pipeline = (kind: PipelineKind, token = WRITE_TOKEN): Record<string, string> =>
  gitlabPipeline(suite.emulator.gitlab.url, { kind, sha: SHA, token })

const deployLater = (
  files: string[],
  variables = run(),
  kind: 'merge-request' | 'branch' = 'merge-request'
) => suite.deployLater(files, pipeline(kind), variables)

const collect = (env: Record<string, string> = pipeline('schedule')) => suite.collect(env)

const statuses = () => suite.emulator.gitlab.statuses.filter(status => status.sha === SHA)
const notes = () => suite.emulator.gitlab.notes.filter(note => note.mergeRequest === 7)

describe('report-later in a merge request, then a scheduled collect', () => {
  it('two builds: running statuses and one note with their facts; the collect completes both in the deploy’s pipeline and rewrites the note', async () => {
    const deployed = await deployLater(['app.apk', 'app.ipa'])
    expect(deployed.exitCode).toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['running', 'running'])
    expect(notes()).toHaveLength(1)
    expect(notes()[0]!.body.match(/mobile-build-deploy facts=/g)).toHaveLength(2)
    expect(notes()[0]!.body).toMatch(/pending/)

    await clock.sleep(60_000)
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(collected.stderr + collected.stdout).toMatch(/2 commit status\(es\) completed/)
    for (const status of statuses()) {
      expect(status).toMatchObject({ status: 'success', pipeline_id: 4242 })
      expect(status.history).toEqual(['running', 'success'])
    }
    expect(new Set(statuses().map(s => s.name)).size).toBe(2)
    // The same note, edited in place: no pending row left, each row passed.
    expect(notes()).toHaveLength(1)
    expect(notes()[0]!.body).not.toMatch(/The verdict is pending/)
    expect(notes()[0]!.body.match(/✅/g)?.length).toBeGreaterThanOrEqual(2)
    expect(collected.stderr + collected.stdout).not.toContain(WRITE_TOKEN)

    // Nothing is left for the next collect.
    const again = await collect()
    expect(again.exitCode).toBe(0)
    expect(again.stderr + again.stdout).toMatch(/0 commit status\(es\) completed/)
    expect(statuses().every(s => s.history.length === 2)).toBe(true)
  })

  it('a failure: the status failed, never success; the note shows the bug; the collect itself worked', async () => {
    const failing = run({ final: 'failed', bugs: [{ name: 'Login crashes', priority: 'urgent' }] })
    expect((await deployLater(['app.apk'], failing)).exitCode).toBe(0)
    await clock.sleep(60_000)
    const collected = await collect()
    // A collect is judged by whether collecting worked; the verdict fails where reviewers look.
    expect(collected.exitCode).toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['failed'])
    expect(statuses()[0]!.history).not.toContain('success')
    expect(notes()[0]!.body).toContain('Login crashes')
  })

  it('a run still going stays running, and the next collect completes it', async () => {
    expect((await deployLater(['app.apk'], run({ initializingMs: 600_000 }))).exitCode).toBe(0)
    const early = await collect()
    expect(early.exitCode).toBe(0)
    expect(early.stderr + early.stdout).toMatch(/1 still waiting/)
    expect(statuses().map(s => s.status)).toEqual(['running'])
    await clock.sleep(20 * 60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['success'])
  })

  it('the collect reaches every report target as on GitHub: JUnit, Slack and the attestation', async () => {
    const slack = await startSlack()
    try {
      const failing = run({
        final: 'failed',
        bugs: [{ name: 'Login crashes', priority: 'urgent' }]
      })
      expect((await deployLater(['app.apk'], failing)).exitCode).toBe(0)
      await clock.sleep(60_000)
      const argv = [
        'collect',
        '--junit',
        'collected.xml',
        '--slack-webhook',
        slack.url,
        '--test-attestation',
        'attested'
      ]
      const collected = await runCli(argv, {
        env: cliEnv(suite.emulator, pipeline('schedule')),
        cwd: suite.workspace
      })
      expect(collected.exitCode).toBe(0)
      const junit = await readFile(join(suite.workspace, 'collected.xml'), 'utf8')
      expect(await junitProblems(junit)).toEqual([])
      expect(junit).toContain('Login crashes')
      expect(JSON.stringify(slack.messages)).toContain('Login crashes')
      const statement = JSON.parse(
        await readFile(join(suite.workspace, 'attested', 'statement.json'), 'utf8')
      ) as {
        predicate: { result: string }
      }
      expect(inTotoProblems(statement)).toEqual([])
      expect(statement.predicate.result).toBe('FAILED')
    } finally {
      await slack.close()
    }
  })

  it.each([
    ['this project', 'group/project!7', true],
    ['another project only', 'other/fork!7', false]
  ])(
    "a branch's pipeline whose branch is the source of an open merge request of %s (CI_OPEN_MERGE_REQUESTS)",
    async (_name, open, noted) => {
      const branch = {
        ...pipeline('branch'),
        CI_PROJECT_PATH: 'group/project',
        CI_OPEN_MERGE_REQUESTS: open
      }
      const deployed = await runCli(
        ['deploy', '--file', 'app.apk', '--report-later', '--variables', run()],
        {
          env: cliEnv(suite.emulator, branch),
          cwd: suite.workspace
        }
      )
      if (!noted) {
        // No merge request of this project: no note to keep the facts, refused before any request.
        expect(deployed.exitCode).toBe(2)
        expect(suite.emulator.gitlab.requests).toEqual([])
        return
      }
      expect(deployed.exitCode).toBe(0)
      expect(notes()).toHaveLength(1)
      await clock.sleep(60_000)
      expect((await collect()).exitCode).toBe(0)
      expect(statuses().map(s => [s.status, s.pipeline_id])).toEqual([['success', 4242]])
      expect(notes()[0]!.body).not.toMatch(/The verdict is pending/)
    }
  )

  it('the library collects as the CLI does', async () => {
    expect((await deployLater(['app.apk'])).exitCode).toBe(0)
    await clock.sleep(60_000)
    const saved = { ...process.env }
    Object.assign(process.env, pipeline('schedule'))
    try {
      const result = await collectVerdicts({
        apiKey: DEMO_API_KEY,
        baseUrl: suite.emulator.baseUrl,
        gitlabToken: WRITE_TOKEN
      })
      expect(result.conclusion).toBe('success')
      expect(result.completed.map(d => d.verdict)).toEqual(['passed'])
    } finally {
      process.env = saved
    }
    expect(statuses().map(s => s.status)).toEqual(['success'])
  })
})

describe('a collect beside other writers, and when a write fails', () => {
  const SHA2 = 'beef0000beef0000beef0000beef0000beef0000'
  const deployAt = (sha: string, pipelineId: string, variables = run()) =>
    runCli(['deploy', '--file', 'app.apk', '--report-later', '--variables', variables], {
      env: cliEnv(suite.emulator, {
        ...pipeline('merge-request'),
        CI_COMMIT_SHA: sha,
        CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: sha,
        CI_PIPELINE_ID: pipelineId
      }),
      cwd: suite.workspace
    })

  it('a push deployed while a collect is under way: the collect leaves the newer note as it is, and the next collect completes the newer status', async () => {
    expect((await deployAt(SHA, '4242')).exitCode).toBe(0)
    await clock.sleep(60_000)
    // The collect's status write is held; meanwhile a new push deploys with report-later, its run still going.
    let release = (): void => {}
    const until = new Promise<void>(resolve => (release = resolve))
    suite.emulator.gitlab.faults.add({ match: /^POST .*statuses/, until, times: 1 })
    const collecting = collect()
    while (suite.emulator.gitlab.armed[0]!.left > 0)
      await new Promise(resolve => setImmediate(resolve))
    suite.emulator.gitlab.mergeRequests[0]!.sha = SHA2
    expect((await deployAt(SHA2, '4243', run({ initializingMs: 600_000 }))).exitCode).toBe(0)
    const newer = notes()[0]!.body
    release()
    const first = await collecting
    expect(first.exitCode).toBe(0)
    expect(first.stderr + first.stdout).toMatch(/written again since this collect read it/)
    expect(notes()[0]!.body).toBe(newer)
    await clock.sleep(30 * 60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(suite.emulator.gitlab.statuses.filter(s => s.sha === SHA2).map(s => s.status)).toEqual([
      'success'
    ])
    expect(notes()[0]!.body).not.toMatch(/pending/)
  })

  it('a note write that failed heals at the next collect: the status already says the verdict, the note is written', async () => {
    expect((await deployAt(SHA, '4242')).exitCode).toBe(0)
    await clock.sleep(60_000)
    suite.emulator.gitlab.faults.add({
      match: /^PUT .*notes/,
      status: 500,
      body: { message: '500 Internal Server Error' },
      times: 5
    })
    expect((await collect()).exitCode).not.toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['success'])
    expect(notes()[0]!.body).toMatch(/pending/)
    await clock.sleep(10 * 60_000)
    const healed = await collect()
    expect(healed.exitCode).toBe(0)
    expect(notes()[0]!.body).not.toMatch(/pending/)
    expect(statuses().map(s => s.history)).toEqual([['running', 'success']])
  })

  it('a budget too small for what was found leaves the rest for the next collect, never a status completed without its note', async () => {
    for (const iid of [1, 2, 3, 4, 5, 6])
      suite.emulator.gitlab.mergeRequests.push({
        iid,
        state: 'opened',
        source_branch: `b${iid}`,
        target_branch: 'main',
        sha: String(iid).repeat(40)
      })
    const argv = [
      'deploy',
      '--file',
      'app.apk',
      '--file',
      'app.ipa',
      '--report-later',
      '--variables',
      run()
    ]
    expect(
      (
        await runCli(argv, {
          env: cliEnv(suite.emulator, pipeline('merge-request')),
          cwd: suite.workspace
        })
      ).exitCode
    ).toBe(0)
    await clock.sleep(60_000)
    const before = suite.emulator.gitlab.requests.length
    const small = await runCli(['collect', '--collect-max-requests', '10'], {
      env: cliEnv(suite.emulator, pipeline('schedule')),
      cwd: suite.workspace
    })
    expect(small.exitCode).toBe(0)
    expect(suite.emulator.gitlab.requests.length - before).toBeLessThanOrEqual(10)
    // Whatever it completed, its note says; what it did not, stays running for the next.
    const completed = statuses()
      .filter(s => s.status === 'success')
      .map(s => s.name)
    for (const name of completed) expect(notes()[0]!.body).toContain(name)
    expect(notes()[0]!.body.match(/pending/g)?.length ?? 0).toBeGreaterThanOrEqual(
      statuses().filter(s => s.status === 'running').length > 0 ? 1 : 0
    )
    await clock.sleep(10 * 60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['success', 'success'])
    expect(notes()[0]!.body).not.toMatch(/pending/)
  })
})

describe('what a collect never trusts, and where it refuses', () => {
  it('a stranger’s note copying ours decides nothing, and a note of ours whose facts were changed is left as it is', async () => {
    expect((await deployLater(['app.apk'])).exitCode).toBe(0)
    const ours = notes()[0]!
    // Someone else posts a copy of our note; then our note's facts are changed by hand.
    const copy = await fetch(
      `${suite.emulator.gitlab.url}/api/v4/projects/${PROJECT_ID}/merge_requests/7/notes`,
      {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': PERSONAL_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ body: ours.body })
      }
    )
    expect(copy.status).toBe(201)
    const edits = () => suite.emulator.gitlab.requests.filter(r => r.method === 'PUT').length
    const before = edits()
    ours.body = ours.body.replace(
      /facts=([A-Za-z0-9_-])/,
      (_all, c: string) => `facts=${c === 'A' ? 'B' : 'A'}`
    )
    await clock.sleep(60_000)
    const collected = await collect()
    expect(collected.stderr).toMatch(/is not collected: its facts line does not carry the seal/)
    expect(statuses().map(s => s.status)).toEqual(['running'])
    // Neither note is edited, and the stranger's still says what it copied.
    expect(edits()).toBe(before)
    expect(notes().find(note => note.id !== ours.id)!.body).toMatch(/The verdict is pending/)
  })

  it.each([
    [
      'report-later in a branch pipeline',
      () => deployLater(['app.apk'], run(), 'branch'),
      /--report-later.*no merge request/s
    ],
    [
      'a collect in a merge request’s pipeline',
      () => collect(pipeline('merge-request')),
      /--collect|collect.*merge request’s pipeline/s
    ],
    [
      'report-later in GitLab with only the job token',
      () => {
        const env: Record<string, string> = {
          ...pipeline('merge-request'),
          CI_JOB_TOKEN: JOB_TOKEN
        }
        delete env.GITLAB_TOKEN
        return runCli(['deploy', '--file', 'app.apk', '--report-later', '--variables', run()], {
          env: cliEnv(suite.emulator, env),
          cwd: suite.workspace
        })
      },
      /GITLAB_TOKEN\) is empty, and --report-later in a GitLab pipeline.*project \(or group\) access token with the api scope/s
    ],
    [
      'report-later where a protected GITLAB_TOKEN is withheld (an unprotected branch)',
      () => {
        const env: Record<string, string> = {
          ...pipeline('merge-request'),
          CI_COMMIT_REF_PROTECTED: 'false'
        }
        delete env.GITLAB_TOKEN
        return runCli(['deploy', '--file', 'app.apk', '--report-later', '--variables', run()], {
          env: cliEnv(suite.emulator, env),
          cwd: suite.workspace
        })
      },
      /withholds a protected GITLAB_TOKEN.*clear "Protect variable"/s
    ],
    [
      'a collect in GitLab without a token',
      () => {
        const env: Record<string, string> = pipeline('schedule')
        delete env.GITLAB_TOKEN
        return collect(env)
      },
      /GITLAB_TOKEN.*is empty/s
    ]
  ])('%s is refused before any request', async (_name, step, said) => {
    const result = await step()
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(said)
    expect(suite.emulator.gitlab.requests).toEqual([])
    expect(suite.emulator.requests).toEqual([])
  })

  it('a job token: GitLab refuses it, and the collect says which token to make', async () => {
    const result = await collect(pipeline('schedule', JOB_TOKEN))
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toMatch(/project \(or group\) access token with the api scope/)
    expect(result.stderr).not.toContain(JOB_TOKEN)
  })

  it('a job that waits with only the job token deploys, and says in a notice which token would show the verdict', async () => {
    const env: Record<string, string> = { ...pipeline('merge-request'), CI_JOB_TOKEN: JOB_TOKEN }
    delete env.GITLAB_TOKEN
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(suite.emulator, env),
      cwd: suite.workspace
    })
    expect(result.exitCode).toBe(0)
    expect(result.stderr + result.stdout).toMatch(
      /not shown on the merge request or the commit: GITLAB_TOKEN is not set.*access token with the api scope/
    )
    expect(suite.emulator.gitlab.requests).toEqual([])
    expect(result.stderr + result.stdout).not.toContain(JOB_TOKEN)
  })
})

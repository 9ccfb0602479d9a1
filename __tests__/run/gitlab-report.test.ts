/**
 * The verdict where GitLab's reviewers look: in a merge request's pipeline,
 * a step that waits writes a commit status per deployment on the pipeline's
 * commit (running once its run exists, then its conclusion by the one
 * judgement) and one note on the merge request, edited in place by every
 * later step; a stranger's note with our marker is never edited; a job
 * token is refused by GitLab and the step says which token to make.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { JOB_TOKEN, PERSON, READ_ONLY_TOKEN, WRITE_TOKEN } from '../../emulator/gitlab-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { waitForVerdict } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { gitlabPipeline } from '../helpers/gitlab-pipeline.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const SHA = 'a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4a1b2c3d4'
let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 8 * 1024, workspace)
  await writeArtifact('app.ipa', 8 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => {
  emulator.reset()
  emulator.gitlab.mergeRequests.push({
    iid: 7,
    state: 'opened',
    source_branch: 'feature/login',
    target_branch: 'main',
    sha: SHA
  })
})

/** A merge request's pipeline (or, `mergeRequest` false, a branch's), as GitLab's runner sets its variables. */
const pipeline = (token = WRITE_TOKEN, mergeRequest = true): Record<string, string> =>
  gitlabPipeline(emulator.gitlab.url, {
    kind: mergeRequest ? 'merge-request' : 'branch',
    sha: SHA,
    token
  })

const deploy = (files: string[], variables = run(), extra: Record<string, string> = {}) =>
  runCli(
    ['deploy', ...files.flatMap(file => ['--file', file]), '--wait', '--variables', variables],
    { env: cliEnv(emulator, { ...pipeline(), ...extra }), cwd: workspace }
  )

const statuses = () => emulator.gitlab.statuses.filter(status => status.sha === SHA)

describe('a merge request pipeline that waits', () => {
  it('a pass: a status running, then success, named as its check run; one note', async () => {
    const result = await deploy(['app.apk'])
    expect(result.exitCode).toBe(0)
    expect(statuses()).toHaveLength(1)
    const [status] = statuses()
    expect(status).toMatchObject({ status: 'success', history: ['running', 'success'] })
    expect(status!.name).toMatch(/^Mobile tests/)
    // It joins the job's own pipeline: a status GitLab matches to none starts a pipeline of its own.
    expect(status!.pipeline_id).toBe(4242)
    expect(status!.target_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(status!.description!.length).toBeLessThanOrEqual(255)
    expect(status!.description).toMatch(/passed/)
    expect(emulator.gitlab.notes).toHaveLength(1)
    expect(emulator.gitlab.notes[0]!.body).toContain(status!.name)
    expect(result.stderr + result.stdout).not.toContain(WRITE_TOKEN)
  })

  it('a failure: failed, never success; the note shows the bug', async () => {
    const failing = run({ final: 'failed', bugs: [{ name: 'Login crashes', priority: 'urgent' }] })
    const result = await deploy(['app.apk'], failing)
    expect(result.exitCode).not.toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['failed'])
    expect(statuses()[0]!.history).not.toContain('success')
    expect(emulator.gitlab.notes[0]!.body).toContain('Login crashes')
  })

  it('two builds: a status each, by its own name; one note with a row each', async () => {
    const result = await deploy(['app.apk', 'app.ipa'])
    expect(result.exitCode).toBe(0)
    const names = statuses().map(s => s.name)
    expect(new Set(names).size).toBe(2)
    expect(statuses().map(s => s.status)).toEqual(['success', 'success'])
    expect(emulator.gitlab.notes).toHaveLength(1)
    for (const name of names) expect(emulator.gitlab.notes[0]!.body).toContain(name)
  })

  it('a deployment that created no run never reads success', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(emulator, { ...pipeline(), SERVICE_API_KEY: KEYS.noTriggers }),
      cwd: workspace
    })
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toMatch(/no run/i)
    expect(statuses()).toHaveLength(1)
    expect(statuses()[0]!.status).toBe('failed')
    expect(statuses()[0]!.history).not.toContain('running')
  })

  it('a later step edits the same note; a stranger’s note with our marker is left alone', async () => {
    await deploy(['app.apk'])
    const ours = emulator.gitlab.notes[0]!
    const copied = {
      ...ours,
      id: ours.id + 100,
      author: PERSON,
      body: ours.body.replace(/passed/g, 'copied')
    }
    emulator.gitlab.notes.push(copied)
    const failing = run({ final: 'failed', bugs: [{ name: 'Crash on start', priority: 'high' }] })
    // The merge request's next commit: a new run, which fails.
    const next = 'b2c3d4e5b2c3d4e5b2c3d4e5b2c3d4e5b2c3d4e5'
    await deploy(['app.apk'], failing, {
      CI_COMMIT_SHA: next,
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: next
    })
    expect(emulator.gitlab.notes).toHaveLength(2)
    expect(ours.body).toContain('Crash on start')
    expect(copied.body).not.toContain('Crash on start')
  })

  it('on a branch: statuses, no note', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(emulator, pipeline(WRITE_TOKEN, false)),
      cwd: workspace
    })
    expect(result.exitCode).toBe(0)
    expect(statuses().map(s => s.status)).toEqual(['success'])
    expect(emulator.gitlab.notes).toHaveLength(0)
  })
})

describe('a wait in a job of its own', () => {
  it('takes the names the deploy’s note gives its runs: the statuses bear them, and the note is the same one', async () => {
    const deployed = await runCli(
      ['deploy', '--file', 'app.apk', '--file', 'app.ipa', '--variables', run()],
      { env: cliEnv(emulator, pipeline()), cwd: workspace }
    )
    expect(deployed.exitCode).toBe(0)
    // The deploy did not wait: a note, no status (a status left running would hold the pipeline).
    expect(statuses()).toEqual([])
    expect(emulator.gitlab.notes).toHaveLength(1)
    const note = emulator.gitlab.notes[0]!
    const runIds = emulator.runs.map(r => r.id)
    const waited = await runCli(['wait', ...runIds.flatMap(id => ['--run-id', id])], {
      env: cliEnv(emulator, pipeline()),
      cwd: workspace
    })
    expect(waited.exitCode).toBe(0)
    const names = statuses()
      .map(s => s.name)
      .sort()
    expect(names).toEqual([
      'Mobile tests (Android: com.example.inspect)',
      'Mobile tests (iOS: com.example.written)'
    ])
    expect(statuses().map(s => s.status)).toEqual(['success', 'success'])
    expect(emulator.gitlab.notes).toEqual([note])
    expect(note.body).toMatch(/✅ passed/)
  })
})

describe('a token GitLab refuses', () => {
  it.each([
    ['the job token', JOB_TOKEN],
    ['a read-only token', READ_ONLY_TOKEN]
  ])(
    '%s: the step deploys anyway, says which token to make, shows no token',
    async (_name, token) => {
      const result = await deploy(['app.apk'], run(), { GITLAB_TOKEN: token })
      expect(result.exitCode).toBe(0)
      expect(result.stderr).toMatch(/could not be written on GitLab/)
      expect(result.stderr).toMatch(/access token with the api scope/)
      expect(result.stderr).not.toContain(token)
      expect(statuses()).toHaveLength(0)
    }
  )
})

describe('refused before any request', () => {
  it('a token outside a GitLab pipeline, and an API that is not https', async () => {
    const outside = await runCli(['deploy', '--file', 'app.apk', '--wait'], {
      env: cliEnv(emulator, { GITLAB_TOKEN: WRITE_TOKEN }),
      cwd: workspace
    })
    expect(outside.exitCode).toBe(2)
    expect(outside.stderr).toMatch(/GITLAB_TOKEN.*outside a GitLab pipeline/)
    const plain = await deploy(['app.apk'], run(), {
      CI_API_V4_URL: 'http://gitlab.example.com/api/v4'
    })
    expect(plain.exitCode).toBe(2)
    expect(plain.stderr).toMatch(/not https/)
    expect(emulator.requests).toHaveLength(0)
    expect(emulator.gitlab.requests).toHaveLength(0)
  })
})

describe('the library', () => {
  it('writes the status of a wait for a run, by its token and the pipeline’s variables', async () => {
    const deployed = await deploy(['app.apk'])
    expect(deployed.exitCode).toBe(0)
    emulator.gitlab.statuses.length = 0
    const saved = { ...process.env }
    Object.assign(process.env, pipeline())
    try {
      const runId = emulator.runs[0]!.id
      const result = await waitForVerdict({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        runId,
        gitlabToken: WRITE_TOKEN
      })
      expect(result.conclusion).toBe('success')
    } finally {
      process.env = saved
    }
    expect(statuses().map(s => s.status)).toEqual(['success'])
  })
})

describe('skip', () => {
  it('writes skipped under the names a deploy gives, never over a status of that name', async () => {
    const deployed = await deploy(['app.apk'])
    expect(deployed.exitCode).toBe(0)
    const name = statuses()[0]!.name
    const sent = emulator.requests.length
    const skip = (extra: string[] = []) =>
      runCli(['skip', '--expected-app-id', 'android:com.example.inspect', ...extra], {
        env: cliEnv(emulator, pipeline()),
        cwd: workspace
      })
    const over = await skip()
    expect(over.exitCode).toBe(0)
    expect(over.stderr).toMatch(/already on commit .*success.*wrote nothing over it/)
    expect(statuses().map(s => s.status)).toEqual(['success'])
    emulator.gitlab.statuses.length = 0
    const written = await skip(['--skip-reason', 'only the docs changed'])
    expect(written.exitCode).toBe(0)
    expect(statuses()).toEqual([
      expect.objectContaining({ name, status: 'skipped', pipeline_id: 4242 })
    ])
    // Nothing of a skip goes to the service.
    expect(emulator.requests).toHaveLength(sent)
  })
})

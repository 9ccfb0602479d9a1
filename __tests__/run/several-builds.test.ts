/**
 * Two platforms from one commit, as a mobile team ships them: an Android job
 * and an iOS job on one pull-request head, each with its own check run and
 * comment, so that a later pass never hides an earlier failure where GitHub
 * shows it; and both builds in one step (the action's multi-line file, the
 * CLI's repeated --file, the library's list), each read and checked before
 * any request, sent under its own destination, notified with its own path,
 * judged on its own, and the step's exit code the most severe of theirs.
 * Several builds of one app in one step (an APK beside its AAB) are named
 * apart before the first request; a deploy of several builds hands over
 * `runIds` for a wait of its own; report-later goes only where its verdict
 * can arrive.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import { READ_ONLY_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { clock } from '../../src/core/shared/clock.js'
import { EXIT } from '../../src/cli/args.js'
import { deployBuild, waitForVerdict } from '../../src/index.js'
import { carriesMarker } from '../../src/core/report/comment.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import {
  DEMO_API_KEY,
  expectFailure,
  freshWorkspace,
  step,
  writeArtifact
} from '../helpers/harness.js'
import { junitSuite } from '../helpers/junit.js'
import { render } from '../helpers/markdown.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
let workspace: string
let ahead = 0
let restoreClock: () => void
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
  await writeArtifact('app.ipa', 64 * 1024, workspace)
  await writeArtifact('app.aab', 64 * 1024, workspace)
  // The emulated runs move on by the product's clock, and a test moves them further by `ahead`.
  restoreClock = useEmulatorClock(() => clock.now() + ahead)
})
afterAll(async () => {
  restoreClock()
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
  ahead = 0
})

const ANDROID = 'Mobile tests (Android: com.example.inspect, staging)'
const IOS = 'Mobile tests (iOS: com.example.written, staging)'
/** The run of the APK finds a blocking bug; the IPA's passes. */
const JUDGED_APART = run({
  byBuild: {
    apk: { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
    ipa: { final: 'passed' }
  }
})

/** The newest check run of each name on the commit: what GitHub shows, and what a required check reads. */
function shownChecks(sha: string): Record<string, string | null> {
  const shown: Record<string, string | null> = {}
  for (const check of [...emulator.github.checkRuns].reverse())
    if (check.head_sha === sha && !(check.name in shown)) shown[check.name] = check.conclusion
  return shown
}

describe('two jobs, one pull-request head', () => {
  it('an Android job that fails and an iOS job that passes: GitHub shows both, the failure stays', async () => {
    const job = (file: string) =>
      step(
        emulator,
        {
          file,
          'name-prefix': 'myapp',
          environment: 'staging',
          wait: 'true',
          variables: JUDGED_APART
        },
        { workspace, env, ...pullRequest(HEAD) }
      )
    const android = await job('app.apk')
    const ios = await job('app.ipa')
    // The action fails its step with 1 whatever the cause; the CLI's codes tell causes apart.
    expect([android.exitCode, ios.exitCode]).toEqual([1, 0])
    expect(shownChecks(HEAD)).toEqual({ [ANDROID]: 'failure', [IOS]: 'success' })
    // A comment each, found again by its own marker, each saying its own verdict.
    const comments = emulator.github.comments
    expect(comments).toHaveLength(2)
    const android$ = comments.find(c => carriesMarker(c.body, [ANDROID]))!
    const ios$ = comments.find(c => carriesMarker(c.body, [IOS]))!
    expect(android$.body).toMatch(/❌ failed \(blocking bugs\)/)
    expect(ios$.body).toMatch(/✅ passed/)
    // The summary and the JUnit suite name the deployment too.
    expect(render(android.summary).codes).toContain(ANDROID)
    expect(JSON.parse(ios.outputs.deployments!)).toEqual([
      expect.objectContaining({ name: IOS, platform: 'ios', verdict: 'passed' })
    ])
  })

  it('two jobs that give one check-name: the later is told, naming the collision', async () => {
    const job = (file: string) =>
      step(
        emulator,
        { file, wait: 'true', 'check-name': 'Mobile tests', variables: run() },
        { workspace, env, ...pullRequest(HEAD) }
      )
    expect((await job('app.apk')).stdout).not.toMatch(/Check name shared/)
    const later = await job('app.ipa')
    expect(later.stdout).toMatch(
      /::warning title=Check name shared::Another deployment of this workflow run already has a check run named "Mobile tests" on commit feedfacefeed/
    )
  })
})

describe('two builds in one step', () => {
  const inputs = {
    file: 'app.apk\napp.ipa\n',
    'name-prefix': 'myapp',
    environment: 'staging',
    wait: 'true',
    variables: JUDGED_APART,
    'junit-report': 'junit.xml'
  }

  it('the action: each sent, notified and judged on its own; a check each, one comment, the most severe exit code', async () => {
    const result = await step(emulator, inputs, { workspace, env, ...pullRequest(HEAD) })
    expect(result.exitCode).toBe(1)
    expect([...emulator.objects.keys()].sort()).toEqual([
      'team_demo/myapp-staging.apk',
      'team_demo/myapp-staging.ipa'
    ])
    // Each notification carries its own build's path.
    expect(emulator.runs.map(r => r.runInputPath).sort()).toEqual([
      'myapp-staging.apk',
      'myapp-staging.ipa'
    ])
    expect(shownChecks(HEAD)).toEqual({ [ANDROID]: 'failure', [IOS]: 'success' })
    const [comment] = emulator.github.comments
    expect(emulator.github.comments).toHaveLength(1)
    expect(carriesMarker(comment!.body, [ANDROID, IOS])).toBe(true)
    const rows = render(comment!.body).html.match(/<tr>/g) ?? []
    // The header and a row per build, then the Android build's blocking bug.
    expect(rows.length).toBeGreaterThanOrEqual(3)
    // The scalar outputs are no build's alone: the most severe outcome and verdict, and every build's in deployments.
    const { deployments, ...scalars } = result.outputs
    const runs = emulator.runs.map(r => r.id)
    // Both builds went to the staging environment: the one they share is the step's.
    expect(scalars).toEqual({
      outcome: 'success',
      verdict: 'failed',
      runIds: expect.any(String),
      environmentId: 'env_staging',
      environmentIds: 'env_staging'
    })
    // Every run of the step, in build order: what a wait of its own takes.
    expect(scalars.runIds!.split(' ').sort()).toEqual([...runs].sort())
    expect(JSON.parse(deployments!)).toEqual([
      expect.objectContaining({ name: ANDROID, verdict: 'failed', cause: 'run-failed' }),
      expect.objectContaining({ name: IOS, verdict: 'passed', cause: 'success' })
    ])
    // One JUnit suite per build, named after it.
    const xml = await readFile(join(workspace, 'junit.xml'), 'utf8')
    expect(junitSuite(xml, 0).name).toBe(ANDROID)
    expect(junitSuite(xml, 1).name).toBe(IOS)
  })

  it('the CLI: --file repeated, the same facts in --json', async () => {
    const result = await runCli(
      [
        'deploy',
        '--file',
        'app.apk',
        '--file',
        'app.ipa',
        '--name-prefix',
        'myapp',
        '--environment',
        'staging',
        '--wait',
        '--variables',
        JUDGED_APART,
        '--json'
      ],
      { env: cliEnv(emulator, { GITLAB_CI: 'true', CI_COMMIT_BRANCH: 'main' }), cwd: workspace }
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    const json = JSON.parse(result.stdout) as { deployments: { name: string; verdict: string }[] }
    expect(json.deployments.map(d => [d.name, d.verdict])).toEqual([
      [ANDROID, 'failed'],
      [IOS, 'passed']
    ])
  })

  it('the library: a list of files', async () => {
    const result = await deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: ['app.apk', 'app.ipa'],
      namePrefix: 'myapp',
      environment: 'staging',
      wait: true,
      variables: JUDGED_APART,
      workingDirectory: workspace,
      git: { branch: 'main' }
    })
    expect([result.conclusion, result.cause]).toEqual(['failure', 'run-failed'])
    expect(result.deployments?.map(d => d.platform)).toEqual(['android', 'ios'])
  })

  it('a broken build among them: refused, and no request at all for any', async () => {
    await writeFile(join(workspace, 'broken.ipa'), 'not an archive')
    const result = await step(
      emulator,
      { ...inputs, file: 'app.apk\nbroken.ipa' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(/::error title=Invalid input::.*broken\.ipa/)
    expect(emulator.requests).toEqual([])
  })

  it('two builds that would share a destination: refused before any request, naming both', async () => {
    await writeArtifact('flavor/app.apk', 64 * 1024, workspace)
    const result = await step(
      emulator,
      { ...inputs, file: 'app.apk\nflavor/app.apk' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(
      /::error title=Invalid input::.*would both go to "myapp-staging\.apk"/
    )
    expect(emulator.requests).toEqual([])
  })

  it('an expected app id per platform, each build held to its own', async () => {
    const wrong = await step(
      emulator,
      { ...inputs, 'expected-app-id': 'android:com.example.inspect ios:com.example.other' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(wrong.exitCode).toBe(1)
    expect(wrong.stdout).toMatch(
      /"com\.example\.other" for iOS, but "app\.ipa" is the build of "com\.example\.written"/
    )
    expect(emulator.requests).toEqual([])
    const right = await step(
      emulator,
      { ...inputs, 'expected-app-id': 'android:com.example.inspect, ios:com.example.written' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(right.exitCode).toBe(1)
    expect(JSON.parse(right.outputs.deployments!)).toHaveLength(2)
  })

  it('a failed upload of one build never notifies for it; the other goes on and is reported', async () => {
    emulator.faults.add({ route: 'upload', status: 403, times: 1 })
    const result = await step(
      emulator,
      { ...inputs, variables: run(), 'max-attempts': '1' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    const entries = JSON.parse(result.outputs.deployments!) as {
      outcome: string
      verdict?: string
    }[]
    expect(entries.map(e => e.outcome).sort()).toEqual(['aborted', 'success'])
    // One run only: the one whose build reached the store.
    expect(emulator.runs).toHaveLength(1)
    const sent = entries.find(e => e.outcome === 'success')!
    expect(sent.verdict).toBe('passed')
  })

  it('a dry run covers every build', async () => {
    const result = await step(
      emulator,
      { ...inputs, 'dry-run': 'true' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(EXIT.success)
    expect(result.stdout).toMatch(/Would upload "app\.apk" .* to "myapp-staging\.apk"/)
    expect(result.stdout).toMatch(/Would upload "app\.ipa" .* to "myapp-staging\.ipa"/)
    expect(emulator.runs).toEqual([])
    expect(emulator.objects.size).toBe(0)
  })
})

const APK = 'Mobile tests (Android: com.example.inspect, staging, app.apk)'
const AAB = 'Mobile tests (Android: com.example.inspect, staging, app.aab)'
/** The APK's run finds a blocking bug; the AAB's passes. */
const APK_FAILS_AAB_PASSES = {
  byBuild: {
    apk: { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
    aab: { final: 'passed' }
  }
}

const bothBuilds = {
  file: 'app.apk\napp.aab',
  'name-prefix': 'android:myapp',
  environment: 'android:staging',
  // An APK and an AAB of one prefix and environment go to two destinations: their extensions differ.
  'junit-report': 'junit.xml'
}

describe('an APK beside its AAB, waiting', () => {
  it('two names told apart by the file, two check runs, two rows, two suites: the failure shows', async () => {
    const result = await step(
      emulator,
      { ...bothBuilds, wait: 'true', variables: run(APK_FAILS_AAB_PASSES) },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    expect(shownChecks(HEAD)).toEqual({ [APK]: 'failure', [AAB]: 'success' })
    expect(emulator.github.comments).toHaveLength(1)
    const comment = emulator.github.comments[0]!.body
    expect(carriesMarker(comment, [APK, AAB])).toBe(true)
    expect(comment).toMatch(/❌ failed \(blocking bugs\)/)
    expect(comment).toMatch(/✅ passed/)
    expect(JSON.parse(result.outputs.deployments!).map((d: { name: string }) => d.name)).toEqual([
      APK,
      AAB
    ])
    const junit = await readFile(join(workspace, 'junit.xml'), 'utf8')
    expect([junitSuite(junit, 0), junitSuite(junit, 1)]).toEqual([
      expect.objectContaining({ name: APK, failures: 2 }),
      expect.objectContaining({ name: AAB, failures: 0 })
    ])
    // No warning of a shared name: the names were told apart in the step, not by reading GitHub.
    expect(result.stdout).not.toMatch(/Check name shared/)
  })

  it('each log line names its build; each created run is named with its build', async () => {
    const result = await step(
      emulator,
      { ...bothBuilds, variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(0)
    const runOf = (ext: string) => emulator.runs.find(r => r.runInputPath?.endsWith(ext))!.id
    const lines = result.stdout.split('\n')
    const created = lines.filter(line => / created on environment /.test(line))
    expect(created).toEqual([
      expect.stringMatching(new RegExp(`^\\[android app\\.(apk|aab)\\] Run run_`)),
      expect.stringMatching(new RegExp(`^\\[android app\\.(apk|aab)\\] Run run_`))
    ])
    expect(created.find(line => line.startsWith('[android app.apk]'))).toContain(runOf('.apk'))
    expect(created.find(line => line.startsWith('[android app.aab]'))).toContain(runOf('.aab'))
    // No group of one build holds another's lines: with several builds no build opens a group.
    expect(lines.filter(line => line.startsWith('::group::'))).toEqual([])
    for (const line of lines.filter(line => /^(Upload|Signed URL|SHA-256)/.test(line)))
      throw new Error(`a build's line without its label: ${line}`)
  })
})

describe('an APK beside its AAB, reported later and collected', () => {
  const collect = () =>
    step(
      emulator,
      { collect: 'true' },
      {
        env,
        eventName: 'schedule',
        ref: 'refs/heads/main',
        sha: '9999999999999999999999999999999999999999',
        event: { schedule: '*/10 * * * *' }
      }
    )

  it('both checks pending with a neutral mark; the collect completes each with its own verdict, the failure shown', async () => {
    const hour = 60 * 60 * 1000
    const deployed = await step(
      emulator,
      {
        ...bothBuilds,
        'report-later': 'true',
        variables: run({
          initializingMs: hour / 2,
          underReviewMs: hour / 2,
          ...APK_FAILS_AAB_PASSES
        })
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    expect(shownChecks(HEAD)).toEqual({ [APK]: null, [AAB]: null })
    const pending = emulator.github.comments[0]!.body
    expect(pending).toMatch(/⏳ pending/)
    expect(pending).not.toMatch(/✅/)
    expect(deployed.summary).not.toMatch(/✅|\bsuccess\b|\bpassed\b/)
    ahead = 2 * hour
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(shownChecks(HEAD)).toEqual({ [APK]: 'failure', [AAB]: 'success' })
    expect(emulator.github.comments).toHaveLength(1)
    const comment = emulator.github.comments[0]!.body
    expect(carriesMarker(comment, [APK, AAB])).toBe(true)
    expect(comment).toMatch(/❌ failed \(blocking bugs\)/)
    expect(comment).toMatch(/Checkout crashes/)
  })
})

describe('two builds deployed, then a wait of their own', () => {
  it('the CLI: deploy hands runIds over in its shell file; wait --run-id "$runIds" judges both, the exit code the failure', async () => {
    const deployed = await runCli(
      [
        'deploy',
        '--file',
        'app.apk',
        '--file',
        'app.ipa',
        '--variables',
        JUDGED_APART,
        '--output-env',
        'deploy.sh',
        '--output-env-format',
        'shell'
      ],
      { env: cliEnv(emulator), cwd: workspace }
    )
    expect(deployed.exitCode).toBe(EXIT.success)
    // As a later CI step reads it: the file sourced by the shell.
    const runIds = execFileSync(
      'bash',
      ['-c', 'source "$1"; printf %s "$runIds"', '-', join(workspace, 'deploy.sh')],
      {
        encoding: 'utf8'
      }
    )
    expect(runIds.split(' ').sort()).toEqual(emulator.runs.map(r => r.id).sort())
    const waited = await runCli(['wait', '--run-id', runIds, '--json'], {
      env: { ...cliEnv(emulator), MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' },
      cwd: workspace
    })
    expect(waited.exitCode).toBe(EXIT['run-failed'])
    const result = JSON.parse(waited.stdout)
    expect(result.runIds).toBe(runIds)
    expect(result.deployments.map((d: { verdict: string }) => d.verdict).sort()).toEqual([
      'failed',
      'passed'
    ])
    // The flag may repeat as well.
    const repeated = await runCli(
      ['wait', ...runIds.split(' ').flatMap(id => ['--run-id', id]), '--json'],
      { env: { ...cliEnv(emulator), MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }, cwd: workspace }
    )
    expect(JSON.parse(repeated.stdout).runIds).toBe(runIds)
  })

  it('the action: run-id with two runs gives a check run each and one comment with a row each; the failure fails the step', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk\napp.ipa', variables: JUDGED_APART },
      { workspace, env, ...pullRequest(HEAD) }
    )
    const runIds = deployed.outputs.runIds!
    expect(runIds.split(' ')).toHaveLength(2)
    const waited = await step(emulator, { 'run-id': runIds }, { env, ...pullRequest(HEAD) })
    expect(waited.exitCode).toBe(1)
    const checks = emulator.github.checkRuns.filter(c => c.head_sha === HEAD)
    expect(checks.map(c => c.conclusion).sort()).toEqual(['failure', 'success'])
    expect(new Set(checks.map(c => c.name)).size).toBe(2)
    expect(emulator.github.comments).toHaveLength(1)
    const body = emulator.github.comments[0]!.body
    for (const id of runIds.split(' ')) expect(body).toContain(id)
    expect(waited.outputs.runIds).toBe(runIds)
    expect(waited.outputs.verdict).toBe('failed')
  })

  it('the library: runId takes a list', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk\napp.ipa', variables: JUDGED_APART },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    const result = await waitForVerdict({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      runId: deployed.outputs.runIds!.split(' '),
      pollIntervalSeconds: 1
    })
    expect(result).toMatchObject({ conclusion: 'failure', cause: 'run-failed', verdict: 'failed' })
    expect(result.deployments).toHaveLength(2)
  })
})

const later = { file: 'app.apk', 'report-later': 'true', variables: run() }

describe('refused before any request where no check run can carry the verdict', () => {
  it('the action with check: false', async () => {
    const result = await step(
      emulator,
      { ...later, check: 'false' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, "Input 'check' is false", 'report-later', 'nothing would ever bring it')
    expect(emulator.requests).toEqual([])
    expect(emulator.github.requests).toEqual([])
  })

  it('the action without a token', async () => {
    const result = await step(
      emulator,
      { ...later, 'github-token': '' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, "Input 'github-token' is empty", 'checks: write')
    expect(emulator.requests).toEqual([])
  })

  it('the CLI without a token or a repository, and the library alike', async () => {
    const cli = await runCli(
      ['deploy', '--file', 'app.apk', '--report-later', '--sha', 'a'.repeat(40)],
      {
        env: cliEnv(emulator),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(EXIT.usage)
    expect(cli.stderr).toMatch(
      /--github-token \(or GITHUB_TOKEN\) is empty, and --report-later writes the check run with it/
    )
    const library = await deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: 'app.apk',
      workingDirectory: workspace,
      reportLater: true,
      githubToken: 'ghs_x0123456789abcdef',
      git: { sha: 'a'.repeat(40) }
    })
    expect(library).toMatchObject({ outcome: 'aborted', cause: 'usage' })
    expect(library.reason).toMatch(/githubRepository/)
    expect(emulator.requests).toEqual([])
  })
})

describe('a check run that cannot be written fails the step, saying the verdict will not arrive', () => {
  it('a read-only token: the run exists, the step fails naming checks: write', async () => {
    const result = await step(
      emulator,
      { ...later, 'github-token': READ_ONLY_TOKEN },
      { workspace, env, ...pullRequest(HEAD) }
    )
    const error = expectFailure(result, 'checks: write', 'will not reach')
    expect(error).toContain(result.outputs.runId!)
    expect(result.outputs.outcome).toBe('success')
    expect(result.stdout).not.toMatch(/The verdict is in the job summary and the outputs/)
  })

  it('GitHub unreachable: the step fails, saying so', async () => {
    const result = await step(emulator, later, {
      workspace,
      env: { ...env, GITHUB_API_URL: 'http://127.0.0.1:9' },
      ...pullRequest(HEAD)
    })
    expectFailure(result, 'GitHub check run could not be written', 'will not reach')
    expect(result.stdout).not.toMatch(/The verdict is in the job summary and the outputs/)
  })
})

describe('a step of many builds', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => `many/app-${String(i).padStart(2, '0')}.apk`)

  it('25 builds on a pull request: each deployed and judged, one comment of 25 rows, every run handed over; a wait takes them all', async () => {
    const files = many(25)
    for (const file of files) await writeArtifact(file, 8 * 1024, workspace)
    const warnings: string[] = []
    const listening = (warning: Error) => warnings.push(warning.name)
    process.on('warning', listening)
    const deployed = await step(
      emulator,
      // Each build under its own file name: one name prefix would give builds of one type one destination.
      { file: files.join('\n'), variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    ).finally(() => process.off('warning', listening))
    expect(deployed.exitCode).toBe(0)
    expect(emulator.runs).toHaveLength(25)
    const runIds = deployed.outputs.runIds!.split(' ')
    expect(runIds).toHaveLength(25)
    expect(JSON.parse(deployed.outputs.deployments!)).toHaveLength(25)
    expect(emulator.github.comments).toHaveLength(1)
    const rows = render(emulator.github.comments[0]!.body).html.match(/<tr>/g) ?? []
    expect(rows).toHaveLength(26)
    expect(warnings).not.toContain('MaxListenersExceededWarning')
    // The deploy's own runIds, whatever their number, are what a wait of its own takes.
    const waited = await step(
      emulator,
      { 'run-id': deployed.outputs.runIds! },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(waited.exitCode).toBe(0)
    expect(JSON.parse(waited.outputs.deployments!)).toHaveLength(25)
    expect(new Set(emulator.github.checkRuns.map(check => check.name)).size).toBe(25)
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body.match(/✅ passed/g)).toHaveLength(25)
  })

  it('65 builds, more than a step takes: refused before any request, naming the limit', async () => {
    const result = await step(
      emulator,
      { file: many(65).join('\n') },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, "Input 'file' names 65 builds, more than the 64 one step deploys")
    expect(emulator.requests).toHaveLength(0)
  })

  it('run ids of dots are no run ids: refused before any request', async () => {
    for (const runId of ['.', '..', 'run_1 ..'])
      expectFailure(await step(emulator, { 'run-id': runId }), "Input 'run-id'", 'is not a run id')
    expect(emulator.requests).toHaveLength(0)
  })
})

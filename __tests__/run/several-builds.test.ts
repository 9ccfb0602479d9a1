// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * Two platforms from one commit, as a mobile team ships them: an Android job
 * and an iOS job on one pull-request head, each with its own check run and
 * comment, so that a later pass never hides an earlier failure where GitHub
 * shows it; and both builds in one step (the action's multi-line file, the
 * CLI's repeated --file, the library's list), each read and checked before
 * any request, sent under its own destination, notified with its own path,
 * judged on its own, and the step's exit code the most severe of theirs.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { deployBuild } from '../../src/index.js'
import { carriesMarker } from '../../src/core/report/github.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { junitSuite } from '../helpers/junit.js'
import { render } from '../helpers/markdown.js'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
  await writeArtifact('app.ipa', 64 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

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
    expect(scalars).toEqual({ outcome: 'success', verdict: 'failed', runIds: expect.any(String) })
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

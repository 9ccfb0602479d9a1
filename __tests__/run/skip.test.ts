/**
 * A skip: the check runs a deploy would have written, completed as skipped
 * under exactly the deploy's names, never over a check run of that name
 * already on the commit, with no request to the service; in every front end.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { READ_ONLY_TOKEN, WRITE_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { skipDeployments } from '../../src/index.js'
import { EXIT } from '../../src/cli/args.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, HEAD2, pullRequest, run } from '../helpers/github-events.js'
import { freshWorkspace, step } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const FIXTURES = fileURLToPath(new URL('../fixtures/builds/', import.meta.url))
const BOTH = 'android:com.example.inspect ios:com.example.inspect'
const REASON = 'Only the docs changed.'

describe('skip', () => {
  let emulator: Emulator
  let workspace: string
  beforeAll(async () => {
    emulator = await startEmulator()
    workspace = await freshWorkspace()
    await copyFile(join(FIXTURES, 'android/release-v2v3.apk'), join(workspace, 'app.apk'))
    await copyFile(join(FIXTURES, 'ios/development.ipa'), join(workspace, 'app.ipa'))
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const skip = (inputs: Record<string, string>, head = HEAD) =>
    step(emulator, { skip: 'true', ...inputs }, { workspace, env, ...pullRequest(head) })
  const deploy = (inputs: Record<string, string>, head = HEAD) =>
    step(
      emulator,
      { file: 'app.apk\napp.ipa', wait: 'true', variables: run(), ...inputs },
      { workspace, env, ...pullRequest(head) }
    )
  const checksOn = (sha: string) => emulator.github.checkRuns.filter(c => c.head_sha === sha)

  it('writes a completed skipped check run under each name the deploy gives, and asks the service nothing', async () => {
    // The names a deploy of both builds gives, on another commit.
    expect((await deploy({ 'expected-app-id': BOTH }, HEAD2)).exitCode).toBe(0)
    const deployed = checksOn(HEAD2).map(c => c.name)
    expect(deployed).toHaveLength(2)
    const served = emulator.requests.length

    const result = await skip({ 'expected-app-id': BOTH, 'skip-reason': REASON })
    expect(result.exitCode).toBe(0)
    expect(emulator.requests).toHaveLength(served)
    const skipped = checksOn(HEAD)
    expect(skipped.map(c => c.name).sort()).toEqual([...deployed].sort())
    for (const check of skipped) {
      expect(check).toMatchObject({ status: 'completed', conclusion: 'skipped' })
      expect(check.output.title).toMatch(/^➖ skipped/)
      expect(check.output.summary).toContain(REASON)
      expect(JSON.stringify(check.output)).not.toMatch(/✅|passed|success/i)
    }
    expect(result.outputs.outcome).toBe('skipped')
    expect(result.summary).toContain(REASON)
    expect(result.summary).not.toMatch(/✅/)
  })

  it('writes nothing over a check run of that name already on the commit, a failed one included, and says so', async () => {
    const failed = await deploy({
      file: 'app.apk',
      'expected-app-id': BOTH,
      variables: run({ final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] })
    })
    expect(failed.exitCode).toBe(1)
    const before = checksOn(HEAD).map(c => ({ ...c, history: [...c.history] }))
    expect(before).toHaveLength(1)
    expect(before[0]!.conclusion).toBe('failure')

    const result = await skip({ 'expected-app-id': BOTH })
    expect(result.exitCode).toBe(0)
    const after = checksOn(HEAD)
    // The Android one stands as it was; the iOS one, which no deploy wrote, is skipped.
    expect(after).toHaveLength(2)
    expect(after[0]).toEqual(before[0])
    expect(after[1]).toMatchObject({ conclusion: 'skipped', name: expect.stringMatching(/iOS/) })
    expect(result.stdout).toMatch(
      /::notice title=Check run left as it is::A check run named .*Android: com\.example\.inspect.* is already on commit feedfacefeed \(completed: failure\): the skip wrote nothing over it/
    )
    expect(result.summary).toMatch(/already there \(completed: failure\)/)
  })

  it("names a check-name's runs as a deploy of both builds does, and a platform's alone", async () => {
    expect(
      (await skip({ 'expected-app-id': BOTH, 'check-name': 'E2E', environment: 'staging' }))
        .exitCode
    ).toBe(0)
    expect(checksOn(HEAD).map(c => c.name)).toEqual([
      'E2E (Android: com.example.inspect)',
      'E2E (iOS: com.example.inspect)'
    ])
    emulator.reset()
    await skip({ 'expected-app-id': 'com.example.inspect', platform: 'ios' })
    expect(checksOn(HEAD).map(c => c.name)).toEqual(['Mobile tests (iOS: com.example.inspect)'])
  })

  it.each([
    [{ file: 'app.apk' }, /'file' cannot be combined with skip: true/],
    [{ wait: 'true' }, /'wait' cannot be combined with skip: true/],
    [{ 'expected-app-id': 'com.example.inspect' }, /'expected-app-id' names one app id.*platform/],
    [{ platform: 'android' }, /'expected-app-id' is empty/],
    [{}, /'expected-app-id' is empty.*or the deploy's check-name/],
    [{ 'check-name': 'x'.repeat(101), 'expected-app-id': BOTH }, /'check-name' is 101 characters/],
    [{ 'expected-app-id': 'android:com.example.inspect', platform: 'ios' }, /'platform' is ios/],
    [
      { 'expected-app-id': BOTH, check: 'false' },
      /'check' is false with skip: true, which writes nothing but check runs.*Leave check out/
    ]
  ])('refuses %j before any request, naming the input', async (inputs, said) => {
    const result = await skip(inputs)
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(said)
    expect(emulator.requests).toEqual([])
    expect(emulator.github.checkRuns).toEqual([])
  })

  it('with a read-only token: fails, naming checks: write', async () => {
    const result = await skip({ 'expected-app-id': BOTH, 'github-token': READ_ONLY_TOKEN })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(/the token needs checks: write/)
    expect(emulator.github.checkRuns).toEqual([])
  })

  it('the CLI and the library: the same check runs, on the commit and repository given', async () => {
    const cli = await runCli(
      [
        'skip',
        '--json',
        '--expected-app-id',
        BOTH,
        '--github-repository',
        'octo-org/octo-app',
        '--sha',
        HEAD2,
        '--skip-reason',
        REASON
      ],
      {
        env: cliEnv(emulator, { GITHUB_API_URL: emulator.github.url, GITHUB_TOKEN: WRITE_TOKEN }),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(0)
    const json = JSON.parse(cli.stdout) as { deployments: { name: string; outcome: string }[] }
    expect(json.deployments.map(d => d.outcome)).toEqual(['skipped', 'skipped'])
    expect(checksOn(HEAD2).map(c => c.name)).toEqual(json.deployments.map(d => d.name))

    process.env.GITHUB_API_URL = emulator.github.url
    try {
      const result = await skipDeployments({
        githubToken: WRITE_TOKEN,
        githubRepository: 'octo-org/octo-app',
        git: { sha: HEAD },
        expectedAppId: BOTH
      })
      expect(result).toMatchObject({ conclusion: 'success', outcome: 'skipped' })
      expect(checksOn(HEAD).map(c => c.conclusion)).toEqual(['skipped', 'skipped'])
      // Again: both are there now, so nothing is written.
      const again = await skipDeployments({
        githubToken: WRITE_TOKEN,
        githubRepository: 'octo-org/octo-app',
        git: { sha: HEAD },
        expectedAppId: BOTH
      })
      expect(again.conclusion).toBe('success')
      expect(checksOn(HEAD)).toHaveLength(2)
    } finally {
      delete process.env.GITHUB_API_URL
    }
    expect(emulator.requests).toEqual([])

    const noToken = await runCli(
      ['skip', '--expected-app-id', BOTH, '--github-repository', 'o/r', '--sha', HEAD],
      { env: cliEnv(emulator, { GITHUB_API_URL: emulator.github.url }), cwd: workspace }
    )
    expect(noToken.exitCode).toBe(EXIT.usage)
    expect(noToken.stderr).toMatch(
      /--github-token \(or GITHUB_TOKEN\) is empty, and the skip command writes/
    )

    // The action's way out (its check-name) is no CLI flag, and the library has no such option: neither is told it.
    const unnamed = await runCli(['skip', '--github-repository', 'o/r', '--sha', HEAD], {
      env: cliEnv(emulator, { GITHUB_API_URL: emulator.github.url }),
      cwd: workspace
    })
    expect(unnamed.exitCode).toBe(EXIT.usage)
    expect(unnamed.stderr).toMatch(
      /Flag --expected-app-id is empty, .*Give --expected-app-id as the deploy does \(android:<app id>, one per platform for a step of both\)$/m
    )
    const refused = await skipDeployments({ githubRepository: 'o/r', git: { sha: HEAD } }).then(
      result => JSON.stringify(result),
      (error: Error) => error.message
    )
    expect(refused).toMatch(
      /Option 'expectedAppId' is empty, .*one per platform for a step of both\)/
    )
    expect(refused).not.toMatch(/check-?name/i)
  })
})

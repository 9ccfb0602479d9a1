/**
 * Before anything is sent: the build read and checked by every front end, and the dry run that
 * checks everything else.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import {
  viaAction,
  viaCli,
  viaLibrary,
  type Situation,
  type Outcome
} from '../helpers/front-ends.js'
import { freshWorkspace, step, writeArtifact, type Built } from '../helpers/harness.js'
import { junitProblems } from '../helpers/junit.js'
import { INVISIBLE, markupProblems, render } from '../helpers/markdown.js'
import { testWorkspaces } from '../helpers/workspaces.js'
import { writeZip } from '../../emulator/zip-writer.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

/**
 * Every front end reads the build before its first request: a broken build,
 * another app's or another platform's is refused as bad usage with no request
 * made, and a real APK, App Bundle and IPA hand over which app and version
 * were sent, in the outputs, the summary, the check run, the comment and the
 * JUnit report, with the build's own values sanitized.
 */
describe('the build, read before anything is sent', () => {
  const FIXTURES = fileURLToPath(new URL('../fixtures/builds/', import.meta.url))
  const fixture = (path: string): string => join(FIXTURES, path)

  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const FRONT_ENDS = [
    ['the action', viaAction, 1],
    ['the CLI', viaCli, EXIT.usage],
    ['the library', viaLibrary, 1]
  ] as const

  /** What aapt2 read from an Android fixture (its `*.badging.txt` beside it). */
  async function badging(name: string): Promise<Record<string, string>> {
    const text = await readFile(fixture(`android/${name}.badging.txt`), 'utf8')
    const field = (key: string): string => new RegExp(`${key}='([^']*)'`).exec(text)![1]!
    return {
      platform: 'android',
      appId: field('name'),
      appVersion: field('versionName'),
      buildNumber: field('versionCode')
    }
  }

  /** A workspace holding `bytes` (or a fixture's copy) under `name`. */
  async function workspaceWith(
    name: string,
    content: Buffer | { fixture: string }
  ): Promise<string> {
    const workspace = await freshWorkspace()
    if (Buffer.isBuffer(content)) await writeFile(join(workspace, name), content)
    else await copyFile(fixture(content.fixture), join(workspace, name))
    return workspace
  }

  const BROKEN: [string, string, () => Promise<string>, RegExp][] = [
    [
      'an HTML page named .apk',
      'app.apk',
      () =>
        workspaceWith(
          'app.apk',
          Buffer.from('<!DOCTYPE html><html><body>404 Not Found</body></html>\n'.repeat(40))
        ),
      /HTML/
    ],
    [
      'a truncated .ipa',
      'app.ipa',
      async () => {
        const whole = await readFile(fixture('ios/adhoc.ipa'))
        return workspaceWith('app.ipa', whole.subarray(0, Math.floor(whole.length / 2)))
      },
      /cut short|end of (its )?central directory|truncated/i
    ],
    ['an empty .aab', 'app.aab', () => workspaceWith('app.aab', Buffer.alloc(0)), /empty|0 bytes/i],
    [
      'a zip that holds the APK',
      'app.apk',
      async () => {
        const workspace = await freshWorkspace()
        await writeZip(join(workspace, 'app.apk'), {
          entries: [{ name: 'app-release.apk', data: await readFile(fixture('android/debug.apk')) }]
        })
        return workspace
      },
      /a zip holding/i
    ]
  ]

  describe('a broken build is refused before any request, in every front end', () => {
    it.each(BROKEN)('%s', async (_title, name, make, found) => {
      const workspace = await make()
      const situation: Situation = { command: 'deploy', options: { file: name } }
      for (const [, via, exitCode] of FRONT_ENDS) {
        emulator.reset()
        const outcome = await via(emulator, situation, workspace)
        expect(outcome.exitCode).toBe(exitCode)
        expect(outcome.outputs.outcome).toBe('aborted')
        expect(outcome.text).toContain(name)
        expect(outcome.text).toMatch(found)
        expect(outcome.outputs.appId).toBeUndefined()
        expect(emulator.requests).toEqual([])
      }
    })
  })

  describe('what the pipeline expects', () => {
    const cases: [string, Situation['options'], RegExp][] = [
      [
        'another app',
        { expectedAppId: 'com.example.other' },
        /com\.example\.other.*com\.example\.inspect/
      ],
      ['the other platform', { platform: 'ios' }, /ios.*Android/]
    ]
    it.each(cases)(
      'refuses a build of %s before any request, naming both',
      async (_t, options, said) => {
        const workspace = await workspaceWith('app.apk', { fixture: 'android/release-v2v3.apk' })
        for (const [, via, exitCode] of FRONT_ENDS) {
          emulator.reset()
          const outcome = await via(
            emulator,
            { command: 'deploy', options: { file: 'app.apk', ...options } },
            workspace
          )
          expect(outcome.exitCode).toBe(exitCode)
          expect(outcome.outputs.outcome).toBe('aborted')
          expect(outcome.text).toMatch(said)
          expect(emulator.requests).toEqual([])
        }
      }
    )

    it('lets the expected app and platform through', async () => {
      const workspace = await workspaceWith('app.apk', { fixture: 'android/release-v2v3.apk' })
      const expected = await badging('release-v2v3')
      for (const [, via] of FRONT_ENDS) {
        emulator.reset()
        const outcome = await via(
          emulator,
          {
            command: 'deploy',
            options: { file: 'app.apk', expectedAppId: expected.appId!, platform: 'android' }
          },
          workspace
        )
        expect(outcome.exitCode).toBe(0)
        expect(outcome.outputs.outcome).toBe('success')
      }
    })
  })

  /**
   * What the service's devices can install: real builds of each shape (native code for one ABI,
   * for two, none; an App Bundle; an IPA and a simulator's .app) against required-abis and
   * required-target, in every front end, before any request.
   */
  describe('what the service can install', () => {
    const refused: [string, string, string, Situation['options'], RegExp[]][] = [
      [
        'an APK with armeabi-v7a code only, arm64-v8a required',
        'app.apk',
        'android/release-v1.apk',
        { requiredAbis: 'arm64-v8a' },
        [/"armeabi-v7a" only/, /abiFilters/, /universal APK/, /app\.apk/]
      ],
      [
        'an App Bundle without x86_64, x86_64 and arm64-v8a required',
        'app.aab',
        'android/bundle.aab',
        { requiredAbis: 'x86_64, arm64-v8a' },
        [/"arm64-v8a", "armeabi-v7a" only/, /native code for x86_64:/, /abiFilters/]
      ],
      [
        "a simulator's build, devices required",
        'app.zip',
        'ios/simulator.zip',
        { requiredTarget: 'device' },
        [/built for the simulator/, /\.ipa/]
      ],
      [
        "a device's IPA, the simulator required",
        'app.ipa',
        'ios/development.ipa',
        { requiredTarget: 'simulator' },
        [/built for devices/, /iphonesimulator/]
      ]
    ]
    it.each(refused)(
      'refuses %s before any request, naming the build, what it has and the fix',
      async (_t, name, build, options, said) => {
        const workspace = await workspaceWith(name, { fixture: build })
        for (const [, via, exitCode] of FRONT_ENDS) {
          emulator.reset()
          const outcome = await via(
            emulator,
            { command: 'deploy', options: { file: name, ...options } },
            workspace
          )
          expect(outcome.exitCode).toBe(exitCode)
          expect(outcome.outputs.outcome).toBe('aborted')
          for (const words of said) expect(outcome.text).toMatch(words)
          expect(outcome.text).toMatch(/required-abis|requiredAbis|required-target|requiredTarget/)
          expect(emulator.requests).toEqual([])
        }
      }
    )

    const passed: [string, string, string, Situation['options']][] = [
      [
        'an APK with both ABIs required',
        'app.apk',
        'android/release-v2v3.apk',
        { requiredAbis: 'arm64-v8a x86_64' }
      ],
      [
        'an APK without native code',
        'app.apk',
        'android/release-unsigned.apk',
        { requiredAbis: 'arm64-v8a' }
      ],
      [
        'an IPA for devices, ABIs and devices required',
        'app.ipa',
        'ios/development.ipa',
        { requiredAbis: 'arm64-v8a', requiredTarget: 'device' }
      ],
      [
        "an APK, the simulator required (iOS builds' only)",
        'app.apk',
        'android/release-v1.apk',
        { requiredTarget: 'simulator' }
      ]
    ]
    it.each(passed)('lets %s through', async (_t, name, build, options) => {
      const workspace = await workspaceWith(name, { fixture: build })
      for (const [, via] of FRONT_ENDS) {
        emulator.reset()
        const outcome = await via(
          emulator,
          { command: 'deploy', options: { file: name, ...options } },
          workspace
        )
        expect(outcome.exitCode).toBe(0)
        expect(outcome.outputs.outcome).toBe('success')
      }
    })

    it('refuses an ABI no NDK builds for, and a target that is neither, before reading the build', async () => {
      const workspace = await workspaceWith('app.apk', { fixture: 'android/release-v2v3.apk' })
      for (const [options, said] of [
        [{ requiredAbis: 'arm64' }, /"arm64" is not an Android ABI.*arm64-v8a/s],
        [{ requiredTarget: 'phone' }, /"phone" is not a target.*device or simulator/s]
      ] as const)
        for (const [, via, exitCode] of FRONT_ENDS) {
          emulator.reset()
          const outcome = await via(
            emulator,
            { command: 'deploy', options: { file: 'app.apk', ...options } },
            workspace
          )
          expect(outcome.exitCode).toBe(exitCode)
          expect(outcome.text).toMatch(said)
          expect(emulator.requests).toEqual([])
        }
    })
  })

  describe('the outputs say which app and version were sent', () => {
    const builds: [string, string, () => Promise<Record<string, string>>][] = [
      ['a signed APK', 'android/release-v2v3.apk', () => badging('release-v2v3')],
      ['an App Bundle', 'android/bundle.aab', () => badging('bundle')],
      // script/make-build-fixtures.sh: `ipa adhoc bin 2.3.1 231 …`, bundle id com.example.inspect.
      [
        'an IPA',
        'ios/adhoc.ipa',
        async () => ({
          platform: 'ios',
          appId: 'com.example.inspect',
          appVersion: '2.3.1',
          buildNumber: '231'
        })
      ]
    ]
    it.each(builds)('%s, in every front end', async (_title, path, facts) => {
      const name = `build${path.slice(path.lastIndexOf('.'))}`
      const workspace = await workspaceWith(name, { fixture: path })
      const expected = await facts()
      for (const [, via] of FRONT_ENDS) {
        emulator.reset()
        const outcome = await via(
          emulator,
          { command: 'deploy', options: { file: name } },
          workspace
        )
        expect(outcome.exitCode).toBe(0)
        expect(outcome.outputs).toMatchObject(expected)
      }
    })
  })

  describe("the build's values, shown where people read them", () => {
    const HOSTILE_VERSION = '1.0`</code><img src=x>|@team #1 ::warning::x'

    /** An IPA whose Info.plist carries a hostile version string. */
    async function hostileIpa(): Promise<string> {
      const workspace = await freshWorkspace()
      const escaped = HOSTILE_VERSION.replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
      const plist = `<?xml version="1.0" encoding="UTF-8"?>
  <plist version="1.0"><dict>
  <key>CFBundleIdentifier</key><string>com.example.hostile</string>
  <key>CFBundleShortVersionString</key><string>${escaped}</string>
  <key>CFBundleVersion</key><string>7</string>
  <key>DTPlatformName</key><string>iphoneos</string>
  </dict></plist>`
      await writeZip(join(workspace, 'app.ipa'), {
        entries: [{ name: 'Payload/Hostile.app/Info.plist', data: Buffer.from(plist) }]
      })
      return workspace
    }

    it('in the summary, the check run, the comment and the JUnit report, sanitized', async () => {
      const workspace = await hostileIpa()
      const head = 'feedfacefeedfacefeedfacefeedfacefeedface'
      const result = await step(
        emulator,
        {
          file: 'app.ipa',
          wait: 'true',
          'junit-report': 'junit.xml',
          variables: JSON.stringify({
            EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200 })
          })
        },
        {
          workspace,
          env: { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' },
          eventName: 'pull_request',
          ref: 'refs/pull/7/merge',
          sha: '1111111111111111111111111111111111111111',
          event: { number: 7, pull_request: { number: 7, head: { ref: 'feature/x', sha: head } } }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({
        appId: 'com.example.hostile',
        appVersion: HOSTILE_VERSION,
        buildNumber: '7',
        platform: 'ios'
      })
      // The summary: the app's row, each value a code span, nothing else made of them.
      const summary = render(result.summary)
      expect(summary.codes).toEqual(
        expect.arrayContaining(['com.example.hostile', HOSTILE_VERSION, '7'])
      )
      expect(summary.tags).not.toContain('img')
      // The check run and the comment: the same values, code spans only.
      const comment = emulator.github.comments[0]!.body
      const check = emulator.github.checkRuns[0]!.output.summary!
      for (const markdown of [comment, check]) {
        const rendered = render(markdown)
        expect(rendered.codes).toEqual(
          expect.arrayContaining(['com.example.hostile', HOSTILE_VERSION])
        )
        expect(markupProblems(rendered, () => true)).toEqual([])
        expect(markdown).not.toMatch(INVISIBLE)
      }
      // The log: no line of the build's begins a workflow command.
      expect(result.stdout.split('\n').filter(line => line.startsWith('::warning::x'))).toEqual([])
      // The JUnit report: valid, the values as properties.
      const xml = await readFile(join(workspace, 'junit.xml'), 'utf8')
      expect(await junitProblems(xml)).toEqual([])
      expect(xml).toContain('<property name="appId" value="com.example.hostile"/>')
      expect(xml).toContain('<property name="platform" value="ios"/>')
      expect(xml).toContain('value="1.0`&lt;/code&gt;&lt;img src=x&gt;|@team #1 ::warning::x"')
    })
  })
})

/**
 * A dry run, from the action (in this process and as the runner runs the
 * bundle), the CLI and the library, against the emulator: everything checked,
 * nothing uploaded or notified, and the same pass or failure a real deploy
 * would come to, by what the emulator saw.
 */
describe('the dry run', () => {
  let emulator: Emulator
  let built: Built
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
    built = await writeArtifact('app.apk', 96 * 1024)
  })
  afterAll(() => emulator.close())

  type Via = (emulator: Emulator, situation: Situation, workspace: string) => Promise<Outcome>
  const FRONT_ENDS: [string, Via, (code: number) => number][] = [
    ['the action', (e, s, w) => viaAction(e, s, w), code => (code === 0 ? 0 : 1)],
    ['the bundle', (e, s, w) => viaAction(e, s, w, {}, 'bundle'), code => (code === 0 ? 0 : 1)],
    ['the CLI', (e, s, w) => viaCli(e, s, w), code => code],
    ['the library', (e, s, w) => viaLibrary(e, s, w), code => (code === 0 ? 0 : 1)]
  ]

  /** What changed at the service: uploads, notifications, stored objects. */
  function written(): { puts: number; notifications: number; objects: number } {
    return {
      puts: emulator.requests.filter(r => r.route === 'upload').length,
      notifications: emulator.requests.filter(r => r.route === 'deploy').length,
      objects: emulator.objects.size
    }
  }
  const NOTHING = { puts: 0, notifications: 0, objects: 0 }

  describe.each(FRONT_ENDS)('a dry run from %s', (name, via, exitOf) => {
    it('with a key the service accepts: passes, tells the plan, uploads and notifies nothing', async () => {
      emulator.reset()
      const situation: Situation = {
        command: 'deploy',
        options: {
          file: 'app.apk',
          namePrefix: 'myapp',
          environment: 'staging',
          wait: true,
          dryRun: true
        }
      }
      const outcome = await via(emulator, situation, built.workspace)
      expect(outcome.exitCode).toBe(exitOf(EXIT.success))
      expect(outcome.outputs.outcome).toBe('skipped')
      expect(outcome.outputs.runId).toBeUndefined()
      expect(outcome.outputs.artifactSha256).toBeUndefined()
      expect(written()).toEqual(NOTHING)
      // The CLI's --json and the library's result carry the plan; the action's outputs are outputs.
      if (name === 'the action' || name === 'the bundle') expect(outcome.plan).toBeUndefined()
      else
        expect(outcome.plan).toEqual([
          {
            name: expect.stringContaining('Mobile tests'),
            destination: 'myapp-staging.apk',
            artifactSha256: built.sha256,
            artifactSize: expect.any(Number),
            notification: expect.objectContaining({
              deduplication_key: expect.stringMatching(/myapp-staging\.apk$/),
              variables: { RUN_INPUT_PATH: 'myapp-staging.apk' }
            }),
            wait: true
          }
        ])
      // The key was checked by the signed-URL request for the destination a real deploy would use.
      const signed = emulator.requests.filter(r => r.route === 'signed-url')
      expect(signed.map(r => [r.status, r.query.file])).toEqual([[200, 'myapp-staging.apk']])
      if (outcome.text) {
        // The library's log is not passed here; the action and the CLI tell the plan.
        expect(outcome.text).toContain(built.sha256)
        expect(outcome.text).toContain('Would send the deploy notification')
        expect(outcome.text).toContain('Would wait up to')
        // The signed URL is told to the runner only to be masked; no other line carries it.
        const lines = outcome.text.split('\n').filter(line => !line.startsWith('::add-mask::'))
        expect(lines.join('\n')).not.toMatch(/X-Amz-Signature/i)
      }
    })

    it('with a key the service refuses: fails as a real deploy would, naming the key', async () => {
      emulator.reset()
      const situation: Situation = {
        command: 'deploy',
        options: { file: 'app.apk', apiKey: 'not-a-known-key-1234', dryRun: true }
      }
      const outcome = await via(emulator, situation, built.workspace)
      expect(outcome.exitCode).toBe(exitOf(EXIT['deploy-failed']))
      expect(outcome.outputs.outcome).toBe('aborted')
      expect(written()).toEqual(NOTHING)
      expect(emulator.requests.map(r => [r.route, r.status])).toEqual([['signed-url', 401]])
      const reason =
        'result' in outcome
          ? String((outcome as { result: { reason?: unknown } }).result.reason)
          : outcome.text
      expect(reason).toContain('the API key is missing or invalid')
    })

    it('with no such build: bad usage before any request', async () => {
      emulator.reset()
      const situation: Situation = {
        command: 'deploy',
        options: { file: 'missing.apk', dryRun: true }
      }
      const outcome = await via(emulator, situation, built.workspace)
      expect(outcome.exitCode).toBe(exitOf(EXIT.usage))
      expect(emulator.requests).toHaveLength(0)
    })

    it('a notification with an earlier upload: checks the key, notifies nothing', async () => {
      emulator.reset()
      const situation: Situation = {
        command: 'notify',
        options: { runInputPath: 'setup/app.apk', dryRun: true }
      }
      const outcome = await via(emulator, situation, built.workspace)
      expect(outcome.exitCode).toBe(exitOf(EXIT.success))
      expect(outcome.outputs.outcome).toBe('skipped')
      expect(written()).toEqual(NOTHING)
      expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
    })
  })

  describe('a dry run where it cannot check without doing', () => {
    it.each([
      ['waiting for a run', { runId: 'run_0123456789abcdef', dryRun: true }],
      [
        'ending an environment',
        { terminateEnvironment: true, environmentId: 'env_staging', dryRun: true }
      ]
    ])('is refused with %s, before any request', async (_what, inputs) => {
      emulator.reset()
      const outcome = await viaAction(
        emulator,
        { command: 'notify', options: inputs },
        built.workspace
      )
      expect(outcome.exitCode).toBe(1)
      expect(outcome.text).toContain("Input 'dry-run'")
      expect(emulator.requests).toHaveLength(0)
    })
  })

  describe('a dry run on a pull request, from the action', () => {
    const pullRequest = {
      eventName: 'pull_request',
      ref: 'refs/pull/7/merge',
      sha: '1111111111111111111111111111111111111111',
      event: {
        number: 7,
        pull_request: {
          number: 7,
          head: { ref: 'feature/login', sha: 'feedfacefeedfacefeedfacefeedfacefeedface' }
        }
      }
    }

    it.each(['in-process', 'bundle'] as const)(
      'writes no check run and no comment, names the permissions, and reads the comments (%s)',
      async runner => {
        emulator.reset()
        const result = await step(
          emulator,
          { file: 'app.apk', 'name-prefix': 'myapp', wait: 'true', 'dry-run': 'true' },
          { workspace: built.workspace, runner, ...pullRequest }
        )
        expect(result.exitCode).toBe(0)
        expect(result.outputs.outcome).toBe('skipped')
        expect(written()).toEqual(NOTHING)
        expect(emulator.github.checkRuns).toEqual([])
        expect(emulator.github.comments).toEqual([])
        expect(emulator.github.requests.map(r => [r.method, r.status])).toEqual([['GET', 200]])
        expect(result.stdout).toContain('checks: write')
        expect(result.stdout).toContain('pull-requests: write')
        expect(result.stdout).toContain('unknown until the first write')
        expect(result.stdout).toContain('GitHub accepted the token')
      }
    )

    it('with a token GitHub refuses: a notice, as reporting never decides the deploy', async () => {
      emulator.reset()
      const result = await step(
        emulator,
        {
          file: 'app.apk',
          'name-prefix': 'myapp',
          'dry-run': 'true',
          'github-token': 'ghs_unknownToken0123456789abcdef'
        },
        { workspace: built.workspace, ...pullRequest }
      )
      expect(result.exitCode).toBe(0)
      expect(emulator.github.comments).toEqual([])
      expect(result.stdout).toContain('could not be read with the token')
    })
  })
})

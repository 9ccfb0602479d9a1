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
import { viaAction, viaCli, viaLibrary, type Situation } from '../helpers/front-ends.js'
import { freshWorkspace, step } from '../helpers/harness.js'
import { junitProblems } from '../helpers/junit.js'
import { INVISIBLE, markupProblems, render } from '../helpers/markdown.js'
import { testWorkspaces } from '../helpers/workspaces.js'
import { writeZip } from '../../emulator/zip-writer.js'
import { dryRunSuite } from '../helpers/dry-run-suite.js'

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

// The dry run from the action, the CLI and the library in this process; the bundle's is e2e/dry-run.e2e.test.ts.
dryRunSuite({
  frontEnds: ['the action', 'the CLI', 'the library'],
  runners: ['in-process'],
  inProcess: true
})

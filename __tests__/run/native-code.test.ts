/**
 * What counts as native code for an ABI, as Android's package manager
 * installs it: a `.so` directly in `lib/<abi>/` (in an App Bundle, a
 * module's `lib/<abi>/`). A README, a `.gitkeep` or a library in a folder
 * below is no code for that ABI: a build with nothing else under `lib/` has
 * no native code and runs anywhere; a build with another ABI's code lacks
 * this one, and `required-abis` refuses it before any request, in every
 * front end.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { inspectBuild } from '../../src/core/inspect/inspect.js'
import { writeBuildWith } from '../../emulator/builds.js'
import { viaAction, viaCli, viaLibrary } from '../helpers/front-ends.js'
import { freshWorkspace } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const FRONT_ENDS = [
  [viaAction, 1],
  [viaCli, EXIT.usage],
  [viaLibrary, 1]
] as const

// [what, file, entries beside the manifest, required ABIs, the ABIs it has code for, refused]
const CASES: [string, string, string[], string, string[], boolean][] = [
  [
    'an APK whose lib/ holds only a README',
    'app.apk',
    ['lib/arm64-v8a/README'],
    'arm64-v8a',
    [],
    false
  ],
  [
    'an APK whose lib/ holds only a .gitkeep',
    'app.apk',
    ['lib/arm64-v8a/.gitkeep'],
    'arm64-v8a',
    [],
    false
  ],
  [
    'an APK whose lib/ holds only a nested .so',
    'app.apk',
    ['lib/arm64-v8a/sub/x.so'],
    'arm64-v8a',
    [],
    false
  ],
  [
    'x86 code and a README for arm64-v8a',
    'app.apk',
    ['lib/x86/libfoo.so', 'lib/arm64-v8a/README'],
    'arm64-v8a',
    ['x86'],
    true
  ],
  [
    'x86 code and a .gitkeep for arm64-v8a',
    'app.apk',
    ['lib/x86/libfoo.so', 'lib/arm64-v8a/.gitkeep'],
    'arm64-v8a',
    ['x86'],
    true
  ],
  [
    'x86 code and a nested .so for arm64-v8a',
    'app.apk',
    ['lib/x86/libfoo.so', 'lib/arm64-v8a/sub/x.so'],
    'arm64-v8a',
    ['x86'],
    true
  ],
  [
    'x86 code and a non-.so for arm64-v8a',
    'app.apk',
    ['lib/x86/libfoo.so', 'lib/arm64-v8a/libfoo.so.txt'],
    'arm64-v8a',
    ['x86'],
    true
  ],
  [
    'an APK with arm64-v8a code',
    'app.apk',
    ['lib/arm64-v8a/libfoo.so', 'lib/x86/README'],
    'arm64-v8a',
    ['arm64-v8a'],
    false
  ],
  [
    'a bundle with x86_64 code and a README for arm64-v8a',
    'app.aab',
    ['base/lib/x86_64/libfoo.so', 'base/lib/arm64-v8a/README'],
    'arm64-v8a',
    ['x86_64'],
    true
  ],
  [
    'a bundle with arm64-v8a code in a feature module',
    'app.aab',
    ['base/lib/x86_64/libfoo.so', 'camera/lib/arm64-v8a/libcam.so'],
    'arm64-v8a x86_64',
    ['arm64-v8a', 'x86_64'],
    false
  ],
  [
    'a bundle whose metadata, not a module, names arm64-v8a',
    'app.aab',
    ['base/lib/x86_64/libfoo.so', 'BUNDLE-METADATA/lib/arm64-v8a/libx.so'],
    'arm64-v8a',
    ['x86_64'],
    true
  ]
]

describe('native code for an ABI: a .so directly in lib/<abi>/', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  it.each(CASES)('%s', async (_t, file, entries, requiredAbis, abis, refused) => {
    const workspace = await freshWorkspace()
    await writeBuildWith(join(workspace, file), entries)
    const facts = await inspectBuild(join(workspace, file))
    expect(facts.platform === 'android' && facts.abis).toEqual(abis)
    for (const [via, exitCode] of FRONT_ENDS) {
      emulator.reset()
      const outcome = await via(
        emulator,
        { command: 'deploy', options: { file, requiredAbis } },
        workspace
      )
      if (refused) {
        expect(outcome.exitCode).toBe(exitCode)
        expect(outcome.text).toMatch(/required-abis|requiredAbis/)
        expect(outcome.text).toContain(`native code for ${abis.map(a => `"${a}"`).join(', ')} only`)
        expect(emulator.requests).toEqual([])
      } else {
        expect(outcome.exitCode).toBe(0)
        expect(outcome.outputs.outcome).toBe('success')
      }
    }
  })
})

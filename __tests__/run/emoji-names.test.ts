/**
 * A build's file name of emoji, cut to a name's detail: the cut falls
 * between code points wherever the emoji begin, so every deployment still
 * has its check run and its row in the one comment.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

it.each([0, 1])(
  'two builds, one named with 40 emoji after %d letter(s): two check runs, one comment',
  async letters => {
    const workspace = await freshWorkspace()
    const emoji = `${'x'.repeat(letters)}${'🚀'.repeat(40)}.apk`
    await writeArtifact('a.apk', 4096, workspace)
    await writeArtifact(emoji, 4096, workspace)
    const result = await step(
      emulator,
      { file: `a.apk\n${emoji}`, wait: 'true', variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.stdout).not.toMatch(/URI malformed|could not be written/)
    expect(result.exitCode).toBe(0)
    const names = emulator.github.checkRuns.map(check => check.name!)
    expect(names).toHaveLength(2)
    expect(names.join('')).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
    )
    expect(emulator.github.comments).toHaveLength(1)
  }
)

/**
 * The summary file (`--summary-file`, `summaryFile`): the step's summary in
 * markdown for any CI, written by the one reporter from the same facts as
 * the action's job summary; refused before the first request when it cannot
 * be written.
 */
import { onVirtualClock } from '../../../helpers/virtual-clock.js'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../../../emulator/server.js'
import { EXIT } from '../../../../src/cli/args.js'
import { cliEnv, runCli } from '../../../helpers/front-ends.js'
import { freshWorkspace, writeArtifact } from '../../../helpers/harness.js'
import { markupProblems, render } from '../../../helpers/markdown.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

describe('--summary-file', () => {
  it("writes the step's summary: the build, the run and its link, the verdict, as safe markdown", async () => {
    const cwd = await freshWorkspace()
    await writeArtifact('app.apk', 4096, cwd)
    const argv = ['deploy', '--file', 'app.apk', '--name-prefix', 'myapp', '--environment']
    const result = await runCli([...argv, 'staging', '--wait', '--summary-file', 'summary.md'], {
      env: cliEnv(emulator, { GITLAB_CI: 'true', CI_COMMIT_BRANCH: 'main' }),
      cwd
    })
    expect(result.exitCode).toBe(EXIT.success)
    const rendered = render(await readFile(join(cwd, 'summary.md'), 'utf8'))
    const run = emulator.runs.at(-1)!
    expect(rendered.html).toContain(
      `<a href="${emulator.baseUrl}/runs/${run.id}"><code>${run.id}</code></a>`
    )
    expect(rendered.codes).toEqual(expect.arrayContaining(['app.apk', 'myapp-staging.apk']))
    expect(rendered.prose).toContain('✅ passed')
    expect(markupProblems(rendered, rendered.hrefs)).toEqual([])
  })

  it('is refused before the first request when it cannot be written', async () => {
    const cwd = await freshWorkspace()
    await writeArtifact('app.apk', 4096, cwd)
    await mkdir(join(cwd, 'folder'))
    const result = await runCli(['deploy', '--file', 'app.apk', '--summary-file', 'folder'], {
      env: cliEnv(emulator, { GITLAB_CI: 'true', CI_COMMIT_BRANCH: 'main' }),
      cwd
    })
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/--summary-file .*a folder/)
    expect(emulator.requests).toEqual([])
  })
})

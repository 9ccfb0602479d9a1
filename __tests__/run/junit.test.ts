// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The JUnit report's names stay the same from one pipeline to the next, as
 * the CLI writes it (--junit); that
 * it agrees with every other rendering in every situation is
 * renderers.test.ts's.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { writeArtifact } from '../helpers/harness.js'
import { junitKeys } from '../helpers/junit.js'
import { testWorkspaces } from '../helpers/workspaces.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const lifecycle = (fields: object): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200, ...fields })
  })

const WAIT = ['--wait', '--poll-interval-seconds', '1']

describe('the names of the report', () => {
  it('are the same from one pipeline to the next for the same build and bugs', async () => {
    const built = await writeArtifact('app-release.apk')
    const variables = lifecycle({
      final: 'failed',
      bugs: [{ name: 'Crash' }, { name: 'Typo', priority: 'low' }]
    })
    const reports: string[] = []
    const runIds: string[] = []
    // Two pipelines of the same build: each notification creates its own run.
    for (const pipeline of ['1', '2']) {
      const file = `pipeline-${pipeline}.xml`
      const result = await runCli(
        [
          'deploy',
          '--file',
          'app-release.apk',
          ...WAIT,
          '--variables',
          variables,
          '--junit',
          file,
          '--deduplication-key',
          `pipeline-${pipeline}`,
          '--json'
        ],
        { env: cliEnv(emulator), cwd: built.workspace }
      )
      expect(result.exitCode).toBe(EXIT['run-failed'])
      runIds.push(JSON.parse(result.stdout).runId)
      reports.push(await readFile(join(built.workspace, file), 'utf8'))
    }
    expect(runIds[0]).not.toBe(runIds[1])
    expect(junitKeys(reports[0]!)).toEqual(junitKeys(reports[1]!))
    expect(junitKeys(reports[0]!)).toHaveLength(3)
    reports.forEach((xml, i) => {
      expect(junitKeys(xml).join('\n')).not.toContain(runIds[i]!)
      expect(xml).toContain(`<property name="runId" value="${runIds[i]}"/>`)
    })
  })
})

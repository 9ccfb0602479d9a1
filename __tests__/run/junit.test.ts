// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The JUnit report as the CLI writes it (--junit) and the library renders it
 * (junitReport), in every situation a step can end in: its failures agree
 * with the exit code and the conclusion, and its names stay the same from one
 * pipeline to the next.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { junitReport, notifyDeployment } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { junitCases, junitKeys, junitProblemsOfEach, junitSuite } from '../helpers/junit.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

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

interface Situation {
  /** The flags of `notify`, beyond the report's. */
  flags: string[]
  key?: string
  fault?: Fault
  exit: number
}

const WAIT = ['--wait', '--poll-interval-seconds', '1']
const SITUATIONS: [string, Situation][] = [
  ['passed', { flags: [...WAIT, '--variables', lifecycle({})], exit: EXIT.success }],
  [
    'blocking bugs',
    {
      flags: [
        ...WAIT,
        '--variables',
        lifecycle({ final: 'failed', bugs: [{ name: 'Crash' }, { name: 'Typo', priority: 'low' }] })
      ],
      exit: EXIT['run-failed']
    }
  ],
  ['no run, fail-on-no-run true', { flags: [], key: KEYS.noTriggers, exit: EXIT['deploy-failed'] }],
  [
    'no run, fail-on-no-run false',
    { flags: ['--fail-on-no-run=false'], key: KEYS.noTriggers, exit: EXIT.success }
  ],
  [
    'timed out',
    {
      flags: [
        ...WAIT,
        '--wait-timeout-minutes',
        '0.02',
        '--variables',
        lifecycle({ initializingMs: 600_000 })
      ],
      exit: EXIT['timed-out']
    }
  ],
  [
    'canceled',
    { flags: [...WAIT, '--variables', lifecycle({ final: 'canceled' })], exit: EXIT.canceled }
  ],
  [
    'aborted',
    {
      flags: ['--max-attempts', '1'],
      fault: { route: 'deploy', status: 500, times: 2 },
      exit: EXIT['deploy-failed']
    }
  ],
  ['not waited for', { flags: [], exit: EXIT.success }]
]

/** The flag list as the library's options. */
function optionsOf(situation: Situation): Record<string, unknown> {
  const options: Record<string, unknown> = {
    apiKey: situation.key ?? cliEnv(emulator).SERVICE_API_KEY,
    baseUrl: emulator.baseUrl
  }
  const flags = [...situation.flags]
  while (flags.length > 0) {
    const flag = flags.shift()!
    if (flag === '--wait') options.wait = true
    else if (flag === '--fail-on-no-run=false') options.failOnNoRun = false
    else {
      const name = flag.slice(2).replace(/-([a-z])/g, (_all, c: string) => c.toUpperCase())
      const value = flags.shift()!
      options[name] = /^[\d.]+$/.test(value) ? Number(value) : value
    }
  }
  return options
}

describe('the report and the step agree', () => {
  it.each(SITUATIONS)('%s', async (_title, situation) => {
    if (situation.fault) emulator.faults.add(situation.fault)
    const cwd = await freshWorkspace()
    const env: Record<string, string> = situation.key ? { SERVICE_API_KEY: situation.key } : {}
    const result = await runCli(['notify', ...situation.flags, '--junit', 'out/junit.xml'], {
      env: cliEnv(emulator, env),
      cwd
    })
    expect(result.exitCode).toBe(situation.exit)
    const xml = await readFile(join(cwd, 'out', 'junit.xml'), 'utf8')
    expect(junitSuite(xml).failures > 0).toBe(result.exitCode !== EXIT.success)
    expect(junitCases(xml)[0]!.failure !== undefined).toBe(result.exitCode !== EXIT.success)

    // The library renders the judgement its call made, the same way.
    emulator.faults.clear()
    if (situation.fault) emulator.faults.add(situation.fault)
    const called = await notifyDeployment(optionsOf(situation) as never)
    const rendered = junitReport(called)
    expect(await junitProblemsOfEach([xml, rendered])).toEqual([[], []])
    expect(junitSuite(rendered).failures > 0).toBe(called.conclusion === 'failure')
    expect(called.conclusion === 'failure').toBe(situation.exit !== EXIT.success)
    expect(junitKeys(rendered)).toEqual(junitKeys(xml))
  })

  it('renders a value that is no result as a failure, never a pass', async () => {
    const xmls = [null, {}, { outcome: 'success' }, { conclusion: 'passed', cause: 'success' }].map(
      given => junitReport(given as never)
    )
    expect(await junitProblemsOfEach(xmls)).toEqual(xmls.map(() => []))
    for (const xml of xmls) expect(junitCases(xml)[0]).toMatchObject({ failure: 'BadUsage' })
  })
})

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

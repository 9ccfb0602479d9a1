// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * One set of facts, rendered everywhere: each situation a deploy can end in
 * is run through the action (outputs, job summary, check run, pull-request
 * comment, JUnit file), the CLI (exit code, last line, --json, the dotenv
 * hand-over, JUnit file) and the library (result, junitReport), and every
 * rendering must say what the library's judgement says.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { OPTIONS, type Cause, type Conclusion, type OptionKey } from '../../src/core/index.js'
import { resultWords } from '../../src/core/report/words.js'
import { kebab } from '../../src/core/options/vocabulary.js'
import { junitReport, notifyDeployment } from '../../src/index.js'
import { cliEnv, comparable, runCli } from '../helpers/front-ends.js'
import { HEAD, pullRequest } from '../helpers/github-events.js'
import { gitlabDotenv } from '../helpers/gitlab-dotenv.js'
import { DEMO_API_KEY, freshWorkspace, step } from '../helpers/harness.js'
import {
  junitCases,
  junitKeys,
  junitProblemsOfEach,
  junitProperties,
  junitSuite
} from '../helpers/junit.js'
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

type Options = Partial<Record<OptionKey, string | number | boolean>>

interface Situation {
  options: Options
  key?: string
  fault?: Fault
  /** What the judgement must be; every rendering is held to the library's. */
  conclusion: Conclusion
  cause: Cause
  /** The check run's conclusion, when the step writes one. */
  check?: string
}

const WAIT: Options = { wait: true, pollIntervalSeconds: 1 }
const SITUATIONS: [string, Situation][] = [
  [
    'passed',
    {
      options: { ...WAIT, variables: lifecycle({}) },
      conclusion: 'success',
      cause: 'success',
      check: 'success'
    }
  ],
  [
    'blocking bugs',
    {
      options: {
        ...WAIT,
        variables: lifecycle({
          final: 'failed',
          bugs: [{ name: 'Crash' }, { name: 'Typo', priority: 'low' }]
        })
      },
      conclusion: 'failure',
      cause: 'run-failed',
      check: 'failure'
    }
  ],
  [
    'no run, fail-on-no-run true',
    {
      options: WAIT,
      key: KEYS.noTriggers,
      conclusion: 'failure',
      cause: 'deploy-failed',
      check: 'failure'
    }
  ],
  [
    'no run, fail-on-no-run false',
    {
      options: { ...WAIT, failOnNoRun: false },
      key: KEYS.noTriggers,
      conclusion: 'warning',
      cause: 'success',
      check: 'skipped'
    }
  ],
  [
    'timed out',
    {
      options: {
        ...WAIT,
        waitTimeoutMinutes: 0.02,
        variables: lifecycle({ initializingMs: 600_000 })
      },
      conclusion: 'failure',
      cause: 'timed-out',
      check: 'timed_out'
    }
  ],
  [
    'canceled at the service',
    {
      options: { ...WAIT, variables: lifecycle({ final: 'canceled' }) },
      conclusion: 'failure',
      cause: 'canceled',
      check: 'cancelled'
    }
  ],
  [
    'aborted: the notification failed',
    {
      options: { ...WAIT, maxAttempts: 1 },
      fault: { route: 'deploy', status: 500, times: 3 },
      conclusion: 'failure',
      cause: 'deploy-failed',
      check: 'failure'
    }
  ],
  [
    'bad usage',
    { options: { ...WAIT, pollIntervalSeconds: 0 }, conclusion: 'failure', cause: 'usage' }
  ]
]

/** The option as the action's input and the CLI's flag take it. */
function flagsOf(options: Options): { inputs: Record<string, string>; argv: string[] } {
  const inputs: Record<string, string> = {}
  const argv: string[] = []
  for (const [key, value] of Object.entries(options)) {
    const name = kebab(key)
    inputs[name] = String(value)
    if (OPTIONS[key as OptionKey].kind === 'boolean')
      argv.push(value ? `--${name}` : `--no-${name}`)
    else argv.push(`--${name}`, String(value))
  }
  return { inputs, argv }
}

/** The value of a `| label | value |` row of GitHub markdown. */
function row(markdown: string | undefined, label: string): string | undefined {
  return new RegExp(`^\\| ${label} \\| (.*) \\|$`, 'm').exec(markdown ?? '')?.[1]
}

async function viaAction(situation: Situation) {
  const workspace = await freshWorkspace()
  const { inputs } = flagsOf(situation.options)
  const result = await step(
    emulator,
    {
      ...inputs,
      notify: 'true',
      'junit-report': 'action.xml',
      ...(situation.key ? { 'api-key': situation.key } : {})
    },
    { workspace, ...pullRequest(HEAD) }
  )
  const junit = await readFile(join(workspace, 'action.xml'), 'utf8').catch(() => undefined)
  return {
    result,
    junit,
    check: emulator.github.checkRuns.at(-1),
    comment: emulator.github.comments.at(-1)
  }
}

async function viaCli(situation: Situation) {
  const cwd = await freshWorkspace()
  const { argv } = flagsOf(situation.options)
  const env = cliEnv(emulator, situation.key ? { SERVICE_API_KEY: situation.key } : {})
  const result = await runCli(
    ['notify', ...argv, '--json', '--output-env', 'handover.env', '--junit', 'cli.xml'],
    { env, cwd }
  )
  const read = (name: string) => readFile(join(cwd, name), 'utf8').catch(() => undefined)
  const dotenv = await read('handover.env')
  return {
    result,
    json: JSON.parse(result.stdout) as Record<string, unknown>,
    handover: dotenv === undefined ? undefined : gitlabDotenv(dotenv),
    junit: await read('cli.xml'),
    lastLine: result.stderr.trimEnd().split('\n').at(-1)
  }
}

async function viaLibrary(situation: Situation) {
  const options: Record<string, unknown> = {
    apiKey: situation.key ?? DEMO_API_KEY,
    baseUrl: emulator.baseUrl,
    ...situation.options
  }
  const result = await notifyDeployment(options as never)
  return { result, junit: junitReport(result) }
}

/** Every JUnit report rendered below, validated at the end in one xmllint run per schema. */
const rendered: string[] = []

describe('every rendering of a situation says what the one judgement says', () => {
  it.each(SITUATIONS)('%s', async (_title, situation) => {
    const runs = []
    for (const via of [viaAction, viaCli, viaLibrary] as const) {
      emulator.reset()
      if (situation.fault) emulator.faults.add(situation.fault)
      runs.push(await via(situation))
    }
    const [action, cli, library] = runs as [
      Awaited<ReturnType<typeof viaAction>>,
      Awaited<ReturnType<typeof viaCli>>,
      Awaited<ReturnType<typeof viaLibrary>>
    ]
    const { conclusion, cause, reason, warnings, ...outputs } = library.result
    void warnings
    const judgement = { conclusion, cause, message: reason }
    expect({ conclusion, cause }).toEqual({
      conclusion: situation.conclusion,
      cause: situation.cause
    })

    // Exit codes: the CLI's by cause, the action's failing exactly on a failure.
    expect(cli.result.exitCode).toBe(EXIT[cause])
    expect(action.result.exitCode).toBe(conclusion === 'failure' ? 1 : 0)

    // --json is the library's result, field for field.
    expect(cli.json).toMatchObject({ conclusion, cause })
    expect(cli.json.reason === undefined).toBe(reason === undefined)

    // The outputs, handed over in every form, are the same facts.
    const text = (values: object): Record<string, string> =>
      comparable(
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
        )
      )
    const { conclusion: _c, cause: _k, reason: _r, warnings: _w, ...cliOutputs } = cli.json
    void [_c, _k, _r, _w]
    expect(text(cliOutputs)).toEqual(text(outputs))
    expect(comparable(action.result.outputs)).toEqual(text(outputs))
    // GitLab's dotenv carries every output but the bugs' JSON (the JUnit report carries the bugs).
    const { bugs, ...scalars } = text(outputs)
    void bugs
    if (cause !== 'usage') expect(comparable(cli.handover!)).toEqual(scalars)

    // The CLI's last line is the judgement's message when it fails.
    if (conclusion === 'failure') expect(cli.lastLine).toBe(`Error: ${String(cli.json.reason)}`)

    // The JUnit reports: valid, failing exactly on a failure, the judgement in their properties, the same cases.
    const reports = [action.junit, cli.junit, library.junit].filter(
      (xml): xml is string => xml !== undefined
    )
    expect(reports.length).toBeGreaterThanOrEqual(cause === 'usage' ? 1 : 3)
    rendered.push(...reports)
    for (const xml of reports) {
      expect(junitSuite(xml).failures > 0).toBe(conclusion === 'failure')
      expect(junitCases(xml)[0]!.failure !== undefined).toBe(conclusion === 'failure')
      expect(junitProperties(xml)).toMatchObject({ conclusion, cause })
      expect(junitKeys(xml)).toEqual(junitKeys(library.junit))
    }

    // The job summary, the check run and the comment head with the same words for the judgement.
    const words = resultWords(judgement)
    expect(action.result.summary).toContain(words)
    if (situation.check) {
      expect(action.check).toMatchObject({ status: 'completed', conclusion: situation.check })
      expect(row(action.check!.output.summary, 'Result')).toBe(words)
      expect(row(action.comment?.body, 'Result')).toBe(words)
    } else expect(action.check).toBeUndefined()
  })

  it('renders every JUnit report above valid against every schema its readers use', async () => {
    expect(rendered.length).toBeGreaterThanOrEqual(SITUATIONS.length * 3 - 2)
    expect(await junitProblemsOfEach(rendered)).toEqual(rendered.map(() => []))
  })
})

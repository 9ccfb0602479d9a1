/**
 * One set of facts, rendered everywhere and handed over: every report a step writes, the CLI's
 * hand-over files as later steps read them, and the result posted to a webhook.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { readFile, mkdir, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { OPTIONS, type Cause, type Conclusion, type OptionKey } from '../../src/core/index.js'
import { kebab } from '../../src/core/options/vocabulary.js'
import { junitReport, notifyDeployment, deployBuild } from '../../src/index.js'
import { cliEnv, comparable, runCli } from '../helpers/front-ends.js'
import { HEAD, pullRequest, env, run } from '../helpers/github-events.js'
import { gitlabDotenv } from '../helpers/gitlab-dotenv.js'
import {
  DEMO_API_KEY,
  freshWorkspace,
  step,
  writeArtifact,
  expectFailure
} from '../helpers/harness.js'
import {
  junitCases,
  junitKeys,
  junitProblemsOfEach,
  junitProperties,
  junitSuite,
  junitProblems
} from '../helpers/junit.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import { HAND_OVER_LIMIT_BYTES } from '../../src/core/report/handover.js'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

/**
 * One set of facts, rendered everywhere: each situation a deploy can end in
 * is run through the action (outputs, job summary, check run, pull-request
 * comment, JUnit file), the CLI (exit code, last line, --json, the dotenv
 * hand-over, JUnit file) and the library (result, junitReport), and every
 * rendering must say what the library's judgement says.
 */
describe('renderers', () => {
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
      const {
        conclusion,
        cause,
        reason,
        warnings,
        startedAt: _s,
        seconds: _t,
        ...outputs
      } = library.result
      void [warnings, _s, _t]
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
            Object.entries(values).map(([k, v]) => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v)
            ])
          )
        )
      const {
        conclusion: _c,
        cause: _k,
        reason: _r,
        warnings: _w,
        startedAt,
        seconds,
        ...cliOutputs
      } = cli.json
      void [_c, _k, _r, _w]
      // The call's timing: when it began, and how long it took, as the JUnit report says it.
      expect(typeof startedAt === 'string' && typeof seconds === 'number' && seconds >= 0).toBe(
        true
      )
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

      // The job summary, the check run and the comment say the same two facts: what the step did, and the verdict.
      void judgement
      const deployRow = row(action.result.summary, 'Deploy')
      const verdictRow = row(action.result.summary, 'Verdict')
      expect(deployRow).toBeTruthy()
      if (situation.check) {
        expect(action.check).toMatchObject({ status: 'completed', conclusion: situation.check })
        for (const markdown of [action.check!.output.summary, action.comment?.body]) {
          expect(row(markdown, 'Deploy')).toBe(deployRow)
          expect(row(markdown, 'Verdict')).toBe(verdictRow)
        }
      } else expect(action.check).toBeUndefined()
      // A pass mark stands beside a passed verdict only.
      for (const markdown of [
        action.result.summary,
        action.check?.output.summary,
        action.comment?.body
      ])
        if (outputs.verdict !== 'passed')
          expect(markdown ?? '').not.toMatch(/✅|\bpassed\b|\bsuccess\b/)
    })

    it('renders every JUnit report above valid against every schema its readers use', async () => {
      expect(rendered.length).toBeGreaterThanOrEqual(SITUATIONS.length * 3 - 2)
      expect(await junitProblemsOfEach(rendered)).toEqual(rendered.map(() => []))
    })
  })

  /** The CLI's flags of a short wait. */
  const CLI_WAIT = ['--wait', '--poll-interval-seconds', '1']

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
            ...CLI_WAIT,
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
})

/**
 * The CLI's hand-over files as the later steps read them: within the limits
 * of the readers (GitLab's dotenv size, the argument-list limit every later
 * command of a job shares), the most needed values kept, and only at a path
 * that is a regular file or nothing yet.
 */
describe('hand-over files', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  async function cli(argv: string[], cwd: string) {
    return runCli(argv, { env: cliEnv(emulator), cwd })
  }

  /** The service's answer for a finished run with `count` blocking bugs of long names, and the given link. */
  function finishedRun(count: number, runUrl = 'https://app.example.com/runs/run_1') {
    return JSON.stringify({
      runStage: 'completed',
      greenlight: false,
      relevantRunUrl: runUrl,
      blockingBugsCount: count,
      nonBlockingBugsCount: 0,
      reproducedBugs: Array.from({ length: count }, (_, i) => ({
        name: `Checkout crashes when the basket holds item ${i} ${'and a long description of the steps '.repeat(6)}`,
        number: i + 1,
        priority: 'urgent',
        isBlocking: true,
        applicationUrl: `https://app.example.com/runs/run_1/bugs/${i + 1}`
      }))
    })
  }

  /** Runs a script in bash in `cwd`; resolves with its exit code and output, never rejecting on a failed exit. */
  async function bash(script: string, cwd: string) {
    try {
      const { stdout } = await promisify(execFile)('bash', ['-c', script], {
        cwd,
        encoding: 'utf8'
      })
      return { code: 0, output: stdout }
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string }
      return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
    }
  }

  describe('the shell hand-over of a run with 500 bugs', () => {
    it('leaves the bugs out past its limit, so that the job can still start a command; the JUnit report carries them', async () => {
      emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(500) })
      const cwd = await freshWorkspace()
      const result = await cli(
        [
          'wait',
          '--run-id',
          'run_1',
          '--output-env',
          'mobile.sh',
          '--output-env-format',
          'shell',
          '--junit',
          'junit.xml'
        ],
        cwd
      )
      expect(result.exitCode).toBe(EXIT['run-failed'])
      expect(result.stderr).toMatch(
        /Warning \(Output left out\): The bugs output is left out of the shell hand-over: the file would reach the hand-over limit of 64 KiB \(the JUnit report, --junit, carries the bugs\)/
      )
      expect((await stat(join(cwd, 'mobile.sh'))).size).toBeLessThan(HAND_OVER_LIMIT_BYTES)
      // Sourced, and a later command of the job started with that environment.
      const sourced = await bash(
        '. ./mobile.sh && echo ok && env | grep -c "^blockingBugsCount=500$" && /usr/bin/env true && echo later',
        cwd
      )
      expect(sourced).toEqual({ code: 0, output: 'ok\n1\nlater\n' })
      const xml = await readFile(join(cwd, 'junit.xml'), 'utf8')
      expect(junitSuite(xml)).toMatchObject({ tests: 501, failures: 501 })
      expect(await junitProblems(xml)).toEqual([])
    })

    it('would stop every later command of the job if the bugs were exported whole', async () => {
      // The reason for the limit, shown on this machine: the same bugs as one exported variable.
      const cwd = await freshWorkspace()
      const bugs = JSON.stringify(JSON.parse(finishedRun(500)).reproducedBugs)
      await writeFile(join(cwd, 'whole.sh'), `export bugs='${bugs.replace(/'/g, `'\\''`)}'\n`)
      const sourced = await bash('. ./whole.sh && echo ok && /usr/bin/env true && echo later', cwd)
      expect(sourced.code).not.toBe(0)
      expect(sourced.output).toMatch(/^ok\n.*Argument list too long/s)
    })

    it('keeps envman within the same limit, the bugs left out first', async () => {
      emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(500) })
      const cwd = await freshWorkspace()
      const result = await cli(
        ['wait', '--run-id', 'run_1', '--output-env', 'out.nul', '--output-env-format', 'envman'],
        cwd
      )
      expect(result.exitCode).toBe(EXIT['run-failed'])
      const fields = (await readFile(join(cwd, 'out.nul'), 'utf8')).split('\0')
      const names = fields.filter((_, i) => i % 2 === 0 && i < fields.length - 1)
      expect(names).toEqual(expect.arrayContaining(['runId', 'verdict', 'blockingBugsCount']))
      expect(names).not.toContain('bugs')
      expect(result.stderr).toContain('The bugs output is left out of the envman hand-over')
    })
  })

  describe("the dotenv hand-over, as GitLab's reader reads it", () => {
    it('keeps the counts; a link over 2,048 characters is no link, and no output', async () => {
      const long = `https://app.example.com/runs/run_1?${'context=a-very-long-tracking-parameter&'.repeat(130)}end=1`
      emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(2, long) })
      const cwd = await freshWorkspace()
      const result = await cli(['wait', '--run-id', 'run_1', '--output-env', 'wait.env'], cwd)
      expect(result.exitCode).toBe(EXIT['run-failed'])
      const written = await readFile(join(cwd, 'wait.env'), 'utf8')
      const read = gitlabDotenv(written)
      expect(read).toMatchObject({
        runId: 'run_1',
        verdict: 'failed',
        blockingBugsCount: '2',
        nonBlockingBugsCount: '0',
        greenlight: 'false'
      })
      expect(read.runUrl).toBeUndefined()
      expect(written).not.toContain('tracking-parameter')
      expect(Buffer.byteLength(written)).toBeLessThan(5 * 1024)
    })

    it('writes a link with # and quotes that GitLab reads back exactly', async () => {
      const runUrl = `https://app.example.com/#/runs/run_1?tab="bugs"&x='1'`
      emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(1, runUrl) })
      const cwd = await freshWorkspace()
      const result = await cli(['wait', '--run-id', 'run_1', '--output-env', 'wait.env'], cwd)
      expect(result.exitCode).toBe(EXIT['run-failed'])
      expect(gitlabDotenv(await readFile(join(cwd, 'wait.env'), 'utf8')).runUrl).toBe(runUrl)
      expect(result.stderr).not.toContain('left out')
    })
  })

  describe('an output path that is not a regular file', () => {
    const kinds: [string, (path: string) => Promise<void>][] = [
      ['a symbolic link', async path => symlink(join(path, '..', 'elsewhere'), path)],
      ['a FIFO', async path => void execFileSync('mkfifo', [path])],
      ['a folder', async path => mkdir(path)]
    ]

    it.each(
      kinds.flatMap(([kind, make]) =>
        ['--output-env', '--junit'].map((flag): [string, string, (p: string) => Promise<void>] => [
          flag,
          kind,
          make
        ])
      )
    )('%s naming %s is refused before any request: exit 2', async (flag, kind, make) => {
      const built = await writeArtifact('app.apk')
      const path = join(built.workspace, 'out.txt')
      await make(path)
      const result = await cli(
        ['deploy', '--file', 'app.apk', flag, 'out.txt', '--json'],
        built.workspace
      )
      expect(result.exitCode).toBe(EXIT.usage)
      expect(result.stderr).toContain(`Error: ${flag} names "${path}"`.replace(`"${path}"`, '"'))
      expect(result.stderr).toContain(`, which is ${kind}, not a regular file; nothing was sent.`)
      expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'aborted' })
      expect(emulator.requests).toEqual([])
      // Nothing was written through the link, nor left waiting on the FIFO.
      expect(existsSync(join(built.workspace, 'elsewhere'))).toBe(false)
    })

    it("is refused for the action's junit-report too, naming the input", async () => {
      const built = await writeArtifact('app.apk')
      execFileSync('mkfifo', [join(built.workspace, 'junit.xml')])
      const result = await step(
        emulator,
        { file: 'app.apk', 'junit-report': 'junit.xml' },
        {
          workspace: built.workspace
        }
      )
      expect(result.exitCode).toBe(1)
      expect(result.stdout).toMatch(
        /::error title=Invalid input::junit-report names ".*junit\.xml", which is a FIFO, not a regular file/
      )
      expect(emulator.requests).toEqual([])
    })
  })
})

/**
 * A report target over the network, through the reporter seam: the step's
 * result posted as JSON to a URL the user gives, from the action, the CLI
 * and the library alike; retried by the one retry rule, stopped by the
 * caller's stop, its URL a secret, and never the step's failure.
 */
describe('the result webhook', () => {
  interface Received {
    method: string
    path: string
    type: string | undefined
    body: string
  }

  /** What a step printed, but the lines that register a secret with the runner. */
  const printed = (text: string): string =>
    text
      .split('\n')
      .filter(line => !line.startsWith('::add-mask::'))
      .join('\n')

  let emulator: Emulator
  let workspace: string
  let hook: Server
  let hookUrl: string
  const received: Received[] = []
  /** The statuses the hook answers with, in turn; 200 once they are used up. */
  let answers: number[] = []
  let hang = false

  beforeAll(async () => {
    emulator = await startEmulator()
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    hook = createServer((req: IncomingMessage, res) => {
      let body = ''
      req.setEncoding('utf8').on('data', chunk => (body += chunk))
      req.on('end', () => {
        received.push({
          method: req.method!,
          path: req.url!,
          type: req.headers['content-type'],
          body
        })
        if (hang) return
        res.writeHead(answers.shift() ?? 200).end('ok')
      })
    })
    await new Promise<void>(resolve => hook.listen(0, '127.0.0.1', resolve))
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/services/T0123/B0456/sEcReTtOkEnXyZ`
  })
  afterAll(async () => {
    hook.closeAllConnections()
    hook.close()
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    received.length = 0
    answers = []
    hang = false
  })

  describe("the step's result posted to a webhook", () => {
    it('the action: the result as JSON, once judged; the URL masked everywhere', async () => {
      const result = await step(
        emulator,
        { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expect(result.exitCode).toBe(0)
      expect(received).toHaveLength(1)
      const [posted] = received
      expect([posted!.method, posted!.path, posted!.type]).toEqual([
        'POST',
        '/services/T0123/B0456/sEcReTtOkEnXyZ',
        'application/json'
      ])
      const body = JSON.parse(posted!.body)
      expect(body).toMatchObject({
        outcome: 'success',
        conclusion: 'success',
        runId: result.outputs.runId,
        deployments: [expect.objectContaining({ runId: result.outputs.runId })]
      })
      // Its path is the secret: masked, while another link to the same host stays readable.
      expect(printed(result.stdout)).not.toContain('sEcReTtOkEnXyZ')
      expect(printed(result.stdout)).not.toContain('/services/T0123')
      expect(result.summary).not.toContain('sEcReTtOkEnXyZ')
    })

    it("a dry run posts nothing, so the notification's variables never leave", async () => {
      const result = await step(
        emulator,
        {
          file: 'app.apk',
          'dry-run': 'true',
          'result-webhook': hookUrl,
          variables: '{"TEST_PASSWORD": "hunter2-but-longer"}'
        },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expect(result.exitCode).toBe(0)
      expect(received).toHaveLength(0)
      expect(result.stdout).toMatch(/A dry run posts nothing to result-webhook/)
    })

    it("a webhook at the service's own root masks itself and breaks none of the service's links", async () => {
      // The root of the host every run's page is on: a prefix of each link, never masked inside one.
      const result = await step(
        emulator,
        { file: 'app.apk', 'result-webhook': `${emulator.baseUrl}/`, variables: run() },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs.runUrl).toBe(`${emulator.baseUrl}/runs/${result.outputs.runId}`)
      expect(result.summary).toContain(`](${emulator.baseUrl}/runs/${result.outputs.runId})`)
      expect(printed(result.stdout)).not.toMatch(/\*\*\*\/runs|http:\*\*\*/)
    })

    it('the CLI and the library post the same object their own result is', async () => {
      const cli = await runCli(
        [
          'deploy',
          '--file',
          'app.apk',
          '--result-webhook',
          hookUrl,
          '--json',
          '--variables',
          run()
        ],
        {
          env: cliEnv(emulator),
          cwd: workspace
        }
      )
      expect(cli.exitCode).toBe(EXIT.success)
      expect(JSON.parse(received[0]!.body)).toEqual(JSON.parse(cli.stdout))
      const library = await deployBuild({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        file: 'app.apk',
        workingDirectory: workspace,
        resultWebhook: hookUrl,
        variables: run()
      })
      expect(JSON.parse(received[1]!.body)).toEqual(JSON.parse(JSON.stringify(library)))
    })

    it('a 503 is retried by the one retry rule; a webhook that keeps failing is a warning, never the step', async () => {
      answers = [503]
      const retried = await step(
        emulator,
        { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expect(retried.exitCode).toBe(0)
      expect(received).toHaveLength(2)
      answers = [404]
      const refused = await step(
        emulator,
        { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expect(refused.exitCode).toBe(0)
      expect(refused.stdout).toMatch(
        /::warning::The result webhook \(result-webhook\) could not be written: POST http:\/\/127\.0\.0\.1:\d+\*\*\* answered 404/
      )
    })

    it("the caller's stop ends a webhook that never answers at once", async () => {
      hang = true
      const stop = new AbortController()
      const result = deployBuild({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        file: 'app.apk',
        workingDirectory: workspace,
        resultWebhook: hookUrl,
        variables: run(),
        signal: stop.signal
      })
      while (received.length === 0) await new Promise(resolve => setTimeout(resolve, 5))
      const stopped = Date.now()
      stop.abort(new Error('the caller stopped'))
      await result
      expect(Date.now() - stopped).toBeLessThan(2000)
      expect(received).toHaveLength(1)
    })

    it('plain http to a remote host is refused before any request, the URL not quoted back', async () => {
      const result = await step(
        emulator,
        { file: 'app.apk', 'result-webhook': 'http://hooks.example.com/services/sEcReT' },
        { workspace, env, eventName: 'workflow_dispatch' }
      )
      expectFailure(result, "Input 'result-webhook'", 'https URL')
      expect(printed(result.stdout)).not.toContain('sEcReT')
      expect(emulator.requests).toEqual([])
    })
  })
})

/**
 * The table of combinations (docs/development.md, from
 * script/combinations.ts), cell by cell: every mode with one build, several
 * builds and several of one app, in the action, the CLI and the library (run
 * in-process against the emulators, with the GitHub token or the unreachable
 * GitHub the column names), each either working as the table says or
 * refused before any request naming the inputs; and each wrapper's cell
 * held to the wrapper's own definition.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { READ_ONLY_TOKEN, WRITE_TOKEN } from '../../emulator/github-api.js'
import { clock } from '../../src/core/shared/clock.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { startSlack, type SlackStandIn } from '../../emulator/slack.js'
import { EXIT } from '../../src/cli/args.js'
import * as library from '../../src/index.js'
import { spelling } from '../../src/core/index.js'
import { stepYml } from '../../emulator/bitrise-step.js'
import {
  BUILDS,
  expected,
  FRONT_ENDS,
  GITHUB,
  MODES,
  type Builds,
  type FrontEnd,
  type GitHub,
  type Mode
} from '../../script/combinations.js'
import {
  PAIRINGS,
  pairingExpected,
  RUN_FRONT_ENDS,
  type Pairing,
  type RunFrontEnd
} from '../../script/pairings.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env as eventEnv, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

// The product and the emulators run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  for (const name of ['app.apk', 'app.ipa', 'app.aab'])
    await writeArtifact(name, 16 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const FILES: Record<Builds, string[]> = {
  'one build': ['app.apk'],
  'several builds': ['app.apk', 'app.ipa'],
  'several of one app': ['app.apk', 'app.aab']
}
/** What a skip cell names its check runs by, as the deploy of the cell's builds would (the emulator's builds' app ids). */
const SKIPS: Record<Builds, Record<string, string>> = {
  'one build': { 'expected-app-id': 'com.example.inspect', platform: 'android' },
  'several builds': { 'expected-app-id': 'android:com.example.inspect ios:com.example.written' },
  'several of one app': { 'expected-app-id': 'com.example.inspect', platform: 'android' }
}
const REPOSITORY = 'octo-org/octo-app'
/** Runs that end at once on the virtual clock. */
const QUICK = run({ initializingMs: 100, underReviewMs: 100 })

/** Where GitHub is for a column: the emulator's, with a token that writes or reads only, or nowhere. */
function github(column: GitHub): { token: string; apiUrl: string } {
  if (column === 'GitHub unreachable') return { token: WRITE_TOKEN, apiUrl: 'http://127.0.0.1:9' }
  return {
    token: column === 'read-only token' ? READ_ONLY_TOKEN : WRITE_TOKEN,
    apiUrl: emulator.github.url
  }
}

/** What a cell's run came to, in the terms every front end shares. */
interface Ran {
  ok: boolean
  usage: boolean
  text: string
}

/** The runs a wait-only cell waits for: a deploy of the cell's builds, its runIds. */
async function runsOf(builds: Builds): Promise<string> {
  const deployed = await library.deployBuild({
    apiKey: DEMO_API_KEY,
    baseUrl: emulator.baseUrl,
    file: FILES[builds],
    workingDirectory: workspace,
    variables: QUICK
  })
  return deployed.runIds!
}

/** A deploy of the cell's builds reported later on pull request #7 (open at HEAD), by a token that writes. */
async function reportedLater(builds: Builds): Promise<void> {
  const result = await step(
    emulator,
    { file: FILES[builds].join('\n'), 'report-later': 'true', variables: QUICK },
    { workspace, env: eventEnv, ...pullRequest(HEAD) }
  )
  expect(result.exitCode).toBe(0)
}

/** What a cell needs before its own requests: the runs a wait-only cell waits for, the check runs a collect cell collects (their runs ended). */
async function prepare(mode: Mode, builds: Builds): Promise<string> {
  if (mode === 'wait-only') return runsOf(builds)
  if (mode === 'collect') {
    await reportedLater(builds)
    await clock.sleep(60_000)
  }
  return ''
}

/** The action in a step on pull request #7, its inputs by the cell's mode. */
async function viaAction(mode: Mode, builds: Builds, column: GitHub, runIds: string): Promise<Ran> {
  const { token, apiUrl } = github(column)
  const files = FILES[builds].join('\n')
  const inputs: Record<string, string> = { 'github-token': token, variables: QUICK }
  const event: Parameters<typeof step>[2] = { workspace, ...pullRequest(HEAD) }
  switch (mode) {
    case 'deploy':
      Object.assign(inputs, { file: files, 'name-prefix': 'myapp' })
      break
    case 'upload only':
      Object.assign(inputs, { file: files, notify: 'false' })
      break
    case 'notify only':
      Object.assign(inputs, { 'run-input-path': 'ci/app.apk' })
      if (builds !== 'one build') inputs.file = files
      break
    case 'dry run':
      Object.assign(inputs, { file: files, 'dry-run': 'true' })
      break
    case 'wait-only':
      inputs['run-id'] = runIds
      break
    case 'report-later':
      Object.assign(inputs, { file: files, 'report-later': 'true' })
      break
    case 'collect':
      delete inputs.variables
      inputs.collect = 'true'
      Object.assign(event, { eventName: 'schedule', ref: 'refs/heads/main', event: {} })
      break
    case 'terminate':
      Object.assign(inputs, { 'terminate-environment': 'true', 'environment-alias': 'staging' })
      delete inputs.variables
      break
    case 'skip':
      Object.assign(inputs, { skip: 'true', 'api-key': '', 'base-url': '', ...SKIPS[builds] })
      delete inputs.variables
      break
  }
  const result = await step(emulator, inputs, {
    ...event,
    env: { ...eventEnv, GITHUB_API_URL: apiUrl }
  })
  return {
    ok: result.exitCode === 0,
    usage: /title=Invalid input::/.test(result.stdout),
    text: result.stdout
  }
}

/** The CLI's command for the cell's mode, with the GitHub context a workflow's job would give it. */
async function viaCli(mode: Mode, builds: Builds, column: GitHub, runIds: string): Promise<Ran> {
  const { token, apiUrl } = github(column)
  const files = FILES[builds].flatMap(file => ['--file', file])
  const git = ['--sha', HEAD, '--pull-request-number', '7']
  const argv: Record<Mode, () => Promise<string[]>> = {
    deploy: async () => [
      'deploy',
      ...files,
      '--name-prefix',
      'myapp',
      '--environment',
      'staging',
      ...git
    ],
    'upload only': async () => ['upload', ...files],
    'notify only': async () => [
      'notify',
      '--run-input-path',
      'ci/app.apk',
      ...(builds === 'one build' ? [] : files)
    ],
    'dry run': async () => ['deploy', ...files, '--dry-run'],
    'wait-only': async () => ['wait', '--run-id', runIds],
    'report-later': async () => ['deploy', ...files, '--report-later', ...git],
    collect: async () => ['collect'],
    terminate: async () => ['terminate', '--environment-alias', 'staging'],
    skip: async () => [
      'skip',
      '--sha',
      HEAD,
      ...Object.entries(SKIPS[builds]).flatMap(([name, value]) => [`--${name}`, value])
    ]
  }
  const args = await argv[mode]()
  const withVariables = ['deploy', 'notify'].includes(args[0]!) ? ['--variables', QUICK] : []
  const result = await runCli([...args, ...withVariables], {
    env: cliEnv(emulator, {
      GITHUB_TOKEN: token,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: apiUrl,
      MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1'
    }),
    cwd: workspace
  })
  return {
    ok: result.exitCode === EXIT.success,
    usage: result.exitCode === EXIT.usage,
    text: result.stderr
  }
}

/** The library's function for the cell's mode. */
async function viaLibrary(
  mode: Mode,
  builds: Builds,
  column: GitHub,
  runIds: string
): Promise<Ran> {
  const { token, apiUrl } = github(column)
  const connection = { apiKey: DEMO_API_KEY, baseUrl: emulator.baseUrl }
  const build = {
    ...connection,
    file: FILES[builds],
    workingDirectory: workspace,
    variables: QUICK
  }
  const git = { sha: HEAD, pullRequestNumber: 7 }
  const saved = process.env.GITHUB_API_URL
  process.env.GITHUB_API_URL = apiUrl
  try {
    const calls: Record<
      Mode,
      () => Promise<{ conclusion: string; cause: string; reason?: string }>
    > = {
      deploy: () =>
        library.deployBuild({ ...build, namePrefix: 'myapp', environment: 'staging', git }),
      'upload only': () =>
        library.uploadBuild({ ...connection, file: FILES[builds], workingDirectory: workspace }),
      'notify only': () =>
        library.notifyDeployment({
          ...connection,
          runInputPath: 'ci/app.apk',
          variables: QUICK,
          ...(builds === 'one build' ? {} : ({ file: FILES[builds] } as object))
        }),
      'dry run': () => library.deployBuild({ ...build, dryRun: true }),
      'wait-only': async () =>
        library.waitForVerdict({ ...connection, runId: runIds.split(' '), pollIntervalSeconds: 1 }),
      'report-later': () =>
        library.deployBuild({
          ...build,
          reportLater: true,
          githubToken: token,
          githubRepository: REPOSITORY,
          git
        }),
      collect: async () => {
        return library.collectVerdicts({
          ...connection,
          githubToken: token,
          githubRepository: REPOSITORY
        })
      },
      terminate: () => library.terminateEnvironment({ ...connection, environmentAlias: 'staging' }),
      skip: () =>
        library.skipDeployments({
          githubToken: token,
          githubRepository: REPOSITORY,
          git: { sha: HEAD },
          expectedAppId: SKIPS[builds]['expected-app-id']!,
          platform: SKIPS[builds].platform as 'android' | undefined
        })
    }
    const result = await calls[mode]()
    return {
      ok: result.conclusion !== 'failure',
      usage: result.cause === 'usage',
      text: result.reason ?? ''
    }
  } finally {
    if (saved === undefined) delete process.env.GITHUB_API_URL
    else process.env.GITHUB_API_URL = saved
  }
}

const SPELLINGS = { action: 'action', CLI: 'cli', library: 'library' } as const satisfies Partial<
  Record<FrontEnd, 'action' | 'cli' | 'library'>
>

const RUNNERS: Partial<Record<FrontEnd, typeof viaAction>> = {
  action: viaAction,
  CLI: viaCli,
  library: viaLibrary
}

const writes = (from: number) =>
  emulator.github.requests.slice(from).filter(r => r.method !== 'GET' && r.status < 300)

const cells = MODES.flatMap(mode =>
  BUILDS.flatMap(builds =>
    (['action', 'CLI', 'library'] as const).flatMap(front =>
      GITHUB.map(column => [mode, builds, front, column] as const)
    )
  )
)

describe('the combinations, cell by cell, in the action, the CLI and the library', () => {
  it.each(cells)('%s, %s, %s, %s', async (mode, builds, front, column) => {
    const cell = expected(mode, builds, front, column)
    if (cell.kind === 'not offered') {
      // A cell that cannot be reached says why: here, a mode that takes no build, or a skip of builds told apart by their files.
      expect(cell.why).toMatch(/takes no build|a skip does not have/)
      return
    }
    const runIds = await prepare(mode, builds)
    const services = emulator.requests.length
    const githubs = emulator.github.requests.length
    const ran = await RUNNERS[front]!(mode, builds, column, runIds)
    const own = emulator.requests.slice(services)
    switch (cell.kind) {
      case 'refused':
        expect([ran.ok, ran.usage]).toEqual([false, true])
        for (const name of cell.names) expect(ran.text).toContain(spelling(SPELLINGS[front]!, name))
        expect(own).toEqual([])
        return
      case 'fails after':
        expect([ran.ok, ran.usage]).toEqual([false, false])
        expect(ran.text).toContain(cell.names)
        expect(ran.text).toContain('will not reach')
        expect(own.some(r => r.route === 'deploy')).toBe(true)
        return
      case 'collect stops':
        expect(ran.ok).toBe(false)
        expect(ran.text).toContain(cell.names)
        return
      case 'fails':
        expect([ran.ok, ran.usage]).toEqual([false, false])
        expect(ran.text).toContain(cell.names)
        expect(own).toEqual([])
        return
      case 'works':
        if (!ran.ok) throw new Error(`${mode}, ${builds}, ${front}, ${column} failed: ${ran.text}`)
        if (cell.github === 'writes') expect(writes(githubs).length).toBeGreaterThan(0)
        else expect(writes(githubs)).toEqual([])
        if (cell.github === 'notice')
          expect(ran.text).toMatch(/Not shown on GitHub|could not be read with the token/)
        if (cell.github === 'reads')
          expect(emulator.github.requests.length).toBeGreaterThan(githubs)
        return
    }
  })
})

describe("the wrappers' cells, held to each wrapper's definition", () => {
  /** What each wrapper offers, read from its own files. */
  async function offers(front: FrontEnd): Promise<Set<Mode>> {
    const modes = new Set<Mode>()
    if (front === 'GitLab components') {
      const inputs = (name: string) =>
        readFile(`templates/${name}.yml`, 'utf8').then(
          text => parse(text.split('\n---\n')[0]!).spec.inputs as Record<string, unknown>
        )
      const deploy = await inputs('deploy')
      if ('file' in deploy) modes.add('deploy')
      if ('dry-run' in deploy) modes.add('dry run')
      if ('run-id' in (await inputs('wait'))) modes.add('wait-only')
      if ('environment-id' in (await inputs('terminate'))) modes.add('terminate')
      if ('report-later' in deploy) modes.add('report-later')
      if ('collect-max-requests' in (await inputs('collect'))) modes.add('collect')
      if ('skip-reason' in (await inputs('skip'))) modes.add('skip')
    }
    if (front === 'orb') {
      const command = async (name: string) =>
        parse(await readFile(`orb/src/commands/${name}.yml`, 'utf8')).parameters as Record<
          string,
          unknown
        >
      const deploy = await command('deploy_build')
      if ('file' in deploy) modes.add('deploy')
      if ('dry_run' in deploy) modes.add('dry run')
      if ('run_id' in (await command('wait'))) modes.add('wait-only')
      if ('environment_id' in (await command('terminate'))) modes.add('terminate')
      if ('skip_reason' in (await command('skip'))) modes.add('skip')
    }
    if (front === 'Bitrise step') {
      const step = await stepYml()
      const keys = step.inputs.map(input => Object.keys(input).find(key => key !== 'opts')!)
      const mode = step.inputs.find(input => 'mode' in input)?.opts?.value_options as
        string[] | undefined
      if (keys.includes('file') && mode?.includes('deploy')) modes.add('deploy')
      if (keys.includes('dry_run')) modes.add('dry run')
      if (keys.includes('run_id') && mode?.includes('wait')) modes.add('wait-only')
      if (keys.includes('skip_reason') && mode?.includes('skip')) modes.add('skip')
    }
    if (front === 'Bitbucket Pipe') {
      const script = await readFile('pipe/pipe.sh', 'utf8')
      const modes_ = /deploy \| wait \| collect \| skip\)/.test(script)
        ? ['deploy', 'wait', 'collect', 'skip']
        : []
      const takes = (variable: string) => script.includes(`\${${variable}:-}`)
      if (modes_.includes('deploy') && takes('BUILD')) modes.add('deploy')
      if (takes('DRY_RUN')) modes.add('dry run')
      if (modes_.includes('wait') && takes('RUN_ID')) modes.add('wait-only')
      if (takes('REPORT_LATER')) modes.add('report-later')
      if (modes_.includes('collect')) modes.add('collect')
      if (modes_.includes('skip') && takes('SKIP_REASON')) modes.add('skip')
    }
    return modes
  }

  it.each(FRONT_ENDS.filter(front => !RUNNERS[front]))(
    '%s: offers what the table says, and says why not elsewhere',
    async front => {
      const offered = await offers(front)
      for (const mode of MODES) {
        const cell = expected(mode, 'one build', front, 'token that writes')
        if (cell.kind === 'not offered') {
          expect([mode, offered.has(mode)]).toEqual([mode, false])
          expect(cell.why.length).toBeGreaterThan(20)
        } else {
          // The wrapper maps the mode to the CLI, whose cells run above; GitHub is its business only in a
          // skip of the orb or the step, the CLI's skip, which writes the check runs (run in e2e/circleci, e2e/bitrise).
          expect([mode, offered.has(mode)]).toEqual([mode, true])
          expect(cell).toEqual(
            mode === 'skip' && (front === 'orb' || front === 'Bitrise step')
              ? expected('skip', 'one build', 'CLI', 'token that writes')
              : { kind: 'works', github: 'untouched' }
          )
        }
      }
    }
  )
})

describe('options that meet, in the action, the CLI and the library', () => {
  let slack: SlackStandIn
  beforeAll(async () => {
    slack = await startSlack()
  })
  afterAll(() => slack.close())
  /** What a skip names its one check run by: an Android build of the emulator's app. */
  const SKIPPED = { 'expected-app-id': 'com.example.inspect', platform: 'android' }
  const skipFlags = ['--expected-app-id', 'com.example.inspect', '--platform', 'android']
  /** A failed check run of the skip's name on the head, as another deploy left it. */
  async function failedCheck(): Promise<void> {
    const answer = await fetch(`${emulator.github.url}/repos/${REPOSITORY}/check-runs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${WRITE_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28'
      },
      body: JSON.stringify({
        name: 'Mobile tests (Android: com.example.inspect)',
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'failure'
      })
    })
    expect(answer.status).toBe(201)
  }

  const release = { ref: 'refs/heads/release/2.1', sha: HEAD }
  const pushed = (ref: string) => ({
    eventName: 'push',
    ref,
    sha: HEAD,
    event: { ref, after: HEAD, repository: { default_branch: 'main' } }
  })
  const schedule = { eventName: 'schedule', ref: 'refs/heads/main', event: {} }

  /** The action's inputs and event for a pairing. */
  async function actionStep(pairing: Pairing, prepared: string): Promise<Ran> {
    const cases: Record<Pairing, [Record<string, string>, Parameters<typeof step>[2]]> = {
      'run-id with report-later': [{ 'run-id': prepared, 'report-later': 'true' }, {}],
      'terminate with report-later': [
        { 'terminate-environment': 'true', 'environment-alias': 'staging', 'report-later': 'true' },
        {}
      ],
      'terminate with wait': [
        { 'terminate-environment': 'true', 'environment-alias': 'staging', wait: 'true' },
        {}
      ],
      'collect with wait': [{ collect: 'true', wait: 'true' }, schedule],
      'report-later with dry-run': [
        { file: 'app.apk', 'report-later': 'true', 'dry-run': 'true' },
        pullRequest(HEAD)
      ],
      'report-later on a push to another branch': [
        { file: 'app.apk', 'report-later': 'true' },
        pushed(release.ref)
      ],
      'report-later on a tag': [
        { file: 'app.apk', 'report-later': 'true' },
        pushed('refs/tags/v2.1.0')
      ],
      'wait-only after the deploy, check false, pr-comment true': [{}, {}],
      'collect with a read-only token, nothing pending': [
        { collect: 'true', 'github-token': READ_ONLY_TOKEN },
        schedule
      ],
      'test-attestation with a deploy that does not wait': [
        { file: 'app.apk', 'test-attestation': 'attested' },
        pullRequest(HEAD)
      ],
      'test-attestation with run-id': [
        { 'run-id': prepared, 'test-attestation': 'attested' },
        pullRequest(HEAD)
      ],
      'skip with file': [{ skip: 'true', file: 'app.apk', ...SKIPPED }, pullRequest(HEAD)],
      'skip over a failed check run of that name': [
        { skip: 'true', ...SKIPPED },
        pullRequest(HEAD)
      ],
      'skip with slack-webhook': [
        { skip: 'true', 'slack-webhook': slack.url, ...SKIPPED },
        pullRequest(HEAD)
      ],
      'skip with check false': [{ skip: 'true', check: 'false', ...SKIPPED }, pullRequest(HEAD)],
      'collect on a pull_request event': [{ collect: 'true' }, pullRequest(HEAD)],
      'junit-report naming a folder': [
        { file: 'app.apk', wait: 'true', 'junit-report': '.' },
        pullRequest(HEAD)
      ],
      'test-attestation naming a file': [
        { file: 'app.apk', wait: 'true', 'test-attestation': 'app.apk' },
        pullRequest(HEAD)
      ],
      'required-abis with a build without native code': [
        { file: 'app.apk', 'required-abis': 'arm64-v8a' },
        pullRequest(HEAD)
      ]
    }
    if (pairing === 'wait-only after the deploy, check false, pr-comment true')
      return waitContinuesComment()
    const [inputs, event] = cases[pairing]
    const result = await step(
      emulator,
      { 'github-token': WRITE_TOKEN, variables: QUICK, ...inputs },
      { workspace, ...event, env: { ...eventEnv, GITHUB_API_URL: emulator.github.url } }
    )
    return {
      ok: result.exitCode === 0,
      usage: /title=Invalid input::/.test(result.stdout),
      text: result.stdout
    }
  }

  /** The docs' gate without a check: a deploy that comments, then a wait-only step that continues the comment. */
  async function waitContinuesComment(): Promise<Ran> {
    const env = { ...eventEnv, GITHUB_API_URL: emulator.github.url }
    const deployed = await step(
      emulator,
      { file: 'app.apk\napp.ipa', 'github-token': WRITE_TOKEN, variables: QUICK },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    const waited = await step(
      emulator,
      {
        'run-id': deployed.outputs.runIds!,
        check: 'false',
        'pr-comment': 'true',
        'github-token': WRITE_TOKEN
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body).toMatch(/✅ passed/)
    return { ok: waited.exitCode === 0, usage: false, text: waited.stdout }
  }

  async function cliStep(pairing: Pairing, runIds: string): Promise<Ran> {
    const argv: Record<Pairing, string[]> = {
      'run-id with report-later': ['wait', '--run-id', runIds, '--report-later'],
      'terminate with report-later': [
        'terminate',
        '--environment-alias',
        'staging',
        '--report-later'
      ],
      'terminate with wait': ['terminate', '--environment-alias', 'staging', '--wait'],
      'collect with wait': ['collect', '--wait'],
      'report-later with dry-run': [
        'deploy',
        '--file',
        'app.apk',
        '--report-later',
        '--dry-run',
        '--sha',
        HEAD,
        '--pull-request-number',
        '7'
      ],
      'report-later on a push to another branch': [
        'deploy',
        '--file',
        'app.apk',
        '--report-later',
        '--branch',
        'release/2.1',
        '--sha',
        HEAD
      ],
      'report-later on a tag': ['deploy', '--file', 'app.apk', '--report-later', '--sha', HEAD],
      'wait-only after the deploy, check false, pr-comment true': [],
      'collect with a read-only token, nothing pending': ['collect'],
      'test-attestation with a deploy that does not wait': [
        'deploy',
        '--file',
        'app.apk',
        '--test-attestation',
        'attested'
      ],
      'test-attestation with run-id': [
        'wait',
        '--run-id',
        runIds,
        '--test-attestation',
        'attested'
      ],
      'skip with file': ['skip', '--file', 'app.apk', '--sha', HEAD, ...skipFlags],
      'skip over a failed check run of that name': ['skip', '--sha', HEAD, ...skipFlags],
      'skip with slack-webhook': [
        'skip',
        '--sha',
        HEAD,
        '--slack-webhook',
        slack.url,
        ...skipFlags
      ],
      'skip with check false': [],
      'collect on a pull_request event': ['collect'],
      'junit-report naming a folder': ['deploy', '--file', 'app.apk', '--wait', '--junit', '.'],
      'test-attestation naming a file': [
        'deploy',
        '--file',
        'app.apk',
        '--wait',
        '--test-attestation',
        'app.apk'
      ],
      'required-abis with a build without native code': [
        'deploy',
        '--file',
        'app.apk',
        '--required-abis',
        'arm64-v8a'
      ]
    }
    const token = pairing.includes('read-only') ? READ_ONLY_TOKEN : WRITE_TOKEN
    const result = await runCli(argv[pairing], {
      env: cliEnv(emulator, {
        GITHUB_TOKEN: token,
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_API_URL: emulator.github.url,
        ...(pairing === 'collect on a pull_request event'
          ? { GITHUB_EVENT_NAME: 'pull_request' }
          : {})
      }),
      cwd: workspace
    })
    return {
      ok: result.exitCode === EXIT.success,
      usage: result.exitCode === EXIT.usage,
      text: result.stderr
    }
  }

  async function libraryCall(pairing: Pairing, runIds: string): Promise<Ran> {
    const connection = { apiKey: DEMO_API_KEY, baseUrl: emulator.baseUrl }
    const build = { ...connection, file: 'app.apk', workingDirectory: workspace, variables: QUICK }
    const github = { githubToken: WRITE_TOKEN, githubRepository: REPOSITORY }
    const loose = (options: object) => options as never
    const skipping = {
      ...github,
      git: { sha: HEAD },
      expectedAppId: SKIPPED['expected-app-id'],
      platform: 'android' as const
    }
    const calls: Record<
      Pairing,
      () => Promise<{ conclusion: string; cause: string; reason?: string }>
    > = {
      'run-id with report-later': () =>
        library.waitForVerdict(loose({ ...connection, runId: runIds, reportLater: true })),
      'terminate with report-later': () =>
        library.terminateEnvironment(
          loose({ ...connection, environmentAlias: 'staging', reportLater: true })
        ),
      'terminate with wait': () =>
        library.terminateEnvironment(
          loose({ ...connection, environmentAlias: 'staging', wait: true })
        ),
      'collect with wait': () =>
        library.collectVerdicts(loose({ ...connection, ...github, wait: true })),
      'report-later with dry-run': () =>
        library.deployBuild({
          ...build,
          ...github,
          reportLater: true,
          dryRun: true,
          git: { sha: HEAD, pullRequestNumber: 7 }
        }),
      'report-later on a push to another branch': () =>
        library.deployBuild({
          ...build,
          ...github,
          reportLater: true,
          git: { branch: 'release/2.1', sha: HEAD }
        }),
      'report-later on a tag': () =>
        library.deployBuild({ ...build, ...github, reportLater: true, git: { sha: HEAD } }),
      'wait-only after the deploy, check false, pr-comment true': () => {
        throw new Error('not offered')
      },
      'collect with a read-only token, nothing pending': () =>
        library.collectVerdicts({
          ...connection,
          githubToken: READ_ONLY_TOKEN,
          githubRepository: REPOSITORY
        }),
      'test-attestation with a deploy that does not wait': () =>
        library.deployBuild({ ...build, testAttestation: join(workspace, 'attested') }),
      'test-attestation with run-id': () =>
        library.waitForVerdict({
          ...connection,
          runId: runIds,
          testAttestation: join(workspace, 'attested')
        }),
      'skip with file': () => library.skipDeployments(loose({ ...skipping, file: 'app.apk' })),
      'skip over a failed check run of that name': () => library.skipDeployments(skipping),
      'skip with slack-webhook': () =>
        library.skipDeployments({ ...skipping, slackWebhook: slack.url }),
      'skip with check false': () => {
        throw new Error('not offered')
      },
      'collect on a pull_request event': () =>
        library.collectVerdicts({ ...connection, ...github }),
      'junit-report naming a folder': () => {
        throw new Error('not offered')
      },
      'test-attestation naming a file': () =>
        library.deployBuild({
          ...build,
          wait: true,
          testAttestation: join(workspace, 'app.apk')
        }),
      'required-abis with a build without native code': () =>
        library.deployBuild({ ...build, requiredAbis: ['arm64-v8a'] })
    }
    const saved = process.env.GITHUB_API_URL
    process.env.GITHUB_API_URL = emulator.github.url
    if (pairing === 'collect on a pull_request event')
      process.env.GITHUB_EVENT_NAME = 'pull_request'
    try {
      const result = await calls[pairing]()
      return {
        ok: result.conclusion !== 'failure',
        usage: result.cause === 'usage',
        text: result.reason ?? ''
      }
    } finally {
      delete process.env.GITHUB_EVENT_NAME
      if (saved === undefined) delete process.env.GITHUB_API_URL
      else process.env.GITHUB_API_URL = saved
    }
  }

  const RUN: Record<RunFrontEnd, (pairing: Pairing, runIds: string) => Promise<Ran>> = {
    action: actionStep,
    CLI: cliStep,
    library: libraryCall
  }

  it.each(PAIRINGS.flatMap(pairing => RUN_FRONT_ENDS.map(front => [pairing, front] as const)))(
    '%s, %s',
    async (pairing, front) => {
      const cell = pairingExpected(pairing, front)
      if (cell.kind === 'not offered') return expect(cell.why.length).toBeGreaterThan(10)
      // The runs a wait-only pairing names, and the check run a skip finds, exist before the cell's own requests are counted.
      const runIds = pairing.includes('run-id') ? await runsOf('one build') : ''
      if (pairing === 'skip over a failed check run of that name') await failedCheck()
      const services = emulator.requests.length
      const githubs = emulator.github.requests.length
      const ran = await RUN[front](pairing, runIds)
      if (cell.kind === 'refused') {
        expect([ran.ok, ran.usage]).toEqual([false, true])
        for (const name of cell.names) expect(ran.text).toContain(spelling(SPELLINGS[front], name))
        expect(emulator.requests.slice(services)).toEqual([])
        expect(writes(githubs)).toEqual([])
        return
      }
      if (!ran.ok) throw new Error(`${pairing}, ${front} failed: ${ran.text}`)
      if (cell.kind === 'works' && cell.github === 'reads') expect(writes(githubs)).toEqual([])
    }
  )
})

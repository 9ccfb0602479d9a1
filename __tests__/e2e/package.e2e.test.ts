/**
 * The npm package as its users get it: packed with `npm pack`, installed from
 * the tarball into an empty project, its CLI run from there under GitLab CI's
 * variables, its library imported by a consumer and its type declarations
 * compiled against, all against the emulator.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { WRITE_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { COMMANDS } from '../../src/cli/commands.js'
import { PRODUCT_VERSION } from '../../src/core/shared/version.js'
import { WRITTEN_APPS } from '../../emulator/builds.js'
import { freshWorkspace, requestsOf, writeArtifact } from '../helpers/harness.js'
import { nodeBinary, packedTarball } from '../helpers/tools.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { runCli } from '../helpers/front-ends.js'
import { junitProblems } from '../helpers/junit.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

const run = promisify(execFile)
const WINDOWS = process.platform === 'win32'
const SHA = '0123456789abcdef0123456789abcdef01234567'
/** Variables of a deployment whose emulated run stays initializing for ten minutes. */
const NEVER_ENDS = JSON.stringify({ EMULATOR_RUN: JSON.stringify({ initializingMs: 600_000 }) })

let emulator: Emulator
let project: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  const dir = await freshWorkspace()
  const tarball = await packedTarball(dir)
  project = join(dir, 'project')
  await mkdir(project)
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' })
  )
  await run(
    'npm',
    ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    { cwd: project, shell: WINDOWS }
  )
}, 180_000)
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command in the consumer project with only the given environment (and PATH). */
function inProject(command: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: project, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s))
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

/** The installed CLI, through the link npm made for it. */
function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const bin = WINDOWS
    ? [process.execPath, [join(project, 'node_modules/mobile-build-deploy/build/cli/index.js')]]
    : [join(project, 'node_modules/.bin/mobile-build-deploy'), []]
  return inProject(bin[0] as string, [...(bin[1] as string[]), ...args], {
    SERVICE_BASE_URL: emulator.baseUrl,
    ...env
  })
}

const GITLAB = {
  GITLAB_CI: 'true',
  CI_COMMIT_SHA: SHA,
  CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/login',
  CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: SHA,
  CI_MERGE_REQUEST_IID: '42',
  CI_MERGE_REQUEST_ID: '987654',
  CI_PROJECT_NAMESPACE: 'mobile/apps',
  CI_PROJECT_NAME: 'shop',
  CI_PROJECT_URL: 'https://gitlab.example.com/mobile/apps/shop'
}

/** A result without its timing, once the timing is checked: a start within this test, a duration. */
function untimed(result: Record<string, unknown>): Record<string, unknown> {
  const { startedAt, seconds, ...rest } = result
  expect(Date.parse(startedAt as string)).toBeGreaterThan(Date.now() - 300_000)
  expect(Date.parse(startedAt as string)).toBeLessThanOrEqual(Date.now())
  expect(typeof seconds === 'number' && seconds >= 0).toBe(true)
  return rest
}

describe('the CLI, installed from the packed package', () => {
  it('deploys under GitLab CI: a merge request name, the dotenv hand-over, JSON on stdout', async () => {
    const built = await writeArtifact('app-debug.apk', 200 * 1024, project)
    const env = join(project, 'deploy.env')
    const ran = await cli(
      ['deploy', '--file', '*.apk', '--name-prefix', 'myapp', '--json', '--output-env', env],
      { ...GITLAB, SERVICE_API_KEY: KEYS.main }
    )
    expect(ran.code).toBe(0)
    const runId = emulator.runs[0]!.id
    const outputs = {
      outcome: 'success',
      runId,
      runUrl: `${emulator.baseUrl}/runs/${runId}`,
      playgroundFileLocation: 'myapp-mobile-apps-shop-pr42.apk',
      fileLocation: 'team_demo/myapp-mobile-apps-shop-pr42.apk',
      artifactSha256: built.sha256,
      artifactSize: built.size,
      environmentId: 'env_myapp-mobile-apps-shop-pr42',
      ...WRITTEN_APPS.apk
    }
    const judged = { conclusion: 'success', cause: 'success' }
    expect(untimed(JSON.parse(ran.stdout))).toEqual({
      ...outputs,
      runIds: runId,
      environmentIds: outputs.environmentId,
      ...judged,
      deployments: [
        { name: `Mobile tests (Android: ${WRITTEN_APPS.apk.appId})`, ...outputs, ...judged }
      ]
    })
    expect(await readFile(env, 'utf8')).toContain(`runId=${runId}\n`)
    expect(ran.stderr).toContain(`Run ${runId} created`)
    const [deploy] = requestsOf(emulator, 'deploy')
    expect(deploy!.body).toEqual({
      variables: { RUN_INPUT_PATH: 'myapp-mobile-apps-shop-pr42.apk' },
      branch: 'feature/login',
      sha: SHA,
      hosting_service: 'GitLab',
      commit_url: `https://gitlab.example.com/mobile/apps/shop/-/commit/${SHA}`,
      merge_request_number: 42,
      // The branch and the destination: another build of this commit never supersedes this one's run.
      deduplication_key: 'feature/login/myapp-mobile-apps-shop-pr42.apk',
      repository: { namespace: 'mobile/apps', name: 'shop' }
    })
    expect(deploy!.headers['user-agent']).toBe(`mobile-build-deploy/${PRODUCT_VERSION} (cli)`)
    // Neither the key nor a signature reaches the output.
    const signature = requestsOf(emulator, 'upload')[0]!.query['X-Amz-Signature']!
    for (const secret of [KEYS.main, signature])
      expect(ran.stdout + ran.stderr).not.toContain(secret)
  })

  it('sends the build under another run variable with --run-variable, flags over the CI', async () => {
    await writeArtifact('app.ipa', 1024, project)
    const ran = await cli(
      [
        'deploy',
        '--file',
        'app.ipa',
        '--run-variable',
        'IOS_BUILD',
        '--branch',
        'hotfix',
        '--quiet'
      ],
      { ...GITLAB, SERVICE_API_KEY: KEYS.main }
    )
    expect(ran.code).toBe(0)
    expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
      variables: { IOS_BUILD: 'app.ipa' },
      branch: 'hotfix'
    })
    expect(ran.stdout).toMatch(/^outcome=success$/m)
    expect(ran.stderr).toBe('')
  })

  it('exits 1 when the service creates no run, 0 with --fail-on-no-run=false', async () => {
    const failed = await cli(['notify'], { SERVICE_API_KEY: KEYS.noTriggers })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(
      /^Error: The service created no run: no trigger matched this deployment\. .*--deployment-type.*Set --fail-on-no-run=false to make this a warning\.$/m
    )
    const warned = await cli(['notify', '--fail-on-no-run=false'], {
      SERVICE_API_KEY: KEYS.noTriggers
    })
    expect(warned.code).toBe(0)
    expect(warned.stdout).toMatch(/^outcome=failed$/m)
    expect(warned.stderr).toMatch(/^Warning \(No run created\): The service created no run/m)
  })

  it('exits 2 on bad usage, naming the flag and the fix', async () => {
    const noKey = await cli(['notify'])
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toContain('Error: Flag --api-key (or SERVICE_API_KEY) is empty.')
    const both = await cli(['deploy', '--file', 'a.apk', '--run-input-path', 'b.apk'], {
      SERVICE_API_KEY: KEYS.main
    })
    expect(both.code).toBe(2)
    expect(both.stderr).toContain(
      'Flag --run-input-path cannot be combined with --file. Use --file to upload a build'
    )
    const unknown = await cli(['deploy', '--nope'])
    expect(unknown.code).toBe(2)
    expect(emulator.requests).toHaveLength(0)
  })

  // Windows has no signals to send: a child there is ended outright, with no handler to run.
  const stops = [
    ['SIGINT', 130],
    ['SIGTERM', 143]
  ] as const
  if (WINDOWS) it.skip.each(stops)('%s (skipped: Windows cannot send a process a signal)', () => {})
  else
    it.each(stops)(
      '%s while it waits for a run that never finishes: exits %i at once, the run id handed over',
      async (signal, code) => {
        const started = spawn(
          join(project, 'node_modules/.bin/mobile-build-deploy'),
          ['notify', '--wait', '--poll-interval-seconds', '1', '--json', '--variables', NEVER_ENDS],
          {
            cwd: project,
            env: {
              PATH: process.env.PATH ?? '',
              HOME: project,
              SERVICE_BASE_URL: emulator.baseUrl,
              SERVICE_API_KEY: KEYS.main
            },
            stdio: ['ignore', 'pipe', 'pipe']
          }
        )
        let stdout = ''
        let stderr = ''
        started.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s))
        started.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s))
        const ended = new Promise<number | null>(resolve => started.on('close', resolve))
        // The run page's ask, then the wait's first: the CLI is waiting.
        while (requestsOf(emulator, 'greenlight').length < 2)
          await new Promise(r => setTimeout(r, 20))
        const sent = Date.now()
        started.kill(signal)
        expect(await ended).toBe(code)
        expect(Date.now() - sent).toBeLessThan(5_000)
        // The run exists and goes on: the outcome stays a success, the stop is the cause, and the
        // message says how to wait for it again.
        const runId = emulator.runs[0]!.id
        expect(JSON.parse(stdout)).toMatchObject({
          outcome: 'success',
          conclusion: 'failure',
          cause: 'canceled',
          runId
        })
        expect(stderr).toContain(
          `The wait for the verdict of run ${runId} was stopped (${signal}); the run goes on at the service`
        )
        expect(stderr).toContain(`Wait for its verdict again with --run-id=${runId}.`)
      }
    )
})

describe("the CLI's start-up paths, installed from the packed package", () => {
  const startUps = [['--version'], ['--help'], ...COMMANDS.map(c => [c.name, '--help'])].map(
    argv => [argv.join(' '), argv] as const
  )

  it.each(startUps)('%s prints what the source prints, and nothing else', async (_line, argv) => {
    const ran = await cli(argv)
    const source = await runCli(argv, { env: {}, cwd: project })
    expect(source.exitCode).toBe(0)
    expect(source.stdout).not.toBe('')
    expect(ran).toEqual({ code: source.exitCode, stdout: source.stdout, stderr: source.stderr })
  })

  /** The built-in modules a command line loads, as NODE_DEBUG=module reports them ("node:" dropped). */
  async function builtIns(argv: string[], env: Record<string, string> = {}): Promise<Set<string>> {
    const ran = await cli(argv, { ...env, NODE_DEBUG: 'module' })
    const loaded = [...ran.stderr.matchAll(/load built-in module (\S+)/g)]
    return new Set(loaded.map(match => match[1]!.replace(/^node:/, '')))
  }

  // The transport (http, https) and the Git detection (child_process) load only for a command that runs:
  // --version and --help read the option table alone.
  const RUN_ONLY = ['http', 'https', 'child_process']

  it('loads the transport and the Git detection for a command that runs (what the next test looks for)', async () => {
    const notify = await builtIns(['notify'], { SERVICE_API_KEY: KEYS.main })
    expect([...notify]).toEqual(expect.arrayContaining(RUN_ONLY))
  })

  it.each(startUps)('%s loads neither the transport nor the Git detection', async (_line, argv) => {
    const loaded = await builtIns(argv)
    expect(loaded.size).toBeGreaterThan(0)
    for (const name of RUN_ONLY) expect(loaded).not.toContain(name)
  })
})

describe('the library, imported from the packed package', () => {
  /** Runs a consumer module that imports the package and prints what its calls resolved with. */
  async function consumer(source: string): Promise<unknown> {
    await writeFile(join(project, 'consumer.mjs'), source)
    const ran = await inProject(process.execPath, ['consumer.mjs'], {})
    expect(ran.stderr).toBe('')
    return JSON.parse(ran.stdout)
  }

  it('resolves with the outputs, never rejects', async () => {
    const built = await writeArtifact('lib.apk', 4096, project)
    const results = (await consumer(`
      import { deployBuild, uploadBuild, notifyDeployment } from 'mobile-build-deploy'
      const base = { apiKey: ${JSON.stringify(KEYS.main)}, baseUrl: ${JSON.stringify(emulator.baseUrl)} }
      const lines = []
      const progress = []
      lines.push(await deployBuild({ ...base, file: 'lib.apk', git: { branch: 'main' }, log: { info: l => lines.length }, onProgress: (sent, total) => progress.push([sent, total]) }))
      lines.push(await uploadBuild({ ...base, file: 'lib.apk', destination: 'setup/lib.apk' }))
      lines.push(await notifyDeployment({ ...base, apiKey: ${JSON.stringify(KEYS.noTriggers)} }))
      lines.push(await deployBuild({ ...base, file: 'missing.apk' }))
      lines.push(await notifyDeployment({ ...base, baseUrl: 'http://127.0.0.1:1', maxAttempts: 1 }))
      lines.push(progress.at(-1))
      console.log(JSON.stringify(lines))
    `)) as Record<string, unknown>[]
    const outputs = {
      outcome: 'success',
      runId: emulator.runs[0]!.id,
      runUrl: `${emulator.baseUrl}/runs/${emulator.runs[0]!.id}`,
      playgroundFileLocation: 'lib.apk',
      fileLocation: 'team_demo/lib.apk',
      artifactSha256: built.sha256,
      artifactSize: 4096,
      environmentId: 'env_staging',
      ...WRITTEN_APPS.apk
    }
    const judged = { conclusion: 'success', cause: 'success' }
    expect(untimed(results[0]!)).toEqual({
      ...outputs,
      runIds: emulator.runs[0]!.id,
      environmentIds: outputs.environmentId,
      ...judged,
      deployments: [
        { name: `Mobile tests (Android: ${WRITTEN_APPS.apk.appId})`, ...outputs, ...judged }
      ]
    })
    expect(results[1]).toMatchObject({
      outcome: 'skipped',
      playgroundFileLocation: 'setup/lib.apk'
    })
    expect(results[2]).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('deploymentType')
    })
    const refused = { outcome: 'aborted', conclusion: 'failure', cause: 'usage' }
    expect(untimed(results[3]!)).toEqual({
      ...refused,
      reason: expect.stringMatching(/^Option 'file' "missing\.apk" matched no file/),
      deployments: [{ name: 'Mobile tests', ...refused }]
    })
    expect(results[4]).toMatchObject({
      outcome: 'aborted',
      reason: expect.stringContaining('ECONNREFUSED')
    })
    expect(results[5]).toEqual([4096, 4096])
    expect(requestsOf(emulator, 'deploy')[0]!.headers['user-agent']).toBe(
      `mobile-build-deploy/${PRODUCT_VERSION} (library)`
    )
  })

  it('ships type declarations a TypeScript consumer compiles against', async () => {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node']
        },
        files: ['consumer.ts']
      })
    )
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const compile = (source: string) =>
      writeFile(join(project, 'consumer.ts'), source).then(() =>
        inProject(process.execPath, [tsc, '-p', 'tsconfig.json'], {})
      )
    const good = await compile(`
      import { deployBuild, type DeployOptions, type DeployResult, type Outcome } from 'mobile-build-deploy'
      const options: DeployOptions = {
        apiKey: 'k', baseUrl: 'https://s.example.com', file: 'a.apk', variables: { LOCALE: 'en-GB', N: 3 },
        git: { branch: 'main', mergeRequestNumber: 4, repository: { namespace: 'g', name: 'r' } },
        signal: AbortSignal.timeout(1000), onProgress: (sent: number, total: number) => void [sent, total]
      }
      const result: DeployResult = await deployBuild(options)
      const outcome: Outcome = result.outcome
      export const id: string | undefined = outcome === 'success' ? result.runId : result.reason
    `)
    expect(good.stdout + good.stderr).toBe('')
    expect(good.code).toBe(0)
    // The declarations really constrain: a wrong type is refused.
    const bad = await compile(`
      import { deployBuild } from 'mobile-build-deploy'
      await deployBuild({ apiKey: 'k', baseUrl: 'b', maxAttempts: 'five' })
    `)
    expect(bad.code).not.toBe(0)
    expect(bad.stdout).toContain("Type 'string' is not assignable to type 'number'")
  })
})

describe('docs/library.md, as a TypeScript consumer copies it', () => {
  it('its examples compile under strict and exactOptionalPropertyTypes, and run: deploy, wait, gate, follow', async () => {
    const blocks = await codeBlocks('docs/library.md', 'ts')
    expect(blocks).toHaveLength(2)
    const files = blocks.map((_, i) => `example${i + 1}.ts`)
    // The reader's service is the emulator here.
    await Promise.all(
      blocks.map((block, i) =>
        writeFile(
          join(project, files[i]!),
          block.replaceAll('https://service.example.com', emulator.baseUrl)
        )
      )
    )
    await writeFile(
      join(project, 'tsconfig.examples.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'ES2022',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          outDir: 'out',
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node']
        },
        files
      })
    )
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const compiled = await inProject(process.execPath, [tsc, '-p', 'tsconfig.examples.json'], {})
    expect([compiled.code, compiled.stdout + compiled.stderr]).toEqual([0, ''])

    await writeArtifact('app/build/outputs/apk/release/app-release.apk', 8192, project)
    const env = { SERVICE_API_KEY: KEYS.main, MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
    const deployed = await inProject(process.execPath, ['out/example1.js'], env)
    const created = emulator.runs[0]!
    expect([deployed.code, deployed.stdout]).toEqual([
      0,
      `${created.id} myapp-staging.apk passed\n`
    ])
    expect(await junitProblems(await readFile(join(project, 'verdict.xml'), 'utf8'))).toEqual([])

    const followed = await inProject(process.execPath, ['out/example2.js', created.id], env)
    expect([followed.code, followed.stdout]).toEqual([0, 'passed\n'])
    expect(followed.stderr).toMatch(/completed/)
  }, 60_000)
})

describe("the run's verdict and preview environments, from the package", () => {
  const lifecycle = (final: string) =>
    JSON.stringify({
      EMULATOR_RUN: JSON.stringify({
        initializingMs: 300,
        underReviewMs: 300,
        final,
        bugs: [{ name: 'Crash', priority: 'urgent' }]
      })
    })
  const polling = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }

  it('deploy --wait exits 0 on a pass; wait --run-id exits 1 on blocking bugs', async () => {
    const passed = await cli(['notify', '--variables', lifecycle('passed'), '--wait', '--json'], {
      ...polling,
      SERVICE_API_KEY: KEYS.main
    })
    expect(passed.code).toBe(0)
    expect(JSON.parse(passed.stdout)).toMatchObject({
      outcome: 'success',
      verdict: 'passed',
      greenlight: true
    })

    await cli(
      ['notify', '--variables', lifecycle('failed'), '--deduplication-key', 'other', '--quiet'],
      {
        SERVICE_API_KEY: KEYS.main
      }
    )
    const failing = emulator.runs.at(-1)!.id
    const failed = await cli(['wait', '--run-id', failing, '--json'], {
      ...polling,
      SERVICE_API_KEY: KEYS.main
    })
    // Exit 3: the run failed with blocking bugs, told apart from a deploy that failed.
    expect(failed.code).toBe(3)
    expect(JSON.parse(failed.stdout)).toMatchObject({
      verdict: 'failed',
      bugs: [expect.objectContaining({ name: 'Crash', blocking: true })]
    })
    expect(failed.stderr).toMatch(
      new RegExp(
        `^Error: Run ${failing} failed with 1 blocking bug\\(s\\): #1 "Crash" \\(urgent, new\\)`,
        'm'
      )
    )
    const missing = await cli(['wait'], { SERVICE_API_KEY: KEYS.main })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Flag --run-id is missing')
  })

  it('terminate: 0 when ended and when already ended, 1 when unknown', async () => {
    const key = { SERVICE_API_KEY: KEYS.main }
    // A step without a build still lists its one deployment, named after the product.
    expect((await cli(['terminate', '--environment-id', 'env_staging'], key)).stdout).toBe(
      'environmentId=env_staging\noutcome=success\nenvironmentIds=env_staging\ndeployments=' +
        JSON.stringify([
          {
            name: 'Mobile tests',
            environmentId: 'env_staging',
            outcome: 'success',
            conclusion: 'success',
            cause: 'success'
          }
        ]) +
        '\n'
    )
    const again = await cli(['terminate', '--environment-id', 'env_staging'], key)
    expect([again.code, again.stdout]).toEqual([
      0,
      `outcome=success\ndeployments=${JSON.stringify([{ name: 'Mobile tests', outcome: 'success', conclusion: 'success', cause: 'success' }])}\n`
    ])
    expect(again.stderr).toContain('was already ended')
    const unknown = await cli(['terminate', '--environment-alias', 'nowhere'], key)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Check --environment-alias')
    const none = await cli(['terminate'], key)
    expect(none.code).toBe(2)
  })

  it('the library waits (callback and async iterator) and ends environments', async () => {
    await cli(['notify', '--variables', lifecycle('passed'), '--quiet'], {
      SERVICE_API_KEY: KEYS.main
    })
    const runId = emulator.runs.at(-1)!.id
    await writeFile(
      join(project, 'verdict.mjs'),
      `
      import { waitForVerdict, watchVerdict, terminateEnvironment } from 'mobile-build-deploy'
      const base = { apiKey: ${JSON.stringify(KEYS.main)}, baseUrl: ${JSON.stringify(emulator.baseUrl)} }
      const stages = []
      const waited = await waitForVerdict({ ...base, pollIntervalSeconds: 1, runId: ${JSON.stringify(runId)}, onStatus: s => stages.push(s.stage) })
      const updates = []
      for await (const update of watchVerdict({ ...base, pollIntervalSeconds: 1, runId: ${JSON.stringify(runId)} }))
        updates.push(update.kind === 'status' ? update.status.stage : update.result.verdict)
      const ended = await terminateEnvironment({ ...base, environmentAlias: 'staging' })
      const again = await terminateEnvironment({ ...base, environmentAlias: 'staging' })
      const bad = await terminateEnvironment({ ...base })
      console.log(JSON.stringify({ waited, stages, updates, ended, again, bad }))
    `
    )
    const ran = await inProject(process.execPath, ['verdict.mjs'], {})
    expect(ran.stderr).toBe('')
    const { waited, stages, updates, ended, again, bad } = JSON.parse(ran.stdout)
    expect(waited).toMatchObject({
      outcome: 'skipped',
      verdict: 'passed',
      greenlight: true,
      runUrl: `${emulator.baseUrl}/runs/${runId}`
    })
    expect(stages.at(-1)).toBe('completed')
    expect(updates).toEqual(['completed', 'passed'])
    const success = { outcome: 'success', conclusion: 'success', cause: 'success' }
    expect(ended).toEqual({
      ...success,
      state: 'terminated',
      environmentId: 'env_staging',
      environmentIds: 'env_staging',
      deployments: [{ name: 'Mobile tests', environmentId: 'env_staging', ...success }]
    })
    expect(again).toEqual({
      ...success,
      state: 'already',
      deployments: [{ name: 'Mobile tests', ...success }]
    })
    const refused = { outcome: 'aborted', conclusion: 'failure', cause: 'usage' }
    expect(bad).toEqual({
      ...refused,
      reason: expect.stringContaining(
        'Name the environment to end with exactly one of environmentId, environmentAlias, deploymentUrl or namePrefix'
      ),
      deployments: [{ name: 'Mobile tests', ...refused }]
    })
  })
})

describe('report-later and collect, from the package', () => {
  // A commit of its own: the emulator's token shares hex digits with SHA, and the redaction would mask them.
  const HEAD_SHA = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'
  const github = () => ({
    SERVICE_API_KEY: KEYS.main,
    GITHUB_TOKEN: WRITE_TOKEN,
    GITHUB_API_URL: emulator.github.url
  })
  const short = JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200 })
  })

  it('the CLI deploys with --report-later and ends; collect completes the check run and the comment; the library finds nothing left', async () => {
    emulator.github.pulls.push({
      number: 7,
      state: 'open',
      head: { ref: 'feature/login', sha: HEAD_SHA, owner: 'octo-org' }
    })
    const built = await writeArtifact('app.apk', 64 * 1024, project)
    const deployed = await cli(
      [
        'deploy',
        '--file',
        built.path,
        '--report-later',
        '--github-repository',
        'octo-org/octo-app',
        '--branch',
        'feature/login',
        '--sha',
        HEAD_SHA,
        '--pull-request-number',
        '7',
        '--variables',
        short,
        '--json'
      ],
      github()
    )
    expect(deployed.stderr).not.toMatch(/Error/)
    expect(deployed.code).toBe(0)
    const { runId } = JSON.parse(deployed.stdout) as { runId: string }
    expect(emulator.github.checkRuns).toHaveLength(1)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'in_progress',
      head_sha: HEAD_SHA
    })
    expect(emulator.github.comments[0]!.body).toMatch(/The verdict is pending/)

    // Without the repository, --report-later is refused before any request.
    const requests = emulator.requests.length
    const refused = await cli(
      ['deploy', '--file', built.path, '--report-later', '--sha', HEAD_SHA, '--branch', 'x'],
      github()
    )
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/--github-repository \(or GITHUB_REPOSITORY\) is empty/)
    expect(emulator.requests.length).toBe(requests)

    await new Promise(resolve => setTimeout(resolve, 800))
    const collected = await cli(
      ['collect', '--github-repository', 'octo-org/octo-app', '--json'],
      github()
    )
    expect(collected.stderr).not.toMatch(/Error/)
    expect(collected.code).toBe(0)
    const result = JSON.parse(collected.stdout)
    expect(result).toMatchObject({
      conclusion: 'success',
      cause: 'success',
      pending: 0,
      completed: [{ runId, verdict: 'passed', conclusion: 'success' }]
    })
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success'
    })
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body).toMatch(/✅ passed/)

    await writeFile(
      join(project, 'collect.mjs'),
      `
      import { collectVerdicts } from 'mobile-build-deploy'
      const base = { apiKey: ${JSON.stringify(KEYS.main)}, baseUrl: ${JSON.stringify(emulator.baseUrl)} }
      const again = await collectVerdicts({ ...base, githubToken: process.env.GITHUB_TOKEN, githubRepository: 'octo-org/octo-app' })
      const bad = await collectVerdicts({ ...base, githubToken: process.env.GITHUB_TOKEN })
      const stray = await collectVerdicts({ ...base, file: 'app.apk' })
      console.log(JSON.stringify({ again, bad, stray }))
    `
    )
    const writes = emulator.github.requests.filter(r => r.method !== 'GET').length
    const ran = await inProject(process.execPath, ['collect.mjs'], {
      GITHUB_TOKEN: WRITE_TOKEN,
      GITHUB_API_URL: emulator.github.url
    })
    expect(ran.stderr).toBe('')
    const { again, bad, stray } = JSON.parse(ran.stdout)
    expect(again).toMatchObject({ conclusion: 'success', completed: [], pending: 0 })
    expect(emulator.github.requests.filter(r => r.method !== 'GET').length).toBe(writes)
    expect(bad).toMatchObject({ conclusion: 'failure', cause: 'usage' })
    expect(bad.reason).toMatch(/Option 'githubRepository' is empty/)
    expect(stray).toMatchObject({ conclusion: 'failure', cause: 'usage' })
    expect(stray.reason).toMatch(/'file' is not an option of collectVerdicts/)
  })
})

describe('the package from CommonJS', () => {
  it.each([22, 24] as const)(
    'require() loads the library under Node %i, as import does',
    async major => {
      const node = await nodeBinary(major)
      await writeFile(
        join(project, 'required.cjs'),
        `const library = require('mobile-build-deploy')
        console.log(JSON.stringify(Object.keys(library).sort()))`
      )
      const ran = await inProject(node, ['required.cjs'], {})
      expect(ran.stderr).not.toMatch(/Error/)
      expect(JSON.parse(ran.stdout)).toEqual(
        expect.arrayContaining(['collectVerdicts', 'deployBuild', 'waitForVerdict'])
      )
    },
    180_000
  )
})

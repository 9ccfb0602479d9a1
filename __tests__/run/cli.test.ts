/**
 * The CLI as a CI engineer meets it, through main(io) against the emulator:
 * usage, --json for every exit, hand-over files that a shell and GitLab read
 * back exactly with nothing run, exit codes by cause, and stopping.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { COMMANDS } from '../../src/cli/commands.js'
import { helpText } from '../../src/cli/help.js'
import { PRODUCT_VERSION } from '../../src/core/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { gitlabDotenv } from '../helpers/gitlab-dotenv.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { WRITTEN_APPS } from '../../emulator/builds.js'
import { DEMO_API_KEY, freshWorkspace, requestsOf, writeArtifact } from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** Runs a command line in a fresh folder (or the given one) with the emulator's key and URL. */
async function cli(argv: string[], env: Record<string, string> = {}, cwd?: string) {
  return runCli(argv, { env: cliEnv(emulator, env), cwd: cwd ?? (await freshWorkspace()) })
}

/** Sources a shell hand-over in bash, in its own folder, and prints each variable back. */
function sourced(file: string, names: string[], cwd: string): Record<string, string> {
  const script = `set -eu; . "$1"; shift; for n in "$@"; do printf '%s=%s\\0' "$n" "\${!n-}"; done`
  const out = execFileSync('bash', ['-c', script, 'bash', file, ...names], {
    cwd,
    encoding: 'utf8'
  })
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map(pair => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
  )
}

describe('usage', () => {
  it('prints the help and exits 2 when run bare', async () => {
    const result = await cli([])
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/^Error: No command given\.\n/)
    expect(result.stderr).toContain('Usage: mobile-build-deploy <command> [flags]')
  })

  it('prints its version', async () => {
    expect(await cli(['--version'])).toEqual({
      exitCode: 0,
      stdout: `${PRODUCT_VERSION}\n`,
      stderr: ''
    })
  })

  it("prints the help for --help and a command's own for <command> --help, and nothing else", async () => {
    expect(await cli(['--help'])).toEqual({ exitCode: 0, stdout: helpText(), stderr: '' })
    for (const command of COMMANDS)
      expect(await cli([command.name, '--help'])).toEqual({
        exitCode: 0,
        stdout: helpText(command),
        stderr: ''
      })
  })

  it('suggests the nearest flag for an unknown one, and answers --json even then', async () => {
    const result = await cli(['deploy', '--fiel', 'app.apk', '--json'])
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toContain('Unknown flag --fiel')
    expect(result.stderr).toContain('Did you mean --file?')
    expect(JSON.parse(result.stdout)).toEqual({
      outcome: 'aborted',
      reason: expect.stringContaining('Did you mean --file?')
    })
  })

  it.each([
    ['success', ['notify'], EXIT.success, { outcome: 'success' }],
    [
      'no run created',
      ['notify', '--api-key', KEYS.noTriggers],
      EXIT['deploy-failed'],
      { outcome: 'failed' }
    ],
    [
      'a refused key',
      ['notify', '--api-key', 'unknown-key-0000'],
      EXIT['deploy-failed'],
      { outcome: 'aborted' }
    ],
    ['a bad value', ['notify', '--max-attempts', '0'], EXIT.usage, { outcome: 'aborted' }]
  ])('prints one JSON object on stdout for %s', async (_title, argv, exitCode, fields) => {
    const result = await cli([...argv, '--json'])
    expect(result.exitCode).toBe(exitCode)
    const json = JSON.parse(result.stdout) as Record<string, unknown>
    expect(json).toMatchObject(fields)
    if (exitCode !== EXIT.success) expect(json.reason).toEqual(expect.any(String))
  })

  it('names --base-url when nothing answers at the address', async () => {
    const result = await cli(['notify', '--max-attempts', '1'], {
      SERVICE_BASE_URL: 'http://127.0.0.1:1'
    })
    expect(result.exitCode).toBe(EXIT['deploy-failed'])
    expect(result.stderr).toMatch(
      /Error: .*ECONNREFUSED.*Check that --base-url \(or SERVICE_BASE_URL\) is the service's address/
    )
  })

  it('warns when no Git context could be found', async () => {
    const result = await cli(['notify'])
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toMatch(
      /Warning \(No Git context\): No Git context found.*Pass --branch and --sha\./
    )
  })

  it('says to check --run-id when the service never knows the run, after a short grace', async () => {
    const started = Date.now()
    const result = await cli([
      'wait',
      '--run-id',
      'run_0123456789abcdef',
      '--poll-interval-seconds',
      '1'
    ])
    expect(result.exitCode).toBe(EXIT['deploy-failed'])
    expect(result.stderr).toMatch(
      /knows no run run_0123456789abcdef in this workspace, or the verdict endpoint .* is not available for this workspace\. Check --run-id/
    )
    // The grace for a run id given by hand is a few seconds, not a minute and a half of retries.
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it('stops at once on Ctrl-C and exits 130', async () => {
    const controller = new AbortController()
    const cwd = await freshWorkspace()
    const running = runCli(
      ['wait', '--run-id', 'run_0123456789abcdef', '--poll-interval-seconds', '600'],
      { env: cliEnv(emulator), cwd, signal: controller.signal }
    )
    while (requestsOf(emulator, 'greenlight').length === 0)
      await new Promise(r => setTimeout(r, 10))
    const stopped = Date.now()
    controller.abort()
    const result = await running
    expect(result.exitCode).toBe(EXIT.interrupted)
    expect(Date.now() - stopped).toBeLessThan(5_000)
    // An ask under way when the wait stopped is still answered, not counted against the next test.
    await emulator.idle()
    expect(result.stderr).toMatch(/Error: The deploy was stopped before it finished/)
  })
})

describe('a deploy needs a build', () => {
  it.each([
    ['no --file', [], '--file is missing'],
    [
      'an empty --file',
      ['--file', ''],
      '--file is empty (an unset CI variable expands to nothing)'
    ],
    [
      'a --file of blanks',
      ['--file', '  '],
      '--file is empty (an unset CI variable expands to nothing)'
    ]
  ])('%s is bad usage, exit 2, before any request', async (_title, flags, words) => {
    const result = await cli(['deploy', ...flags, '--deployment-type', 'android', '--json'])
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toContain(`Error: Flag ${words}`)
    expect(result.stderr).toContain("use the 'notify' command")
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'aborted' })
    expect(JSON.parse(result.stdout).reason).toContain(words)
    expect(emulator.requests).toEqual([])
  })

  it('as a wrapper passes it: an unset variable in the flag says so', async () => {
    // What `--file "$MBD_FILE"` gives a wrapper's script when MBD_FILE is not set in the job.
    const env = { MBD_FILE: '' }
    const result = await cli(['deploy', '--file', env.MBD_FILE, '--output-env', 'out.env'])
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toMatch(
      /^Error: Flag --file is empty \(an unset CI variable expands to nothing\)\./m
    )
    expect(emulator.requests).toEqual([])
  })

  it('the plain notification stays the notify command', async () => {
    const result = await cli(['notify', '--json'])
    expect(result.exitCode).toBe(EXIT.success)
    expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
  })
})

describe("a pull request's build", () => {
  it.each([
    [
      'under a static environment: a warning, the build goes where it was told',
      ['--environment', 'staging'],
      'shop-staging.apk',
      true
    ],
    ['under its own name: no warning', [], 'shop-mobile-shop-pr7.apk', false]
  ])('%s', async (_title, flags, destination, warned) => {
    const { workspace } = await writeArtifact('app.apk', 1024)
    const result = await cli(
      [
        'deploy',
        '--file',
        'app.apk',
        '--name-prefix',
        'shop',
        '--pull-request-number',
        '7',
        ...flags
      ],
      { GITLAB_CI: 'true', CI_PROJECT_NAMESPACE: 'mobile', CI_PROJECT_NAME: 'shop' },
      workspace
    )
    expect(result.exitCode).toBe(EXIT.success)
    expect(emulator.runs.map(r => r.runInputPath)).toEqual([destination])
    const warning =
      /The build of pull request #7 goes to shop-staging\.apk, the static environment staging's name, and replaces its build/
    if (warned) expect(result.stderr).toMatch(warning)
    else expect(result.stderr).not.toMatch(/replaces its build/)
  })
})

describe("the run's page", () => {
  it('is asked for once when the run is created, and handed over without waiting', async () => {
    const built = await writeArtifact('app.apk')
    const result = await cli(['deploy', '--file', 'app.apk', '--json'], {}, built.workspace)
    expect(result.exitCode).toBe(EXIT.success)
    const outputs = JSON.parse(result.stdout) as Record<string, string>
    const run = emulator.runs[0]!
    expect(outputs).toMatchObject({ runId: run.id, runUrl: `${emulator.baseUrl}/runs/${run.id}` })
    expect(requestsOf(emulator, 'greenlight').map(r => r.path)).toEqual([
      `/api/v0/ci-greenlight/${run.id}`
    ])
    expect(outputs.verdict).toBeUndefined()
  })

  it('is a notice when that one ask fails, never a failure of the deploy', async () => {
    emulator.faults.add({ route: 'greenlight', status: 503 })
    const built = await writeArtifact('app.apk')
    const result = await cli(['deploy', '--file', 'app.apk', '--json'], {}, built.workspace)
    expect(result.exitCode).toBe(EXIT.success)
    const outputs = JSON.parse(result.stdout) as Record<string, string>
    expect(outputs).toMatchObject({ outcome: 'success', runId: emulator.runs[0]!.id })
    expect(outputs.runUrl).toBeUndefined()
    expect(result.stderr).toMatch(
      /could not be asked for \(.*503.*\); runUrl is empty\. The deploy itself is done\./
    )
    // Asked once: no retry for a courtesy.
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(1)
  })
})

describe('hand-over files', () => {
  const hostile = 'app-$(touch${IFS}PWNED)-`touch${IFS}PWNED2`-x.apk'

  it('checks --output-env before the first request: a run is never created for outputs that cannot be written', async () => {
    const cwd = (await writeArtifact('app.apk')).workspace
    // A file where its folder should be: a folder that is only missing is made.
    await writeFile(join(cwd, 'taken'), '')
    const result = await cli(
      ['deploy', '--file', 'app.apk', '--output-env', 'taken/mobile.env'],
      {},
      cwd
    )
    expect(result.exitCode).toBe(EXIT['deploy-failed'])
    expect(result.stderr).toMatch(/--output-env names "taken\/mobile.env", which cannot be written/)
    expect(emulator.requests).toEqual([])
  })

  it('replaces the file, so a later run never reads a value of an earlier one', async () => {
    const cwd = await freshWorkspace()
    await cli(['notify', '--output-env', 'mobile.env'], {}, cwd)
    expect(await readFile(join(cwd, 'mobile.env'), 'utf8')).toMatch(/^runId=run_/m)
    await cli(['notify', '--api-key', KEYS.noTriggers, '--output-env', 'mobile.env'], {}, cwd)
    const text = await readFile(join(cwd, 'mobile.env'), 'utf8')
    expect(text.split('\n').filter(line => !line.startsWith('deployments='))).toEqual([
      'outcome=failed',
      ''
    ])
    expect(text).not.toMatch(/runId/)
  })

  it('hands a hostile file name to a shell exactly, and nothing in it runs', async () => {
    const built = await writeArtifact(hostile)
    const cwd = built.workspace
    const result = await cli(
      ['upload', '--file', '*.apk', '--output-env', 'mobile.sh', '--output-env-format', 'shell'],
      {},
      cwd
    )
    expect(result.exitCode).toBe(0)
    const values = sourced(
      join(cwd, 'mobile.sh'),
      ['playgroundFileLocation', 'fileLocation', 'outcome', 'artifactSha256'],
      cwd
    )
    expect(values).toEqual({
      playgroundFileLocation: hostile,
      fileLocation: `team_demo/${hostile}`,
      outcome: 'skipped',
      artifactSha256: built.sha256
    })
    expect(existsSync(join(cwd, 'PWNED'))).toBe(false)
    expect(existsSync(join(cwd, 'PWNED2'))).toBe(false)
  })

  it('leaves a value GitLab would change out of the dotenv file, with a warning, and writes the rest exactly', async () => {
    const built = await writeArtifact(hostile)
    const cwd = built.workspace
    const result = await cli(['deploy', '--file', '*.apk', '--output-env', 'deploy.env'], {}, cwd)
    expect(result.exitCode).toBe(0)
    const text = await readFile(join(cwd, 'deploy.env'), 'utf8')
    const read = gitlabDotenv(text, { IFS: ' ', PATH: '/usr/bin' })
    expect(read).toEqual({
      outcome: 'success',
      runId: emulator.runs[0]!.id,
      runIds: emulator.runs[0]!.id,
      runUrl: `${emulator.baseUrl}/runs/${emulator.runs[0]!.id}`,
      environmentId: 'env_staging',
      environmentIds: 'env_staging',
      artifactSha256: built.sha256,
      artifactSize: String(built.size),
      ...WRITTEN_APPS.apk
    })
    expect(result.stderr).toMatch(
      /The playgroundFileLocation output is left out of the dotenv hand-over: its value has a \$/
    )
    // Each line is one variable: the value never makes a second line.
    expect(text.split('\n').filter(Boolean)).toHaveLength(Object.keys(read).length)
  })

  it("hands the service's own hostile words over sanitized too", async () => {
    // A verdict whose run link and bug name carry shell code.
    const evil = {
      runStage: 'completed',
      greenlight: false,
      relevantRunUrl: 'https://app.example.com/runs/$(touch${IFS}PWNED)',
      blockingBugsCount: 1,
      reproducedBugs: [{ name: "Crash'; touch PWNED; echo '\n::error::x", priority: 'urgent' }]
    }
    emulator.faults.add({ route: 'greenlight', status: 200, body: JSON.stringify(evil) })
    const cwd = await freshWorkspace()
    const result = await cli(
      ['wait', '--run-id', 'run_1', '--output-env', 'mobile.sh', '--output-env-format', 'shell'],
      {},
      cwd
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    const values = sourced(join(cwd, 'mobile.sh'), ['runUrl', 'bugs', 'verdict'], cwd)
    expect(values.runUrl).toBe(evil.relevantRunUrl)
    expect(JSON.parse(values.bugs!)[0].name).toBe("Crash'; touch PWNED; echo ' ::error::x")
    expect(values.verdict).toBe('failed')
    expect(existsSync(join(cwd, 'PWNED'))).toBe(false)
  })

  it("hands every output to Bitrise's envman NUL-ended, exactly, bugs included; nothing on stdout", async () => {
    const evil = {
      runStage: 'completed',
      greenlight: false,
      relevantRunUrl: 'https://app.example.com/runs/$(touch${IFS}PWNED)?a=1\x27',
      blockingBugsCount: 1,
      reproducedBugs: [{ name: "Crash'; touch PWNED #", priority: 'urgent' }]
    }
    emulator.faults.add({ route: 'greenlight', status: 200, body: JSON.stringify(evil) })
    const cwd = await freshWorkspace()
    const result = await cli(
      ['wait', '--run-id', 'run_1', '--output-env', 'out.nul', '--output-env-format', 'envman'],
      {},
      cwd
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    expect(result.stdout).toBe('')
    const fields = (await readFile(join(cwd, 'out.nul'), 'utf8')).split('\0')
    expect(fields.pop()).toBe('')
    const pairs = Object.fromEntries(
      fields.flatMap((field, i) => (i % 2 === 0 ? [[field, fields[i + 1]!]] : []))
    )
    expect(pairs).toMatchObject({
      runId: 'run_1',
      verdict: 'failed',
      runUrl: evil.relevantRunUrl,
      blockingBugsCount: '1'
    })
    expect(JSON.parse(pairs.bugs!)[0].name).toBe(evil.reproducedBugs[0]!.name)
  })

  it('hands the outputs of a deploy to a later job through the dotenv file of the GitLab recipe', async () => {
    const cwd = (await writeArtifact('app-release.apk')).workspace
    await mkdir(join(cwd, 'out'))
    await writeFile(join(cwd, 'out', 'keep'), '')
    const result = await cli(
      ['deploy', '--file', 'app-release.apk', '--output-env', 'out/deploy.env'],
      {},
      cwd
    )
    expect(result.exitCode).toBe(0)
    const read = gitlabDotenv(await readFile(join(cwd, 'out', 'deploy.env'), 'utf8'))
    expect(read.runId).toBe(emulator.runs[0]!.id)
    expect(read.playgroundFileLocation).toBe('app-release.apk')
  })
})

describe('--junit', () => {
  it('writes the verdict as a valid JUnit report and exits by cause', async () => {
    const cwd = await freshWorkspace()
    const variables = JSON.stringify({
      EMULATOR_RUN: JSON.stringify({
        initializingMs: 200,
        underReviewMs: 200,
        final: 'failed',
        bugs: [{ name: 'Crash' }]
      })
    })
    const result = await cli(
      [
        'notify',
        '--wait',
        '--poll-interval-seconds',
        '1',
        '--variables',
        variables,
        '--junit',
        'out/junit.xml'
      ],
      {},
      cwd
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    const xml = await readFile(join(cwd, 'out', 'junit.xml'), 'utf8')
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml).map(c => c.failure)).toEqual(['BlockingBugs', 'BlockingBug'])
  })

  it('is checked before the first request', async () => {
    const cwd = await freshWorkspace()
    await writeFile(join(cwd, 'taken'), 'a file where a folder should be')
    const result = await cli(['notify', '--junit', 'taken/junit.xml'], {}, cwd)
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toMatch(
      /--junit names "taken\/junit.xml", and ".*taken" on its way is a regular file, not a folder; nothing was sent/
    )
    expect(emulator.requests).toEqual([])
  })
})

describe('secrets a server echoes', () => {
  it.each([
    [
      'the service echoes the Authorization header',
      { route: 'signed-url' as const, status: 500, echo: true }
    ],
    [
      'the store echoes the signature as provided=…',
      { route: 'upload' as const, status: 403, echo: true }
    ]
  ])(
    '%s: the final line and --json carry neither the key nor the signature',
    async (_title, fault) => {
      emulator.faults.add({ ...fault, times: 5 })
      const cwd = (await writeArtifact('app.apk')).workspace
      const result = await cli(
        ['deploy', '--file', 'app.apk', '--json', '--max-attempts', '1'],
        {},
        cwd
      )
      expect(result.exitCode).toBe(EXIT['deploy-failed'])
      const signatures = emulator.requests
        .map(r => r.query['X-Amz-Signature'])
        .filter((s): s is string => Boolean(s))
      for (const text of [result.stdout, result.stderr]) {
        expect(text).not.toContain(DEMO_API_KEY)
        for (const signature of signatures) expect(text).not.toContain(signature)
      }
      expect(JSON.parse(result.stdout).reason).toMatch(/answered (500|403)/)
    }
  )
})

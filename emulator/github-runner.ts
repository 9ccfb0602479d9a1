import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { liveGitHubApis, WRITE_TOKEN } from './github-api.js'

/** The repository root, where action.yml and dist/ live. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** One step run of the action, the way a GitHub runner starts a `node24` action. */
export interface StepOptions {
  /** The `with:` map; action.yml defaults are applied for the rest. */
  inputs: Record<string, string>
  /** The working directory and GITHUB_WORKSPACE; a fresh temporary one by default. */
  workspace?: string
  eventName?: string
  event?: Record<string, unknown>
  ref?: string
  sha?: string
  repository?: string
  serverUrl?: string
  /** Extra environment, e.g. ACTIONS_STEP_DEBUG. */
  env?: Record<string, string>
  /** The node binary; the machine's by default (Node 24 through NODE24_BINARY). */
  node?: string
  /** Arguments before the script, e.g. when `node` is a wrapper such as /usr/bin/time. */
  nodeArgs?: string[]
  /** The script to run; dist/index.js by default. */
  main?: string
  /** Kills the step after this long (the runner's timeout-minutes). */
  timeoutMs?: number
  /**
   * Runs the step as another user: the runner's files are opened to it, and the
   * bundle is copied beside them, since that user may not enter the checkout.
   */
  user?: { uid: number; gid: number }
  /** Told the step's process once it is started: to signal it as the runner's cancel does. */
  onStart?: (child: ChildProcess) => void
}

export interface StepResult {
  exitCode: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  durationMs: number
}

interface ActionInput {
  default?: string
}

/** The inputs of action.yml with their defaults, as the runner reads them. */
export async function actionInputs(): Promise<Record<string, ActionInput>> {
  // Read once per process: every emulated step reads the same file, which no step changes.
  inputs ??= readFile(join(ROOT, 'action.yml'), 'utf8').then(text => {
    const action = parse(text) as { inputs?: Record<string, ActionInput> }
    return action.inputs ?? {}
  })
  return structuredClone(await inputs)
}
let inputs: Promise<Record<string, ActionInput>> | undefined

/** The environment a runner gives the step: INPUT_* with defaults applied, GITHUB_*, RUNNER_* and the file commands. */
export async function stepEnvironment(
  options: StepOptions,
  dir: string,
  workspace: string
): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName ?? 'push',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REF: options.ref ?? 'refs/heads/main',
    GITHUB_REF_NAME: (options.ref ?? 'refs/heads/main').replace(/^refs\/(heads|tags)\//, ''),
    GITHUB_SHA: options.sha ?? 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    GITHUB_REPOSITORY: options.repository ?? 'octo-org/octo-app',
    GITHUB_REPOSITORY_OWNER: (options.repository ?? 'octo-org/octo-app').split('/')[0]!,
    GITHUB_SERVER_URL: options.serverUrl ?? 'https://github.com',
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '1',
    GITHUB_ACTION: 'mobile',
    RUNNER_TEMP: join(dir, 'runner-temp'),
    RUNNER_OS: 'Linux',
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_ENV: join(dir, 'env'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_PATH: join(dir, 'path'),
    ...options.env
  }
  const declared = await actionInputs()
  for (const [name, spec] of Object.entries(declared)) {
    env[`INPUT_${name.toUpperCase()}`] = options.inputs[name] ?? evaluate(spec.default ?? '')
  }
  for (const [name, value] of Object.entries(options.inputs)) {
    // Undeclared inputs reach the step too (the runner only warns), so a misspelt one is visible in tests.
    env[`INPUT_${name.toUpperCase()}`] = value
  }
  return env
}

/** What a runner prepares for a step: its environment, event file and file commands, in a folder of their own. */
export interface PreparedStep {
  dir: string
  workspace: string
  env: Record<string, string>
  /** Reads back what the step wrote to GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. */
  written(): Promise<Pick<StepResult, 'outputs' | 'summary'>>
}

/**
 * Prepares a step as the runner does, runs `body` with it, and removes every
 * file made for the step (and the workspace, when it made one).
 */
export async function withStep<T>(
  options: StepOptions,
  body: (step: PreparedStep) => Promise<T>
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'runner-'))
  const ownWorkspace = options.workspace === undefined
  const workspace = options.workspace ?? (await mkdtemp(join(tmpdir(), 'workspace-')))
  try {
    const env = await stepEnvironment(options, dir, workspace)
    knownToGitHub(env, options.event ?? {})
    await mkdir(env.RUNNER_TEMP!, { recursive: true })
    await writeFile(env.GITHUB_EVENT_PATH!, JSON.stringify(options.event ?? {}))
    for (const file of FILE_COMMANDS) await writeFile(env[file]!, '')
    const written = async (): Promise<Pick<StepResult, 'outputs' | 'summary'>> => ({
      outputs: parseFileCommand(await readFile(env.GITHUB_OUTPUT!, 'utf8').catch(() => '')),
      summary: await readFile(env.GITHUB_STEP_SUMMARY!, 'utf8').catch(() => '')
    })
    return await body({ dir, workspace, env, written })
  } finally {
    await rm(dir, { recursive: true, force: true })
    if (ownWorkspace) await rm(workspace, { recursive: true, force: true })
  }
}

/**
 * What GitHub knows when it runs a workflow, told to the emulated GitHub the
 * step reaches (GITHUB_API_URL): a pull request event's pull request is open
 * (closed on `closed`) with its head at the event's commit, and a push to the
 * default branch is that branch's newest commit. A test that sets them up
 * itself keeps its own.
 */
function knownToGitHub(env: Record<string, string>, event: Record<string, unknown>): void {
  const api = liveGitHubApis().find(live => live.url === env.GITHUB_API_URL)
  if (!api) return
  const pull = event.pull_request as
    { number?: unknown; head?: { sha?: unknown; ref?: unknown } } | undefined
  if (/^pull_request/.test(env.GITHUB_EVENT_NAME ?? '') && typeof pull?.number === 'number') {
    const sha = typeof pull.head?.sha === 'string' ? pull.head.sha : env.GITHUB_SHA!
    const state = event.action === 'closed' ? 'closed' : 'open'
    const known = api.pulls.find(p => p.number === pull.number)
    if (known) Object.assign(known, { state, head: { ...known.head, sha } })
    else
      api.pulls.push({
        number: pull.number,
        state,
        head: {
          ref: typeof pull.head?.ref === 'string' ? pull.head.ref : `pr-${pull.number}`,
          sha,
          owner: (env.GITHUB_REPOSITORY ?? '').split('/')[0] ?? ''
        }
      })
  }
  const branch = `refs/heads/${api.repository.defaultBranch}`
  if (env.GITHUB_EVENT_NAME === 'push' && env.GITHUB_REF === branch && env.GITHUB_SHA)
    if (api.repository.commits[0] !== env.GITHUB_SHA) api.repository.commits.unshift(env.GITHUB_SHA)
}

/** The token a runner gives every job; tests see this one unless they pass their own. */
export const RUNNER_TOKEN = WRITE_TOKEN

/** A default of action.yml as the runner evaluates it: `${{ github.token }}` is the job's token. */
function evaluate(value: string): string {
  return value.replace(/\$\{\{\s*github\.token\s*\}\}/g, RUNNER_TOKEN)
}

/** Runs the bundled action as a step and reads back what it wrote; removes every file it made for the step. */
export async function runStep(options: StepOptions): Promise<StepResult> {
  return withStep(options, step => runIn(options, step))
}

async function runIn(
  options: StepOptions,
  { dir, workspace, env, written }: PreparedStep
): Promise<StepResult> {
  let main = options.main ?? join(ROOT, 'dist', 'index.js')
  if (options.user) {
    const bundle = join(dir, 'dist')
    await cp(dirname(main), bundle, { recursive: true })
    main = join(bundle, basename(main))
    for (const path of [
      dir,
      bundle,
      workspace,
      ...[...FILE_COMMANDS, 'RUNNER_TEMP', 'GITHUB_EVENT_PATH'].map(f => env[f]!)
    ]) {
      await chmod(path, 0o777)
    }
  }
  const started = Date.now()
  const node = options.node ?? process.env.NODE24_BINARY ?? process.execPath
  const child = spawn(node, [...(options.nodeArgs ?? []), main], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user
  })
  options.onStart?.(child)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s))
  const timer = options.timeoutMs
    ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
    : undefined
  const exitCode = await new Promise<number | null>((done, fail) => {
    child.on('close', code => done(code))
    child.on('error', fail)
  }).finally(() => clearTimeout(timer))
  return { exitCode, stdout, stderr, ...(await written()), durationMs: Date.now() - started }
}

export const FILE_COMMANDS = [
  'GITHUB_OUTPUT',
  'GITHUB_STEP_SUMMARY',
  'GITHUB_ENV',
  'GITHUB_STATE',
  'GITHUB_PATH'
] as const

/**
 * Parses a GITHUB_OUTPUT-style file: `name=value` lines and
 * `name<<DELIMITER` ... `DELIMITER` blocks, as the runner does.
 */
export function parseFileCommand(text: string): Record<string, string> {
  const result: Record<string, string> = {}
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc
      const value: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!)
      if (i >= lines.length)
        throw new Error(`Unterminated ${name}<<${delimiter} in the file command`)
      result[name!] = value.join('\n')
      continue
    }
    const eq = line.indexOf('=')
    if (eq <= 0) throw new Error(`Invalid file-command line: ${line}`)
    result[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return result
}

/** The `::error::` lines of a step's stdout, with their properties stripped. */
export function errorLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(line => line.startsWith('::error'))
    .map(line => line.replace(/^::error[^:]*::/, ''))
}

import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { afterAll, afterEach, expect } from '@jest/globals'
import {
  errorLines,
  runStep,
  type StepOptions,
  type StepResult
} from '../../emulator/github-runner.js'
import { liveGitHubApis } from '../../emulator/github-api.js'
import { liveGitLabApis } from '../../emulator/gitlab-api.js'
import { liveBitbucketApis } from '../../emulator/bitbucket-api.js'
import type { Emulator } from '../../emulator/server.js'
import { writeBuild } from '../../emulator/builds.js'
import { runStepInProcess } from './in-process.js'
import { eachFile } from './each-file.js'
import { DEMO_API_KEY } from '../../emulator/workspaces.js'

export { DEMO_API_KEY }

export interface Built {
  workspace: string
  path: string
  sha256: string
  size: number
}

const workspaces: string[] = []
eachFile(() => {
  // Every workspace the harness makes is removed once the test file is done with it.
  afterAll(async () => {
    await Promise.all(workspaces.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
  })

  // Every request sent to the emulated GitHub, GitLab or Bitbucket API is held to its own description and rules: a test whose requests broke one fails.
  afterEach(() => {
    for (const api of [...liveGitHubApis(), ...liveGitLabApis(), ...liveBitbucketApis()])
      expect(api.takeViolations()).toEqual([])
  })
})

/** A fresh, empty workspace, removed after the test file. */
export async function freshWorkspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ws-'))
  workspaces.push(dir)
  return dir
}

/** Writes a valid build of `size` bytes (random padding) at `relative` in a fresh workspace (or the given one); see writeBuild. */
export async function writeArtifact(
  relative = 'app-release.apk',
  size = 64 * 1024,
  workspace?: string
): Promise<Built> {
  const dir = workspace ?? (await freshWorkspace())
  const path = join(dir, relative)
  await mkdir(dirname(path), { recursive: true })
  return { workspace: dir, path, sha256: await writeBuild(path, size), size }
}

/** A build tool's stand-in (a bash script) that leaves a new valid build of `size` bytes at `output`, as gradle or xcodebuild would. */
export async function buildToolScript(output: string, size = 64 * 1024): Promise<string> {
  const built = await writeArtifact(`prebuilt${extname(output)}`, size)
  return `#!/usr/bin/env bash\nmkdir -p "$(dirname '${output}')"\ncp '${built.path}' '${output}'\n`
}

/** A gradle stand-in that leaves a new valid build for each task it is given: `assembleRelease` the APK, `bundleRelease` the AAB, where gradle does. */
export async function gradleScript(size = 64 * 1024): Promise<string> {
  const apk = await writeArtifact('prebuilt.apk', size)
  const aab = await writeArtifact('prebuilt.aab', size)
  return [
    '#!/usr/bin/env bash',
    'for task in "$@"; do',
    '  case "$task" in',
    `    assembleRelease) mkdir -p app/build/outputs/apk/release && cp '${apk.path}' app/build/outputs/apk/release/app-release.apk ;;`,
    `    bundleRelease) mkdir -p app/build/outputs/bundle/release && cp '${aab.path}' app/build/outputs/bundle/release/app-release.aab ;;`,
    '  esac',
    'done',
    ''
  ].join('\n')
}

/** How a step runs: the action's run() in this process, or the bundle as the runner starts it. */
export type Runner = 'in-process' | 'bundle'

/** Runs the action against the emulator with the key and base URL filled in; in this process unless the bundle is asked for. */
export async function step(
  emulator: Emulator,
  inputs: Record<string, string>,
  options: Omit<StepOptions, 'inputs'> & { runner?: Runner } = {}
): Promise<StepResult> {
  const { runner = 'in-process', ...rest } = options
  const stepOptions: StepOptions = {
    timeoutMs: 120_000,
    ...rest,
    // GitHub's API is the emulator's: a step never reaches the real one.
    env: { GITHUB_API_URL: emulator.github.url, ...rest.env },
    inputs: { 'api-key': DEMO_API_KEY, 'base-url': emulator.baseUrl, ...inputs }
  }
  const result =
    runner === 'bundle' ? await runStep(stepOptions) : await runStepInProcess(stepOptions)
  expectNoLeaks(result, emulator)
  return result
}

/** Writes `app.apk` (`size` random bytes) in a fresh workspace and runs the step uploading it. */
export async function stepWithBuild(
  emulator: Emulator,
  inputs: Record<string, string> = {},
  options: Omit<StepOptions, 'inputs' | 'workspace'> & { size?: number; runner?: Runner } = {}
): Promise<{ built: Built; result: StepResult }> {
  const { size, ...rest } = options
  const built = await writeArtifact('app.apk', size)
  const result = await step(
    emulator,
    { file: 'app.apk', ...inputs },
    { ...rest, workspace: built.workspace }
  )
  return { built, result }
}

/**
 * The API key and every signed URL's signature appear nowhere in what the step
 * printed or wrote, except in the `::add-mask::` lines that register them.
 */
export function expectNoLeaks(result: StepResult, emulator: Emulator): void {
  const secrets = [...emulator.workspaces.map(w => w.apiKey), ...emulator.github.tokens.keys()]
  for (const r of emulator.requests) {
    if (r.route === 'upload' && r.query['X-Amz-Signature']) secrets.push(r.query['X-Amz-Signature'])
  }
  const printed = [result.stdout, result.stderr]
    .join('\n')
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
  const everything = [printed, JSON.stringify(result.outputs), result.summary].join('\n')
  for (const secret of secrets) expect(everything).not.toContain(secret)
  expect(everything).not.toMatch(/X-Amz-Signature=/)
}

/** The step failed with exactly one `::error::` line containing every given phrase, and no stack trace. */
export function expectFailure(result: StepResult, ...phrases: string[]): string {
  expect(result.exitCode).toBe(1)
  const errors = errorLines(result.stdout)
  expect(errors).toHaveLength(1)
  for (const phrase of phrases) expect(errors[0]).toContain(phrase)
  expect(result.stdout + result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  return errors[0]!
}

/** The emulator's requests of one route. */
export function requestsOf(emulator: Emulator, route: string) {
  return emulator.requests.filter(r => r.route === route)
}

/** The titles the action gives its annotations; any other title in the log came from outside. */
const OUR_TITLES = [
  'Invalid input',
  'Mobile build deploy failed',
  'Service warning',
  'No run created',
  'No run for this preview',
  'Deployment not healthy',
  'Not shown on GitHub',
  'Pull request unknown',
  'Event value left out',
  'Artifact outside the workspace',
  'Unsigned release build',
  'Expired provisioning profile',
  'Build value cut short',
  'Check name shared',
  'Check name',
  'Run page unknown'
]
const OUR_COMMAND = new RegExp(
  `^::(add-mask|debug|group|endgroup|notice|warning|error)(?: title=(?:${OUR_TITLES.join('|')}))?::`
)

/**
 * The lines of a step's output that a runner would take for a workflow command
 * the action did not mean to write: `::` after white space with another
 * command or title, or the older `##[` prefix anywhere in a line.
 */
export function foreignCommands(result: StepResult): string[] {
  return [result.stdout, result.stderr]
    .join('\n')
    .split(/\r\n|\r|\n/)
    .filter(line => (/^\s*::/.test(line) && !OUR_COMMAND.test(line)) || line.includes('##['))
}

/**
 * The scalar outputs of a step of one deployment, with `deployments` checked
 * to say the same of its one entry (its values as text, beside its name,
 * conclusion and cause): every test that reads the scalars holds the array to
 * them too.
 */
export function scalarOutputs(outputs: Record<string, string>): Record<string, string> {
  const { deployments, ...scalars } = outputs
  const entries = JSON.parse(deployments ?? 'null') as Record<string, unknown>[] | null
  if (!Array.isArray(entries) || entries.length !== 1)
    throw new Error(`deployments is not an array of one entry: ${String(deployments)}`)
  const { name, conclusion, cause, ...values } = entries[0]!
  if (typeof name !== 'string' || name === '') throw new Error('the deployment has no name')
  void conclusion
  void cause
  // runIds and environmentIds are the step's: with one build, its one run and environment.
  const { bugs, runIds, environmentIds, ...rest } = scalars
  void bugs
  if ((runIds ?? '') !== (rest.runId ?? ''))
    throw new Error(`runIds is ${String(runIds)}, the one run ${String(rest.runId)}`)
  if ((environmentIds ?? '') !== (rest.environmentId ?? ''))
    throw new Error(
      `environmentIds is ${String(environmentIds)}, the one environment ${String(rest.environmentId)}`
    )
  const asText = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value)
    ])
  )
  if (JSON.stringify(Object.entries(asText).sort()) !== JSON.stringify(Object.entries(rest).sort()))
    throw new Error(
      `deployments[0] says ${JSON.stringify(asText)}, the outputs ${JSON.stringify(rest)}`
    )
  return scalars
}

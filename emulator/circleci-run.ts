/** CircleCI's run of compiled jobs and workflows, as circleci-orb.ts describes it. */
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { runLogged } from './processes.js'
import {
  WORKFLOW_KEYS,
  Parameter,
  Orb,
  schemaProblems,
  refuse,
  checkOrb,
  bind
} from './circleci-orb.js'
import {
  CompiledStep,
  compileSteps,
  compileConfigSteps,
  compileOrbJob
} from './circleci-compile.js'

export interface StepRun {
  name: string
  code: number
  output: string
}

export interface JobResult {
  steps: StepRun[]
  /** The paths store_test_results was given, relative to the working directory. */
  testResults: string[]
  /** The job's status: the first failed step's exit code, or 0. */
  code: number
}

/** Where a job runs: its working directory, the repository checkout copies, the workflow's workspace. */
export interface JobPlace {
  cwd: string
  repository?: string
  workspace?: string
  /** Keep the BASH_ENV an earlier job left in cwd (a later job of the same machine, in tests). */
  keepBashEnv?: boolean
  /** The image's shell: bash (the default), or an image without it, whose /bin/sh is busybox's or dash. */
  shell?: 'bash' | 'busybox' | 'dash'
}

/** A PATH of busybox's applets and node alone: an Alpine image with Node, as far as a step sees it. */
export async function busyboxPath(cwd: string): Promise<string> {
  const bin = join(cwd, '.busybox-bin')
  await mkdir(bin, { recursive: true })
  const { output } = await runLogged('busybox', ['--list'], {
    cwd,
    env: { PATH: process.env.PATH }
  })
  for (const applet of output.split('\n').filter(Boolean))
    await symlink('/usr/bin/busybox', join(bin, applet)).catch(() => undefined)
  await symlink(process.execPath, join(bin, 'node')).catch(() => undefined)
  return bin
}

/** How a `run` step's shell starts: bash as CircleCI's images have it, or an image without bash (busybox, dash). */
const SHELLS = {
  bash: ['bash', '-eo', 'pipefail'],
  busybox: ['/usr/bin/busybox', 'sh', '-eo', 'pipefail'],
  dash: ['dash', '-e']
} as const

/** Runs compiled steps as CircleCI's machine runs them, with `env` (the project's and the context's variables, CircleCI's own). */
export async function runCompiled(
  steps: CompiledStep[],
  place: JobPlace,
  env: Record<string, string>
): Promise<JobResult> {
  const { cwd } = place
  await mkdir(cwd, { recursive: true })
  const bashEnv = join(cwd, '.circleci-bash-env')
  if (!place.keepBashEnv) await writeFile(bashEnv, '')
  // The steps' temporary files (the installed CLI) stay in the job's folder, removed with the test's workspace.
  const temp = join(cwd, '.circleci-tmp')
  await mkdir(temp, { recursive: true })
  const jobEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: temp,
    ...env,
    BASH_ENV: bashEnv
  }
  const result: JobResult = { steps: [], testResults: [], code: 0 }
  const shell = place.shell ?? 'bash'
  if (shell === 'busybox') jobEnv.PATH = await busyboxPath(cwd)
  const [program, ...options] = SHELLS[shell]
  for (const step of steps) {
    switch (step.kind) {
      case 'checkout':
        if (!place.repository) refuse('checkout: the job has no repository to check out')
        await cp(place.repository, cwd, { recursive: true })
        continue
      case 'store_test_results':
        result.testResults.push(step.path)
        continue
      case 'persist_to_workspace':
        if (!place.workspace) refuse('persist_to_workspace: the job is in no workflow')
        for (const path of step.paths) {
          await mkdir(dirname(join(place.workspace, path)), { recursive: true })
          await cp(resolve(cwd, step.root, path), join(place.workspace, path), { recursive: true })
        }
        continue
      case 'attach_workspace':
        if (!place.workspace) refuse('attach_workspace: the job is in no workflow')
        await mkdir(place.workspace, { recursive: true })
        await cp(place.workspace, resolve(cwd, step.at), { recursive: true })
        continue
      case 'run': {
        const failed = result.code !== 0
        if (step.when === 'on_success' ? failed : step.when === 'on_fail' ? !failed : false)
          continue
        const { code, output } = await runLogged(program!, [...options, '-c', step.command], {
          cwd,
          env: { ...jobEnv, ...step.environment }
        })
        result.steps.push({ name: step.name, code, output })
        if (code !== 0 && result.code === 0) result.code = code
      }
    }
  }
  return result
}

/** Compiles a job's steps (in a config importing the orb as mobile-build-deploy), then runs them in `cwd`. */
export async function runJob(
  orb: Orb,
  steps: unknown[],
  cwd: string,
  env: Record<string, string>,
  options: { keepBashEnv?: boolean; shell?: JobPlace['shell'] } = {}
): Promise<JobResult> {
  const compiled = await compileConfigSteps(orb, steps)
  return runCompiled(compiled, { cwd, ...options }, env)
}

export interface ConfigJob {
  steps: unknown[]
  parameters?: Record<string, Parameter>
  environment?: Record<string, string>
}

/** A job of a workflow, compiled. */
export interface PlannedJob {
  name: string
  requires: string[]
  steps: CompiledStep[]
  env: Record<string, string>
}

/**
 * A config's one workflow compiled as CircleCI compiles it: the config valid
 * against CircleCI's schema, the orb imported under one alias, each job (the
 * config's own or the orb's) with its parameters, in the workflow's order.
 */
export async function compileWorkflow(
  imported: Orb,
  config: Record<string, unknown>
): Promise<PlannedJob[]> {
  const problems = await schemaProblems(config)
  if (problems.length)
    refuse(`The config is not valid against CircleCI's schema:\n${problems.join('\n')}`)
  const orbs = (config.orbs ?? {}) as Record<string, unknown>
  // An orb inlined into the config (npm run copy -- circleci) is that orb, checked as a packed one is.
  const inline = Object.keys(orbs).find(a => orbs[a] !== null && typeof orbs[a] === 'object')
  const alias =
    inline ??
    Object.keys(orbs).find(a => /^[a-z][a-z0-9_-]+\/mobile-build-deploy@/.test(String(orbs[a])))
  const orb = inline ? (orbs[inline] as Orb) : imported
  if (inline) await checkOrb(orb)
  if (Object.keys(orbs).length !== (alias ? 1 : 0))
    refuse(`The config imports orbs this stand-in does not have: ${JSON.stringify(orbs)}`)
  const workflows = Object.values((config.workflows ?? {}) as Record<string, { jobs: unknown[] }>)
  if (workflows.length !== 1) refuse('The stand-in runs a config with one workflow')
  const jobs = (config.jobs ?? {}) as Record<string, ConfigJob>

  const planned: PlannedJob[] = []
  for (const entry of workflows[0]!.jobs) {
    const [[reference, invocation = {}]] = Object.entries(
      typeof entry === 'string' ? { [entry]: {} } : (entry as Record<string, unknown>)
    ) as [[string, Record<string, unknown>]]
    const given = Object.fromEntries(
      Object.entries(invocation).filter(([k]) => !WORKFLOW_KEYS.has(k))
    )
    const name = (invocation.name as string | undefined) ?? reference
    const requires = (invocation.requires as string[] | undefined) ?? []
    for (const required of requires)
      if (!planned.some(p => p.name === required))
        refuse(`Job ${name} requires ${required}, which comes before it in no workflow`)
    const qualified = /^([^/]+)\/(.+)$/.exec(reference)
    if (qualified) {
      if (qualified[1] !== alias)
        refuse(`The workflow runs ${reference}, and no orb is imported as ${qualified[1]}`)
      planned.push({
        name,
        requires,
        steps: await compileOrbJob(orb, qualified[2]!, given),
        env: {}
      })
    } else {
      const job =
        jobs[reference] ??
        refuse(`The workflow runs job ${reference}, which the config does not declare`)
      const steps = await compileSteps(job.steps, bind(job.parameters, given, `job ${reference}`), {
        orb,
        alias: alias ?? '',
        where: `job ${reference}`
      })
      planned.push({ name, requires, steps, env: job.environment ?? {} })
    }
  }
  return planned
}

/**
 * Runs a config's one workflow, compiled first (a refusal runs nothing): each
 * job in order, in `root/<job>`, a required job's failure skipping those that
 * require it. `repository` is what checkout copies.
 */
export async function runWorkflow(
  orb: Orb,
  config: Record<string, unknown>,
  root: string,
  repository: string,
  env: Record<string, string>
): Promise<Record<string, JobResult | 'skipped'>> {
  const planned = await compileWorkflow(orb, config)
  const results: Record<string, JobResult | 'skipped'> = {}
  const workspace = join(root, '.workspace')
  for (const job of planned) {
    if (job.requires.some(r => results[r] === 'skipped' || (results[r] as JobResult).code !== 0)) {
      results[job.name] = 'skipped'
      continue
    }
    results[job.name] = await runCompiled(
      job.steps,
      { cwd: join(root, job.name), repository, workspace },
      { ...env, ...job.env }
    )
  }
  return results
}

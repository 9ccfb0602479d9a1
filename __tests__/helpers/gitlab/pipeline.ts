/** The pipeline GitLab creates for an event (workflow:rules, job rules, a job without rules), and the docs' pipelines. */
import { parseAllDocuments } from 'yaml'
import { RELEASE } from '../cli-release.js'
import { codeBlocks } from '../../../script/docs-pages.js'

import { isMapping, type Mapping } from './values.js'
import { evaluateIf, type Variables } from './rules.js'

/** The keys of a configuration that are not jobs. */
export const GLOBAL_KEYS = new Set([
  'image',
  'services',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'default',
  'stages',
  'workflow',
  'include',
  'spec'
])
export const DEFAULT_STAGES = ['build', 'test', 'deploy']
export const RULE_KEYS = new Set(['if', 'when', 'allow_failure'])

/** The jobs of a configuration: every key that is not global and not hidden (`.name`). */
export function jobsOf(config: Mapping): Record<string, Mapping> {
  const jobs: Record<string, Mapping> = {}
  for (const [name, job] of Object.entries(config))
    if (!GLOBAL_KEYS.has(name) && !name.startsWith('.')) {
      if (!isMapping(job)) throw new Error(`job ${name} is not a mapping`)
      jobs[name] = job
    }
  return jobs
}

/** The first rule that matches, as GitLab picks it; keys other than if, when, allow_failure are refused. */
export function firstMatch(
  rules: unknown,
  where: string,
  variables: Variables
): Mapping | undefined {
  if (!Array.isArray(rules)) throw new Error(`${where}: rules is not a list`)
  for (const rule of rules) {
    if (!isMapping(rule)) throw new Error(`${where}: a rule is not a mapping`)
    const unknown = Object.keys(rule).filter(key => !RULE_KEYS.has(key))
    if (unknown.length > 0)
      throw new Error(`${where}: rules with ${unknown.join(', ')} are refused`)
    if (rule.if === undefined || evaluateIf(String(rule.if), variables)) return rule
  }
  return undefined
}

/**
 * The pipeline GitLab creates from an expanded configuration for an event's
 * variables, or undefined when it creates none: workflow:rules decide
 * whether it exists; a job with rules is in it when its first matching rule
 * is not `when: never`; a job without rules (nor only/except) gets GitLab's
 * default `only: [branches, tags]` (never a merge-request pipeline) unless
 * workflow:rules exist, which drop that default; a pipeline with no job is
 * not created; a job that needs one left out (not optional), or one in a
 * later stage, makes the configuration invalid. The result is the
 * configuration without what GitLab decided on: each job's rules become its
 * `when` and `allow_failure` (a manual rule fails the pipeline unless told
 * otherwise), and workflow goes.
 */
export function createPipeline(config: Mapping, variables: Variables): Mapping | undefined {
  if ('include' in config) throw new Error('expand the includes first (expandIncludes)')
  const workflow = config.workflow
  const hasWorkflowRules = isMapping(workflow) && workflow.rules !== undefined
  if (hasWorkflowRules) {
    const rule = firstMatch(workflow.rules, 'workflow', variables)
    if (!rule || rule.when === 'never') return undefined
  }
  const mergeRequest = variables.CI_PIPELINE_SOURCE === 'merge_request_event'
  const branchOrTag =
    !mergeRequest && Boolean(variables.CI_COMMIT_BRANCH || variables.CI_COMMIT_TAG)
  if (!mergeRequest && !branchOrTag)
    throw new Error('the variables name no branch, tag or merge-request pipeline')

  const stages = ['.pre', ...((config.stages as string[] | undefined) ?? DEFAULT_STAGES), '.post']
  const kept: Record<string, Mapping> = {}
  for (const [name, job] of Object.entries(jobsOf(config))) {
    for (const key of ['only', 'except', 'extends', 'trigger'])
      if (key in job) throw new Error(`${name}: ${key} is not evaluated here`)
    if (job.when === 'never') throw new Error(`${name}: when: never belongs in rules`)
    const { rules, ...rest } = job
    if (rules === undefined) {
      if (hasWorkflowRules || branchOrTag) kept[name] = rest
      continue
    }
    const rule = firstMatch(rules, name, variables)
    if (!rule || rule.when === 'never') continue
    const when = (rule.when as string | undefined) ?? (job.when as string | undefined)
    const allowFailure =
      rule.allow_failure ?? job.allow_failure ?? (when === 'manual' ? false : undefined)
    kept[name] = {
      ...rest,
      ...(when === undefined ? {} : { when }),
      ...(allowFailure === undefined ? {} : { allow_failure: allowFailure })
    }
  }
  if (Object.keys(kept).length === 0) return undefined

  for (const [name, job] of Object.entries(kept)) {
    const stage = stages.indexOf((job.stage as string | undefined) ?? 'test')
    if (stage === -1) throw new Error(`${name}: its stage ${String(job.stage)} is not in stages`)
    if (job.needs === undefined) continue
    if (!Array.isArray(job.needs)) throw new Error(`${name}: needs is not a list`)
    job.needs = job.needs.filter(need => {
      const { job: needed, optional = false } = isMapping(need)
        ? (need as { job: string; optional?: boolean })
        : { job: need as string }
      if (!(needed in kept)) {
        if (optional) return false
        throw new Error(`${name} needs ${needed}, which is not in the pipeline`)
      }
      if (stages.indexOf((kept[needed]!.stage as string | undefined) ?? 'test') > stage)
        throw new Error(`${name} needs ${needed}, which runs in a later stage`)
      return true
    })
  }
  const globals = Object.fromEntries(
    Object.entries(config).filter(([key]) => GLOBAL_KEYS.has(key) && key !== 'workflow')
  )
  return { ...globals, ...kept }
}

// ---------------------------------------------------------------------------------------------
// Events

/** What GitLab's predefined variables say about a pipeline: a branch push, or a merge request's. */
export interface Event {
  /** A push to `branch`; `openMergeRequest` when a merge request from it is open (its reference, project!iid). */
  branch?: string
  openMergeRequest?: string
  /** A pipeline of `branch` a schedule started (CI_PIPELINE_SOURCE schedule), not a push. */
  scheduled?: boolean
  /** A merge request's pipeline: its IID, source and target branches. */
  mergeRequest?: { iid: number; source: string; target: string; reference: string }
}

/** The predefined variables GitLab sets for an event, those that rules and the CLI read. */
export function eventVariables(event: Event, defaultBranch = 'main'): Record<string, string> {
  const common = { CI_DEFAULT_BRANCH: defaultBranch }
  if (event.mergeRequest) {
    const { iid, source, target, reference } = event.mergeRequest
    // No CI_COMMIT_BRANCH in a merge request's pipeline.
    return {
      ...common,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_COMMIT_REF_NAME: source,
      CI_MERGE_REQUEST_IID: String(iid),
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: source,
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: target,
      CI_OPEN_MERGE_REQUESTS: reference
    }
  }
  if (!event.branch) throw new Error('an event is a branch push or a merge request')
  return {
    ...common,
    CI_PIPELINE_SOURCE: event.scheduled ? 'schedule' : 'push',
    CI_COMMIT_BRANCH: event.branch,
    CI_COMMIT_REF_NAME: event.branch,
    ...(event.openMergeRequest ? { CI_OPEN_MERGE_REQUESTS: event.openMergeRequest } : {})
  }
}

// ---------------------------------------------------------------------------------------------
// The docs' pipelines

/** How a pipeline installs the CLI: its tarball (a URL or a path) and the tarball's SHA-256. */
export interface CliPin {
  package: string
  sha256: string
}

/** A component of this project as docs/gitlab.md includes it from the catalog. */
export const CATALOG_COMPONENT = new RegExp(
  `^\\$CI_SERVER_FQDN/${RELEASE.home.gitlab.replace(/[.]/g, '\\.')}/([\\w-]+)@(\\d+\\.\\d+\\.\\d+)$`
)

/** A component as `npm run copy -- gitlab` writes it into a project, included by `include: local`. */
export const COPIED_COMPONENT = /^\.gitlab\/mobile-build-deploy\/([\w-]+)\.yml$/

/**
 * The pipelines of docs/gitlab.md as a reader copies them, each `component:`
 * include (and each of a copy's, `npm run copy -- gitlab`) rewritten to the
 * same file of this project (`include: local`, as a component is tested in
 * its own project) and its catalog version returned
 * beside it. With `cli`, every installation of the CLI takes that tarball:
 * each component's cli-package and cli-sha256 inputs, and each job's
 * MBD_CLI_PACKAGE and MBD_CLI_SHA256 variables.
 */
export async function docsPipelines(
  cli?: CliPin
): Promise<{ pipeline: Mapping; versions: string[] }[]> {
  const blocks = await codeBlocks('docs/gitlab.md', 'yaml')
  return blocks.map((block, index) => {
    const parsed = parseAllDocuments(block, { version: '1.1' })
    if (!Array.isArray(parsed) || parsed.length !== 1 || parsed[0]!.errors.length > 0)
      throw new Error(`docs/gitlab.md's YAML block ${index + 1} is not one YAML document`)
    const pipeline = parsed[0]!.toJS() as Mapping
    const versions: string[] = []
    if (pipeline.include !== undefined) {
      if (!Array.isArray(pipeline.include)) throw new Error('include is not a list')
      pipeline.include = pipeline.include.map((entry: Mapping) => {
        const { component, local, inputs = {}, ...rest } = entry
        const [, name, version] =
          (component === undefined
            ? COPIED_COMPONENT.exec(String(local))
            : CATALOG_COMPONENT.exec(String(component))) ?? []
        if (!name || (component !== undefined && !version) || Object.keys(rest).length > 0)
          throw new Error(`docs/gitlab.md includes ${JSON.stringify(entry)}, not this catalog's`)
        if (version) versions.push(version)
        const pinned = cli ? { 'cli-package': cli.package, 'cli-sha256': cli.sha256 } : {}
        return { local: `templates/${name}.yml`, inputs: { ...(inputs as Mapping), ...pinned } }
      })
    }
    if (cli)
      for (const job of Object.values(jobsOf(pipeline))) {
        const variables = job.variables as Mapping | undefined
        if (variables && 'MBD_CLI_PACKAGE' in variables)
          Object.assign(variables, { MBD_CLI_PACKAGE: cli.package, MBD_CLI_SHA256: cli.sha256 })
      }
    return { pipeline, versions }
  })
}

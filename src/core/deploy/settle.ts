import type { Limits } from '../options/time-limits.js'
import { resolveOptions, type Mode, type Settings } from '../options/resolve.js'
import type { GitContext } from '../shared/git-context.js'
import type { Command, OptionKey } from '../shared/option-table.js'
import { ensureReportPaths } from '../report/targets.js'
import type { OutputFilter } from './output-filter.js'
import { pullRequestOfRun } from './pull-request.js'
import type { DeployHooks } from './session.js'

/** The modes whose Git context names a pull request: a fork's is looked up for them. */
const NAMES_A_PULL_REQUEST: readonly Mode[] = ['deploy', 'upload', 'notify', 'plain']

/**
 * The settings the step runs on: the options read and checked, with the Git
 * context the CI tells, and the paths its reports go to usable; a fork's pull request, looked up once, is part of
 * what it tells, so the settings are derived again with it. Nothing writes
 * them after.
 */
export async function settle(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks,
  output: OutputFilter,
  limits: Limits
): Promise<Settings> {
  const derived = (git: GitContext | undefined) =>
    resolveOptions({
      frontEnd: hooks.frontEnd,
      command,
      values,
      derived: git,
      env: hooks.env,
      workingDirectory: hooks.workingDirectory
    })
  const settings = derived(hooks.ci?.git)
  output.secrets.add(settings.apiKey)
  output.secrets.add(settings.values.githubToken)
  output.secrets.add(settings.values.gitlabToken)
  output.secrets.add(settings.values.bitbucketToken)
  // A report that could never be written is bad usage, found before the first request (a fork's lookup below).
  await ensureReportPaths(settings.values, settings.workingDirectory)
  if (!NAMES_A_PULL_REQUEST.includes(settings.mode)) return settings
  const number = await pullRequestOfRun(
    hooks.ci?.pullRequestLookup,
    settings.values.githubToken,
    { frontEnd: hooks.frontEnd, timeouts: limits.timeouts, signal: hooks.signal },
    output.log
  )
  return number === undefined ? settings : derived({ ...hooks.ci?.git, pullRequestNumber: number })
}

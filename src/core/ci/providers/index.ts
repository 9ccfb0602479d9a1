/**
 * The CIs whose variables are read, first match wins. Variable names checked
 * against each CI's documentation, with env-ci, ci-info and danger-js as
 * references; where those get a CI wrong (GitLab's merge request number, the
 * branch of a CircleCI pull request, Bitrise's repository) the CI's own
 * documentation decides. The CLI's help, docs/cli.md's table of the Git
 * context and the advice for an empty key all come from this list.
 */
import { AZURE } from './azure.js'
import { BITBUCKET } from './bitbucket.js'
import { BITRISE } from './bitrise.js'
import { BUILDKITE } from './buildkite.js'
import { CIRCLECI } from './circleci.js'
import { CODEMAGIC } from './codemagic.js'
import { GITHUB } from './github.js'
import { GITLAB } from './gitlab.js'
import { JENKINS } from './jenkins.js'
import { signalled, type Env, type Provider } from './provider.js'
import { XCODE_CLOUD } from './xcode-cloud.js'

export type { Env, Found, Provider } from './provider.js'

export const PROVIDERS: readonly Provider[] = [
  GITLAB,
  GITHUB,
  BITRISE,
  CIRCLECI,
  JENKINS,
  AZURE,
  BUILDKITE,
  CODEMAGIC,
  XCODE_CLOUD,
  BITBUCKET
]

/** The CI this job runs on, by its variables; undefined outside a known CI. */
export function detectProvider(env: Env): Provider | undefined {
  return PROVIDERS.find(provider => signalled(provider, env))
}

const SET_IT_UP =
  'Pass the workspace API key, kept as a secret such as SERVICE_API_KEY (README.md, "Quick start on GitHub", shows where it is set)'

/**
 * Why a CI gave the job no API key, and where to set it. An empty key is
 * almost never a typo: each CI withholds secrets from some pipelines on
 * purpose (a fork's pull request, an unprotected branch, a job without its
 * context), and the fix is in the CI's settings, not in the step.
 */
export function whyTheKeyIsEmpty(env: Env | undefined): string {
  return (env && detectProvider(env)?.keyAdvice?.(env)) ?? SET_IT_UP
}

/** The Markdown table of the Git context on each CI, for docs/cli.md (npm run docs). */
export function providersTable(): string {
  const rows = PROVIDERS.map(provider => {
    const detected = provider.signals.map(signal => `\`${signal.variable}\``).join(', or ')
    const { branch, commit, request, repository } = provider.reads
    return `| ${provider.name} | ${detected} | ${branch} | ${commit} | ${request} | ${repository} |`
  })
  return [
    '| CI | detected by | branch | commit | pull / merge request | repository |',
    '|---|---|---|---|---|---|',
    ...rows,
    '| anything else | — | `git rev-parse --abbrev-ref HEAD` | `git rev-parse HEAD` | — | from `git config remote.origin.url` |'
  ].join('\n')
}

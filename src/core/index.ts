/**
 * The core's one entry point: what the action, the CLI and the library may
 * use. Nothing else under src/core is reachable from a front end (lint rule).
 */

// The deploy: one orchestrator for every mode of every front end.
export { runDeploy, type CiContext, type CompletedDeploy } from './deploy/orchestrator.js'
export type { Settings } from './options/resolve.js'
// The collect of verdicts reported later: a flow of the deploy, for every front end.
export {
  collectResultOf,
  runCollect,
  type CollectOutcome,
  type CollectResult
} from './deploy/collect.js'

// The reports: one set of facts, one judgement, the surfaces they are shown on.
export type { DeployEvent } from './report/events.js'
export type { Deployment, StepFacts } from './report/facts.js'
export type { Reporter } from './report/reporter.js'
export type { Outcome } from './model.js'
export type { Judgement, Conclusion, Cause } from './report/judgement.js'
export { judgementOf, conclude, stepJudgement } from './report/judgement.js'
export { resultOf, type DeployResult } from './report/result.js'
export {
  outputsOf,
  outputValuesOf,
  type DeploymentOutputs,
  type OutputName,
  type OutputValues
} from './report/outputs.js'
export { junitDocument, junitXml } from './report/junit.js'
export { summaryMarkdown } from './report/summary.js'
export {
  carriesMarker,
  checkConclusion,
  checkOutput,
  commentBody,
  commentMarker,
  isPending,
  type CheckConclusion
} from './report/github.js'
export { factsLine, readFactsLine, type PendingFacts } from './report/pending.js'
export { stageWords } from './report/words.js'
export { buildKey, externalId, parseExternalId, type CheckIdentity } from './report/identity.js'
export { handOver, HAND_OVER_FORMATS, type HandOverFormat } from './report/handover.js'

// What the build was read to be before anything was sent.
export type {
  BuildFacts,
  BuildFormat,
  BuildWarning,
  AndroidBuild,
  IosBuild,
  OtherBuild,
  ProvisioningProfile,
  ProfileKind
} from './inspect/facts.js'

// Options: the table, their words in each front end, the transport's tuning variables.
export {
  OPTIONS,
  COMMANDS,
  type Platform,
  type Command,
  type OptionKey,
  type OptionTable,
  type OptionValue,
  type KindValues
} from './shared/option-table.js'
export { optionsOf, offers, defaultOf } from './options/offers.js'
export { render, spelling, type Vocabulary } from './options/vocabulary.js'
export type { VariablesValue } from './options/values.js'

export { ref, setting, subject } from './shared/option-refs.js'

// The GitHub workflow's context, for the action and the CLI inside a workflow.
export { githubContext, repositoryOfSlug, type GitHubContext } from './ci/github.js'
// Every other CI the CLI knows, by its variables; a clone's URL read for its repository and host.
export {
  detectProvider,
  PROVIDERS,
  type Env,
  type Found,
  type Provider
} from './ci/providers/index.js'
export { commitUrlOfClone, hostingOf, repositoryOfUrl } from './ci/repository.js'

// The service's words and the verdict, as results carry them.
// The domain's nouns, as every result carries them.
export type {
  Bug,
  EnvironmentRef,
  GreenlightAnswer,
  NoRunCause,
  RunStage,
  RunStatus,
  VerdictName,
  VerdictStatus,
  Verdict
} from './model.js'

// Shared facts and the one formatter and redaction of everything that leaves the process.
export type { GitContext, Repository } from './shared/git-context.js'
export type { Log, ProgressListener } from './shared/log.js'
export { sanitize, sanitizeJson, sanitizeLine, quote } from './shared/text.js'
export { Secrets, MIN_SECRET_LENGTH } from './shared/redact.js'
export { DeployError, HttpStatusError, NetworkError, messageOf } from './shared/errors.js'

// The transport and the retry policy, for the action's own requests to GitHub, and the one clock every wait reads.
export { clock } from './shared/clock.js'
export { withRetry, parseRetryAfter } from './transport/retry.js'
export { send, labelOf, type HttpRequest } from './transport/send.js'
export { formatBytes, formatMinutes } from './shared/format.js'
export { asObject, type JsonObject } from './shared/json.js'
export { nearest } from './shared/nearest.js'
export { ensureWritable, writeOutputFile } from './shared/files.js'
export { PRODUCT_VERSION, userAgent } from './shared/version.js'

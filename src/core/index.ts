/**
 * The core's one entry point: what the action, the CLI and the library may
 * use. Nothing else under src/core is reachable from a front end (lint rule).
 */

// The deploy: one orchestrator for every mode, its events, what it learned and what that means.
export {
  runDeploy,
  type CiContext,
  type DeployHooks,
  type CompletedDeploy
} from './deploy/orchestrator.js'
export type { DeployEvent } from './deploy/events.js'
export type { Report, Failure } from './deploy/report.js'
export type { Outcome } from './model.js'
export type { Judgement, Conclusion, Cause } from './deploy/conclusion.js'
export { judgementOf, resultWords } from './deploy/conclusion.js'
export { resultOf, type DeployResult } from './deploy/result.js'
export { VERDICT_WORDS } from './deploy/messages.js'
export {
  OUTPUTS,
  OUTPUT_NAMES,
  OUTPUT_VALUES,
  outputsOf,
  outputValuesOf,
  blockingCount,
  bugCounts,
  type OutputName,
  type OutputValues
} from './deploy/outputs.js'
export { describeBug } from './deploy/messages.js'

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
export { BrokenBuildError, type BrokenReason } from './inspect/broken.js'
export { appText } from './deploy/build-check.js'
export { junitXml, junitOfReport, type JUnitInput } from './deploy/junit.js'

// Options: the table, their words in each front end, the transport's tuning variables.
export {
  OPTIONS,
  OPTION_KEYS,
  COMMANDS,
  PLATFORMS,
  type Platform,
  type Command,
  type OptionSpec,
  type OptionKey,
  type OptionTable,
  type OptionValue
} from './shared/option-table.js'
export { optionsOf, offers, defaultOf } from './options/offers.js'
export { render, spelling, kebab, type Vocabulary } from './options/vocabulary.js'
export type { Settings, Mode } from './options/resolve.js'
export type { VariablesValue } from './options/values.js'
export { LIMIT_VARIABLES } from './options/time-limits.js'
export { isOptionKey, ref, setting, subject } from './shared/option-refs.js'

// The GitHub workflow's context, for the action and the CLI inside a workflow.
export {
  githubContext,
  deploymentState,
  commitUrlOf,
  repositoryOfSlug,
  type GitHubContext,
  type RunnerEnv
} from './ci/github.js'

// The service's words and the verdict, as results carry them.
// The domain's nouns, as every result carries them.
export type {
  Bug,
  DeployAnswer,
  EnvironmentRef,
  GreenlightAnswer,
  NoRunCause,
  RunStage,
  RunStatus,
  SignedUpload,
  Termination,
  VerdictName,
  VerdictStatus,
  Verdict
} from './model.js'
export { OUTCOMES, VERDICT_NAMES } from './model.js'

// Shared facts and the one formatter and redaction of everything that leaves the process.
export type { GitContext, Repository } from './shared/git-context.js'
export type { Log, ProgressListener } from './shared/log.js'
export { sanitize, sanitizeJson, sanitizeLine, quote, oneLine } from './shared/text.js'
export { Secrets, redactShapes, MIN_SECRET_LENGTH } from './shared/redact.js'
export {
  DeployError,
  InputError,
  HttpStatusError,
  NetworkError,
  isError,
  messageOf
} from './shared/errors.js'

// The transport and the retry policy, for the action's own requests to GitHub, and the one clock every wait reads.
export { clock, replaceClock, type Clock } from './shared/clock.js'
export { withRetry, parseRetryAfter, type RetryPolicy } from './transport/retry.js'
export { send, labelOf, DEFAULT_TIMEOUTS, type HttpRequest } from './transport/send.js'
export { formatBytes, formatDuration, formatMinutes } from './shared/format.js'
export { asObject, asText, type JsonObject } from './shared/json.js'
export { nearest } from './shared/nearest.js'
export { ensureWritable, writeOutputFile } from './shared/files.js'
export { PRODUCT_NAME, PRODUCT_VERSION, userAgent, type FrontEnd } from './shared/version.js'

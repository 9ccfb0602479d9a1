/**
 * The core's one entry point: what the action, the CLI and the library use,
 * and nothing of the rooms' internals. Nothing else under src/core is
 * reachable from a front end (lint rule).
 */

// The deploy and the collect: one orchestrator for every mode of every front end.
export { runDeploy, type CiContext } from './deploy/orchestrator.js'

// The reports: one set of facts, one judgement, the surfaces they are shown on.
export type { DeployEvent } from './report/events.js'
export type { Deployment, StepFacts } from './report/facts.js'
export type { Frozen } from './shared/frozen.js'
export type { Reporter } from './report/reporter.js'
export type { Outcome } from './model.js'
export type { Conclusion, Cause } from './report/judgement.js'
export { judgementOf, conclude, stepJudgement } from './report/judgement.js'
export {
  resultOf,
  collectResultOf,
  stepResultOf,
  type DeployResult,
  type CollectResult
} from './report/result.js'
export {
  outputsOf,
  type DeploymentOutputs,
  type OutputName,
  type OutputValues
} from './report/outputs.js'
export { junitDocument, junitXml } from './report/junit.js'
export { summaryMarkdown } from './report/summary.js'
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

// Options: the table and their words in each front end.
export {
  OPTIONS,
  COMMANDS,
  type Platform,
  type Command,
  type OptionKey,
  type OptionTable,
  type KindValues
} from './shared/option-table.js'
export { optionsOf, offers, defaultOf } from './options/offers.js'
export { render, spelling, type Vocabulary } from './options/vocabulary.js'
export type { VariablesValue } from './options/values.js'
export { ref, setting, subject } from './shared/option-refs.js'

// The CI's context: a GitHub workflow's, every other CI's by its variables, a clone's URL.
export { githubContext } from './ci/github.js'
export { detectProvider, PROVIDERS, type Env } from './ci/providers/index.js'
export { commitUrlOfClone, hostingOf, repositoryOfUrl } from './ci/repository.js'

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
export { DeployError, messageOf } from './shared/errors.js'
export { clock } from './shared/clock.js'
export type { JsonObject } from './shared/json.js'
export { nearest } from './shared/nearest.js'
export { ensureWritable, writeOutputFile } from './shared/files.js'
export { PRODUCT_VERSION } from './shared/version.js'

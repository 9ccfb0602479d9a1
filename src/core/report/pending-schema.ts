/**
 * Pure: the shape of the facts a check run of a deployment reported later
 * carries for its collect (pending.ts writes and reads the line): what each
 * field may hold, its types, enums and lengths, read through one schema
 * before any use, since the line is input from outside.
 */
import { createHash } from 'node:crypto'
import { MAX_PATH_LENGTH } from '../shared/name-rules.js'
import { OUTCOMES, VERDICT_NAMES } from '../model.js'
import { MAX_STEP_BUILDS, PLATFORMS } from '../shared/option-table.js'
import { boolean, integer, list, object, oneOf, text } from './schema.js'

/** Blocking bugs kept with a collected verdict: the comment shows ten. */
export const KEPT_BUGS = 10
/** The longest deployment name: a check run's name, a comment's row. */
export const MAX_NAME_CHARACTERS = 320
/** Deployments of one step whose keys a check carries (the comment's rows): every build a step takes. */
export const MAX_STEP_DEPLOYMENTS = MAX_STEP_BUILDS

const URL = text(600)
const ID = text(128)
const BUG = object({
  name: text(200),
  number: integer(),
  priority: oneOf(['urgent', 'high', 'medium', 'low', 'unprioritized']),
  blocking: boolean,
  new: boolean,
  url: URL
})
const JUDGEMENT = object({
  conclusion: oneOf(['success', 'warning', 'failure']),
  cause: oneOf(['success', 'deploy-failed', 'usage', 'run-failed', 'timed-out', 'canceled']),
  message: text(1000)
})
const VERDICT = object({
  verdict: oneOf(VERDICT_NAMES),
  greenlight: boolean,
  runId: ID,
  runUrl: URL,
  bugsUrl: URL,
  blockingBugsCount: integer(),
  nonBlockingBugsCount: integer(),
  blockingBugs: list(BUG, KEPT_BUGS),
  timeoutMs: integer(),
  answered: boolean,
  problem: text(300),
  gone: text(300)
})
const DEPLOYMENT = object({
  name: text(MAX_NAME_CHARACTERS),
  startedAt: integer(),
  mode: oneOf(['deploy', 'notify', 'plain', 'wait']),
  outcome: oneOf(OUTCOMES),
  artifact: object({ name: text(255), size: integer(), sha256: text(64) }),
  build: object({
    platform: oneOf(PLATFORMS),
    format: oneOf(['apk', 'aab', 'ipa', 'app-zip', 'zip', 'deb', 'pdf', 'csv']),
    appId: text(255),
    appVersion: text(100),
    buildNumber: text(100)
  }),
  destination: text(MAX_PATH_LENGTH),
  // The service's words for where the build went and the environment it chose: a collect's outputs and JUnit properties.
  playgroundFileLocation: text(MAX_PATH_LENGTH),
  fileLocation: text(MAX_PATH_LENGTH + 140),
  environmentId: ID,
  deploymentType: text(200),
  environment: text(200),
  git: object({
    branch: text(255),
    sha: text(64),
    pullRequestNumber: integer(1),
    mergeRequestNumber: integer(1),
    commitUrl: URL
  }),
  runId: ID,
  /** The run already existed when these bytes were notified: it tested an earlier deploy's bytes, never these. */
  duplicate: boolean,
  runUrl: URL,
  reportLater: boolean,
  failOnNoRun: boolean,
  verdict: VERDICT,
  judgement: JUDGEMENT
})
/** A row's key: its name's digest, in base64url characters (96 bits: two names of a step never share one). */
const KEY_CHARACTERS = 16
export const FACTS = object({
  deployment: DEPLOYMENT,
  rows: list(text(KEY_CHARACTERS), MAX_STEP_DEPLOYMENTS),
  // What a line written before the keys carried: the names themselves, read as their keys.
  names: list(text(MAX_NAME_CHARACTERS), MAX_STEP_DEPLOYMENTS),
  runs: list(ID, MAX_STEP_DEPLOYMENTS),
  workflowRunUrl: URL,
  // Where a GitLab step wrote the deployment's status: the collect completes that one, in that pipeline.
  // A Bitbucket step's: the status's key, the report carrying it, the step's digest and the deployment's
  // place in it (a report carries its whole step, or decides nothing).
  status: object({
    sha: text(64),
    pipelineId: integer(1),
    ref: text(255),
    key: text(64),
    report: text(64),
    step: text(64),
    index: integer(0)
  })
})

/**
 * Pure: the key of a deployment's name in a step's rows, of the same length
 * whatever the name's length or script: the first 16 base64url characters
 * of the SHA-256 of its UTF-8.
 */
export function rowKey(name: string): string {
  return createHash('sha256').update(name, 'utf8').digest('base64url').slice(0, KEY_CHARACTERS)
}

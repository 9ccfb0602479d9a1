import type { Log } from '../shared/log.js'
import type { OptionKey, OptionValue } from '../shared/option-table.js'
import type { Secrets } from '../shared/redact.js'
import type { FrontEnd } from '../shared/version.js'
import type { DeployEvent } from './events.js'
import type { Deployment, StepFacts } from './facts.js'
import type { Frozen } from '../shared/frozen.js'
import type { LinkOrigins } from './links.js'

/**
 * A surface a step's facts are shown on: the job summary, the check run and
 * the comment, JUnit, `--json`, the hand-over files, the library's result, a
 * summary file. The orchestrator hands every reporter it was given the same
 * facts and writes no format itself; each reporter renders them its own way.
 * A reporter's failure is told as a warning and never changes the step,
 * unless it is `required`: then the step fails with its problem, and the
 * reporters after it show that.
 */
export interface Reporter {
  /** What it writes, for a warning when it cannot ("the JUnit report"). */
  readonly name: string
  /** The step fails when it cannot write (the outputs a later step reads, a hand-over file); such reporters finish first. */
  readonly required?: boolean
  /**
   * Checked once the options are read and the builds found, before the
   * first request: a surface that could not be written (a file's folder, a
   * symbolic link) is refused then, as bad usage, and nothing is sent.
   */
  prepare?(): void | Promise<void>
  /**
   * Told each event of a deployment as it happens, with every deployment of
   * the step as it stands; quick and synchronous: a reporter that writes
   * elsewhere does so beside the deploy.
   */
  onEvent?: (event: DeployEvent, deployments: readonly Frozen<Deployment>[], index: number) => void
  /** The step is judged: writes what it shows. */
  finish: (facts: Frozen<StepFacts>) => void | Promise<void>
}

/** One request a reporter sends, and what came back. */
export interface Outbound {
  method: 'POST' | 'PUT'
  url: string
  headers?: Record<string, string> | undefined
  body: string
}

/**
 * What a reporter is built with: the step's front end, where its files are,
 * its log and its one redaction, its stop signal, and the one sanctioned way
 * to the network. A reporter never reaches the transport itself: `send`
 * goes through the product's transport, the one retry rule and a total
 * deadline, and stops at once on the signal; a status outside 2xx is an
 * error that says so.
 */
export interface ReportContext {
  frontEnd: FrontEnd
  workingDirectory: string
  log: Log
  secrets: Secrets
  /** Where a report's links may lead: the service's origin and GitHub's server (links.ts). */
  origins: LinkOrigins
  /** The workflow run's page, when the step runs in one. */
  workflowRunUrl?: string | undefined
  signal?: AbortSignal | undefined
  send(request: Outbound): Promise<{ status: number; body: string }>
}

/**
 * A report an option asks for: the option whose value names where it goes
 * (a file's path, a URL), and how the reporter is made of that value and the
 * step's context. Every target lives in one registry (targets.ts): a new
 * report is its option in the table, its entry there and its own file.
 */
export interface ReportTarget<K extends OptionKey = OptionKey> {
  option: K
  build(value: OptionValue<K>, context: ReportContext): Reporter
  /** Refuses a path (resolved; `shown` as given) no report could be written to, by looking only; before any request. */
  usable?(path: string, shown: string): Promise<void>
}

/**
 * The one option table. Every option is written once, as a row of its
 * concern (connection-options.ts, build-options.ts, notification-options.ts,
 * verdict-options.ts, report-options.ts; what a row is, option-spec.ts), and
 * gathered here: its kind, range, default and one-line description, and
 * where it applies. The option keys,
 * each option's value type, the library's option types, the action's inputs
 * (action.yml), the CLI's flags and --help, the docs' tables and the
 * wrappers' inputs all come from it. Descriptions refer to other options as
 * `{{key}}` (or `{{key=value}}` for a setting), so that each front end reads
 * them in its own words. It lives with the shared facts because every layer's
 * sentences name options.
 */
import type { Repository } from './git-context.js'
import { BUILD_OPTIONS } from './build-options.js'
import { CONNECTION_OPTIONS } from './connection-options.js'
import { NOTIFICATION_OPTIONS } from './notification-options.js'
import type { AppIds, IosTarget, OptionSpec, PerPlatform, Platform } from './option-spec.js'
import { REPORT_OPTIONS } from './report-options.js'
import { VERDICT_OPTIONS } from './verdict-options.js'

export {
  ANDROID_ABIS,
  COMMANDS,
  DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
  IOS_TARGETS,
  MAX_STEP_BUILDS,
  MAX_WAIT_TIMEOUT_MINUTES,
  PLATFORMS
} from './option-spec.js'
export type {
  AppIds,
  Command,
  IosTarget,
  Kind,
  OptionSpec,
  PerPlatform,
  Platform
} from './option-spec.js'

/** The rows, by concern, in the order every table of them shows. */
const TABLE = {
  ...CONNECTION_OPTIONS,
  ...BUILD_OPTIONS,
  ...NOTIFICATION_OPTIONS,
  ...VERDICT_OPTIONS,
  ...REPORT_OPTIONS
}

/** The table's literal types: the keys, kinds and commands the types below are derived from. */
export type OptionTable = typeof TABLE

/** Every option's key: the table's own. */
export type OptionKey = keyof OptionTable

/** The table, read by key: every entry as an {@link OptionSpec}. */
export const OPTIONS: { readonly [K in OptionKey]: OptionSpec } = TABLE

/** The keys in table order. */
export const OPTION_KEYS = Object.keys(OPTIONS) as OptionKey[]

/** The value each kind reads to, once checked. */
export interface KindValues {
  secret: string
  secretUrl: string
  baseUrl: string
  text: string
  displayName: string
  globs: string[]
  namePartEach: PerPlatform
  destinationEach: PerPlatform
  relativePath: string
  variables: Record<string, string>
  variableName: string
  boolean: boolean
  integer: number
  number: number
  sha: string
  url: string
  runIds: string[]
  repository: Repository
  path: string
  appIds: AppIds
  platform: Platform
  abis: string[]
  target: IosTarget
}

/** An option's value once read and checked, by its kind in the table. */
export type OptionValue<K extends OptionKey> = KindValues[OptionTable[K]['kind']]

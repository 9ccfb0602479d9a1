/**
 * What a row of the option table (option-table.ts) is: the commands, the
 * kinds of value, an option's spec, the platforms and their values, and
 * the command sets and limits the rows name.
 */
import type { FrontEnd } from './version.js'

/** What a front end asks the core to do. The action is all of them in one step, chosen by its inputs. */
export type Command = 'deploy' | 'upload' | 'notify' | 'wait' | 'terminate' | 'collect' | 'skip'

export const COMMANDS = [
  'deploy',
  'upload',
  'notify',
  'wait',
  'terminate',
  'collect',
  'skip'
] as const satisfies readonly Command[]

/** How a value is read and checked (options/values.ts). */
export type Kind =
  | 'secret'
  | 'secretUrl'
  | 'baseUrl'
  | 'text'
  | 'displayName'
  | 'globs'
  | 'namePartEach'
  | 'destinationEach'
  | 'relativePath'
  | 'variables'
  | 'variableName'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'sha'
  | 'url'
  | 'runIds'
  | 'repository'
  | 'path'
  | 'appIds'
  | 'platform'
  | 'abis'
  | 'target'

export interface OptionSpec {
  kind: Kind
  /** One line, for every front end; `{{key}}` refers to another option. */
  description: string
  /** The default, as the option's own value; absent when there is none or it is derived. */
  default?: string | number | boolean
  /** How the default is described when it is derived rather than fixed. */
  defaultText?: string
  /** The range of a number, inclusive; `exclusiveMin` for a number that must be above `min`. */
  min?: number
  max?: number
  exclusiveMin?: boolean
  required?: boolean
  /** The commands it applies to. */
  commands: readonly Command[]
  /** The front ends that offer it; all by default. */
  frontEnds?: readonly FrontEnd[]
  /** Read from this environment variable when not given, in these front ends. */
  env?: { name: string; frontEnds: readonly FrontEnd[] }
  /** Spelled otherwise than kebab-case (action, CLI) or camelCase (library). */
  names?: Partial<Record<FrontEnd, string>>
  /** What action.yml declares as the default when it differs from `default` (an expression of the runner's). */
  actionDefault?: string
  /** A Git fact: derived from the CI, overridden by this option. */
  git?: boolean
  /**
   * The deploy notification's field that carries it (snake_case, as the
   * service reads it): every option that names one is sent, when it has a
   * value (a false boolean is not sent); a Git fact's value is the derived
   * one, overridden by the option.
   */
  wire?: string
}

/** A value for every build, or one per platform (which wins over the one for all): `android:a ios:b`. */
export interface PerPlatform {
  all?: string | undefined
  android?: string | undefined
  ios?: string | undefined
}

/** The app id every build must have, or one per platform. */
export type AppIds = PerPlatform

/** The platforms a build can be for, as `platform` takes them and the outputs name them. */
export const PLATFORMS = ['android', 'ios'] as const
export type Platform = (typeof PLATFORMS)[number]

/** The ABIs Android's NDK builds native code for, as an APK's lib/ folders name them (the last three retired). */
export const ANDROID_ABIS = [
  'arm64-v8a',
  'armeabi-v7a',
  'x86_64',
  'x86',
  'riscv64',
  'armeabi',
  'mips',
  'mips64'
] as const

/** What an iOS build runs on: devices (an .ipa) or the simulator (a zipped .app). */
export const IOS_TARGETS = ['device', 'simulator'] as const
export type IosTarget = (typeof IOS_TARGETS)[number]

export const ALL = COMMANDS
/** The commands that speak to the service: all but skip, which writes only on GitHub. */
export const SERVICE = ['deploy', 'upload', 'notify', 'wait', 'terminate', 'collect'] as const
/** The commands a build's app id, platform and environment name: the deploy's, and skip's, which names what a deploy would. */
export const NAMED = ['deploy', 'upload', 'skip'] as const
export const BUILD = ['deploy', 'upload'] as const
export const NOTIFY = ['deploy', 'notify'] as const
export const GIT = ['deploy', 'upload', 'notify'] as const
export const WAIT = ['deploy', 'notify', 'wait'] as const
export const WAIT_OR_COLLECT = ['deploy', 'notify', 'wait', 'collect'] as const
export const REPORTING = ['deploy', 'notify', 'wait'] as const
/** 64 KiB/s: a 100 MiB build gets 27 minutes, a crawl no working link is slower than. */
export const DEFAULT_MIN_UPLOAD_KIB_PER_SECOND = 64
/**
 * The most builds one step deploys, and runs it waits for: a step's check
 * runs are all created within GitHub's 80 content-creating requests a
 * minute, and its comment keeps a row each within 65,536 characters.
 */
export const MAX_STEP_BUILDS = 64
/** A job runs six hours at most on GitHub's hosted runners; no wait is longer. */
export const MAX_WAIT_TIMEOUT_MINUTES = 6 * 60

import { InputError } from '../shared/errors.js'
import { quote } from '../shared/text.js'

/** Why a build was refused, for a front end or a test to tell the cases apart. */
export type BrokenReason =
  /** 0 bytes. */
  | 'empty'
  /** Not what its extension says (text or an HTML page named .apk, a PDF named .csv, …). */
  | 'wrong-content'
  /** A zip without its end of central directory: cut short. */
  | 'truncated'
  /** A zip whose structure cannot be read. */
  | 'damaged'
  /** A zip without the manifest or Info.plist its type must have. */
  | 'no-manifest'
  /** A zip that holds a build rather than being one. */
  | 'nested-build'
  /** A manifest or Info.plist that is there but cannot be read, or lacks the app's id. */
  | 'bad-manifest'
  /** A build whose reading met a limit of the reader's worker: its time, or its memory. */
  | 'over-limit'

/**
 * A build that must not be uploaded: bad usage, refused before any request.
 * The message names the file, what it is instead, and what to do.
 */
export class BrokenBuildError extends InputError {
  override name = 'BrokenBuildError'

  constructor(
    /** The file's name. */
    readonly file: string,
    readonly reason: BrokenReason,
    /** What the file was found to be, as the message says it ("an HTML page", …). */
    readonly found: string,
    /** What to do, as the message ends. */
    readonly fix: string
  ) {
    super('file', `names ${quote(file)}, which is ${found}`, fix)
  }
}

/** What every hostile build claims, and the text a hostile build tries to have printed. */

/** The app every hostile build claims to be, where it claims anything. */
export const HOSTILE_APP_ID = 'com.example.hostile'

/**
 * GitHub Actions workflow commands (and Azure Pipelines' logging command), each
 * on a line of its own: printed raw to a runner's output, they set an output,
 * raise an annotation, or stop command processing for the rest of the job.
 */
export const WORKFLOW_COMMANDS =
  '\n::set-output name=x::pwned\n::error::injected\n::stop-commands::abc123\n##[error]injected\n'

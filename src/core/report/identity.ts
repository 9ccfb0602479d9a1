/**
 * A deployment's name in every report: the check run's, the comment's
 * marker and row, the summary's heading, the JUnit suite, `--json`. One
 * deployment is one build sent to one destination; two on one commit must
 * never share a check run or a comment, so the name says which it is.
 */

/** The check's name when none is given: one per environment or platform, so that two deployments of a workflow are told apart. */
export function defaultCheckName(environment?: string, deploymentType?: string): string {
  const which = environment || deploymentType
  return which ? `Mobile tests (${which})` : 'Mobile tests'
}

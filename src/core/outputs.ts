/** The step's outputs, by the names the service's own clients use; action.yml declares exactly these. */
export const OUTPUT_NAMES = [
  'playgroundFileLocation',
  'fileLocation',
  'runId',
  'environmentId',
  'outcome',
  'artifactSha256',
  'artifactSize',
  'verdict',
  'greenlight',
  'runUrl',
  'blockingBugsCount',
  'nonBlockingBugsCount',
  'bugs'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]

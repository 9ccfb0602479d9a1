/** What a step's report and statuses on Bitbucket are written in: one typed object, from the plan or a collect's facts. */
import type { LinkOrigins } from '../report/links.js'
import type { Seal } from '../report/seal.js'

/** Where a step's report and statuses are written, and what they may link to. */
export interface ReportContext {
  origins: LinkOrigins
  /** The pipeline's page; linked where a run has none. */
  pipelineUrl?: string | undefined
  /** The repository's commit page, the link of last resort (a status needs one). */
  commitUrl: string
  refname?: string | undefined
  /** A step reported later: each deployment's annotation carries its sealed facts. */
  seal?: Seal | undefined
  commit: string
  /** The step's place in a parallel group (BITBUCKET_PARALLEL_STEP): parallel steps of one app never share a status or a report. */
  lane?: string | undefined
}

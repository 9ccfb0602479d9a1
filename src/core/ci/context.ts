import type { GitContext } from '../shared/git-context.js'
import type { PullRequestLookup } from './github.js'

/** What the CI around the deploy tells, as the front end read it from its context. */
export interface CiContext {
  /** The Git context; options override each field. */
  git: GitContext
  /** A GitHub `deployment_status` event's state: the service is notified only once it is `success`. */
  deploymentState?: string | undefined
  /** A fork's pull request that only GitHub's API can name, and how to ask it. */
  pullRequestLookup?: PullRequestLookup | undefined
}

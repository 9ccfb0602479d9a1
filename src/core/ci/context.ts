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
  /** The repository's default branch, when the CI's event names it (GitHub's `repository.default_branch`). */
  defaultBranch?: string | undefined
  /** The commit is a merge queue's, whose pull request it names without being that pull request's head. */
  mergeQueue?: boolean | undefined
}

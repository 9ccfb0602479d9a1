/**
 * The wrappers' own words for an option whose description in the table is
 * another code host's (a check run, a pull request's comment) or another
 * command's (a skip's app ids, which name statuses, not builds).
 */
import type { OptionKey } from '../../src/core/index.js'

/** A skip's app ids: the names of the statuses it writes, as the deploy names its own. */
const SKIPPED_APPS =
  'The app ids the deploy deploys, one per platform (android:com.example.shop ios:com.example.Shop), or one with {{platform}}: each status the deploy would write is written skipped under the name the deploy gives it.'

/** The words every skip unit uses. */
export const SKIP_WORDS: Partial<Record<OptionKey, string>> = { expectedAppId: SKIPPED_APPS }

/** GitLab's: commit statuses and a merge request's note. */
export const GITLAB_WORDS: Partial<Record<OptionKey, string>> = {
  reportLater:
    "Free the runner once the run is created and leave its verdict to the collect component in a scheduled pipeline: in a merge request's pipeline with the CI/CD variable GITLAB_TOKEN, each commit status stays running, and the merge request's note says the verdict is pending, until then. Not with {{wait}}."
}

/** Bitbucket's: build statuses and a Code Insights report. */
export const BITBUCKET_WORDS: Partial<Record<OptionKey, string>> = {
  reportLater:
    "Free the step once the run is created and leave its verdict to a scheduled pipeline's collect (MODE collect): in a pull request's pipeline each build status stays INPROGRESS, and the report PENDING, until then. Not with {{wait}}."
}

/**
 * What GitLab's answers mean to the client, in the one retry rule's terms:
 * a refusal of the token (told with the token to make), a rate limit worth
 * waiting for, a status being updated at that moment (409, worth another
 * attempt), a redirect never followed, and an answer that is not GitLab's.
 */
import {
  HostApiError,
  HostBusyError,
  hostFailure,
  refusal as hostRefusal,
  saidText,
  type Dialect
} from '../host/api-errors.js'

/** A GitLab answer the client cannot use: its status and GitLab's words (the one host error). */
export const GitLabError = HostApiError
export type GitLabError = HostApiError
/** GitLab's 409 for a status another request is updating. */
export const StatusBusyError = HostBusyError

/** Which token a GitLab step needs, and where it is kept: said wherever GitLab refuses one. */
export const TOKEN_WORDS =
  'The step needs a project (or group) access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN (protected only where every branch whose pipelines report is protected: GitLab gives a protected variable to protected refs only); CI_JOB_TOKEN cannot write commit statuses or merge-request notes'

/** Pure: why a pipeline has no GITLAB_TOKEN, where GitLab's variables tell: a protected variable withheld from an unprotected ref. */
export function missingTokenWords(env: Record<string, string | undefined>): string {
  return env.CI_COMMIT_REF_PROTECTED === 'false'
    ? `${TOKEN_WORDS}. This ref is not protected, so GitLab withholds a protected GITLAB_TOKEN from its pipelines: clear "Protect variable" on it (Settings, CI/CD, Variables) or protect the branch`
    : TOKEN_WORDS
}

/** GitLab's words for a status that another request is updating: it is free again in a moment. */
const STATUS_BUSY = /another update to this commit status is in progress/i

export { MAX_RATE_LIMIT_WAIT_MS } from '../host/api-errors.js'

/** Pure: GitLab's own words in an error answer (`message`, `error`, `error_description`), cut to what a report shows. */
export function gitlabWords(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined
  const { message, error, error_description } = json as Record<string, unknown>
  // A validation refusal names its fields: {"message": {"name": ["is too long"]}}.
  return saidText(message ?? error_description ?? error)
}

/** How GitLab speaks, for the one host API (host/api.ts). */
export const GITLAB: Dialect = {
  host: 'GitLab',
  address: 'CI_API_V4_URL',
  addressShape: 'https://HOST/api/v4',
  tokenWords: TOKEN_WORDS,
  words: gitlabWords,
  // GitLab's 409 for a status another request is updating: another attempt after a short backoff goes through.
  busy: (status, words) => status === 409 && STATUS_BUSY.test(words)
}

/** Pure: an answer that is no success, in GitLab's words (host/api-errors.ts's refusal). */
export function refusal(
  status: number,
  label: string,
  json: unknown,
  retryAfter: string | string[] | undefined
): Error {
  return hostRefusal(GITLAB, status, label, json, retryAfter)
}

/**
 * Pure: what a failed request of a collect on GitLab comes to, by the
 * collect's one rule (github/errors.ts's collectFailure): the token refused,
 * a rate limit longer than a call waits, or an answer that is not GitLab's
 * ends the collect (every other note would meet it too); anything else
 * GitLab refused about one status or note is a warning, and it is left as
 * it is; GitLab or the service out of reach is a problem, tried again next
 * time.
 */
export const gitlabFailure = hostFailure

/**
 * How Bitbucket Cloud speaks, for the one host API (host/api.ts): its error
 * form (`{"type": "error", "error": {"message", "detail"}}`), the token to
 * make when it refuses one, and where its API is said to be.
 */
import { HostApiError, saidText, type Dialect } from '../host/api-errors.js'

/** A Bitbucket answer the client cannot use (the one host error). */
export const BitbucketError = HostApiError
export type BitbucketError = HostApiError

/** Which token a Bitbucket step needs, and where it is kept: said wherever Bitbucket refuses one. */
export const TOKEN_WORDS =
  'The step needs a repository access token with the repository:write and pullrequest scopes (Repository settings, Security, Access tokens), kept in a secured repository variable BITBUCKET_ACCESS_TOKEN; Pipelines’ authentication proxy, used without one, signs Code Insights reports but may not sign every request'

/** Pure: Bitbucket's own words in an error answer, cut to what a report shows. */
export function bitbucketWords(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined
  const error = (json as { error?: unknown }).error
  if (!error || typeof error !== 'object') return saidText((json as { message?: unknown }).message)
  const { message, detail } = error as Record<string, unknown>
  const said = saidText(message)
  const more = saidText(detail)
  return said && more ? `${said} (${more})` : (said ?? more)
}

export const BITBUCKET: Dialect = {
  host: 'Bitbucket',
  address: 'bitbucket-api-url',
  addressShape: 'https://api.bitbucket.org/2.0',
  tokenWords: TOKEN_WORDS,
  words: bitbucketWords
}

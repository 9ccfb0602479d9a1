import { clock } from '../shared/clock.js'
import type { ClientLimits, GitHubClient } from './client.js'

/**
 * GitHub's client, loaded only when something is reported or collected:
 * Octokit is most of what a front end would load at its start, and a step
 * that reports nothing to GitHub never needs it.
 */
export async function loadClient(
  token: string,
  baseUrl: string,
  limits: ClientLimits
): Promise<GitHubClient> {
  const { createClient } = await import('./client.js')
  return createClient(token, baseUrl, limits)
}

/**
 * One short read of GitHub beside the deploy (a dry run's, a wait-only
 * step's): `read` gets a client whose requests all end by `ms`, or at once on
 * the caller's `signal`.
 */
export async function briefly<T>(
  token: { token: string; apiUrl: string },
  load: typeof loadClient,
  signal: AbortSignal | undefined,
  ms: number,
  read: (client: GitHubClient) => Promise<T>
): Promise<T> {
  const stop = new AbortController()
  const deadline = clock.now() + ms
  const timer = setTimeout(() => stop.abort(), ms)
  timer.unref()
  try {
    const client = await load(token.token, token.apiUrl, {
      signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
      deadline: () => deadline
    })
    return await read(client)
  } finally {
    clearTimeout(timer)
  }
}

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

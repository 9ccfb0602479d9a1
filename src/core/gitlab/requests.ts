/**
 * GitLab's API over the one host API (host/api.ts): GitLab's dialect (its
 * words, its busy status, CI_API_V4_URL), the token in `PRIVATE-TOKEN`, and
 * its offset pages (`X-Next-Page`).
 */
import type { IncomingHttpHeaders } from 'node:http'
import { apiAddress as hostAddress, request, type Api } from '../host/api.js'
import type { ClientLimits } from '../host/limits.js'
import { labelOf } from '../transport/send.js'
import { GITLAB, GitLabError } from './errors.js'

export { request, type Api } from '../host/api.js'

/** The most pages a list reads: 2,000 statuses or notes of one commit or merge request. */
export const MAX_PAGES = 20

/** Pure: CI_API_V4_URL as the client uses it, or a clear error before any request (https, or http to this machine). */
export function apiAddress(apiUrl: string): string {
  return hostAddress(GITLAB, apiUrl)
}

/** The API of one client: GitLab's address and the token. */
export function gitlabApi(apiUrl: string, token: string, limits: ClientLimits): Api {
  return {
    url: apiAddress(apiUrl),
    dialect: GITLAB,
    headers: { 'private-token': token },
    limits,
    requests: 0
  }
}

/**
 * Every page of a list, `first` being the first page's address: the next
 * one while GitLab's `X-Next-Page` names one (empty on the last), at the
 * address its `Link: rel="next"` gives (checked to be within the API) or
 * else this one with `page` moved on; never more than {@link MAX_PAGES}.
 */
export async function pages(api: Api, first: string): Promise<unknown[]> {
  const items: unknown[] = []
  let url: string | undefined = first
  for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
    const answer = await request(api, 'GET', url)
    if (!Array.isArray(answer.json))
      throw new GitLabError(`GitLab's API answered ${labelOf('GET', url)} without a list`, 0)
    items.push(...(answer.json as unknown[]))
    url = nextPage(url, answer.headers)
  }
  return items
}

/** Pure: the address of the page after `url`, or undefined on the last. */
export function nextPage(url: string, headers: IncomingHttpHeaders): string | undefined {
  const next = String(headers['x-next-page'] ?? '').trim()
  if (!next) return undefined
  const linked = /<([^>]+)>\s*;\s*rel="next"/.exec(String(headers.link ?? ''))?.[1]
  if (linked) return linked
  if (!/^\d{1,6}$/.test(next))
    throw new GitLabError(
      `GitLab's API named ${JSON.stringify(next.slice(0, 40))} as the next page`,
      0
    )
  const page = new URL(url)
  page.searchParams.set('page', next)
  return page.toString()
}

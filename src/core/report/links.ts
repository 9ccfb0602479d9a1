/**
 * Pure: where a check run or a comment may link. What they show comes from
 * the service's answers and, in a collect, from facts a check run carried:
 * a link there leads only to the service's own origin (`base-url`) or to
 * the repository's server (GitHub's), so that nothing that reaches a
 * reviewer's page can send them to a host of a stranger's choosing. A link
 * elsewhere is left out; its text stays.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Bug } from '../model.js'
import type { Deployment } from './facts.js'

/** The origins a report may link to, as `scheme://host[:port]`. */
export type LinkOrigins = readonly string[]

/** Pure: the origins of the service's base URL and of GitHub's server (GITHUB_SERVER_URL, else github.com). */
export function linkOrigins(baseUrl: string, serverUrl: string | undefined): LinkOrigins {
  return [baseUrl, serverUrl || 'https://github.com'].flatMap(url => {
    const origin = originOf(url)
    return origin ? [origin] : []
  })
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** Pure: the URL when it leads to one of `origins`; undefined otherwise. */
export function trustedUrl(url: string | undefined, origins: LinkOrigins): string | undefined {
  const origin = originOf(url)
  return origin && origins.includes(origin) ? url : undefined
}

/** Pure: the deployment with every link that leads outside `origins` left out. */
export function withTrustedLinks(
  deployment: Frozen<Deployment>,
  origins: LinkOrigins
): Frozen<Deployment> {
  const url = (value: string | undefined): string | undefined => trustedUrl(value, origins)
  const bugs = (list: readonly Frozen<Bug>[]): Bug[] =>
    list.map(bug => ({ ...bug, url: url(bug.url) }))
  const { verdict, git } = deployment
  return {
    ...deployment,
    runUrl: url(deployment.runUrl),
    ...(git ? { git: { ...git, commitUrl: url(git.commitUrl) } } : {}),
    ...(verdict
      ? {
          verdict: {
            ...verdict,
            runUrl: url(verdict.runUrl),
            bugsUrl: url(verdict.bugsUrl),
            bugs: bugs(verdict.bugs),
            blockingBugs: bugs(verdict.blockingBugs)
          }
        }
      : {})
  }
}

import type { Repository } from '../shared/git-context.js'

/** Where a repository URL says the code is hosted, as the service names it. */
export function hostingOf(url: string | undefined): string | undefined {
  const host = hostOf(url)
  if (!host) return undefined
  if (host === 'github.com' || host.startsWith('github.')) return 'GitHub'
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'GitLab'
  if (host === 'bitbucket.org' || host.startsWith('bitbucket.')) return 'Bitbucket'
  if (host === 'dev.azure.com' || host.endsWith('.visualstudio.com')) return 'Azure Repos'
  return undefined
}

/**
 * `owner/name` from a clone URL: `https://github.com/o/r.git`,
 * `git@github.com:o/r.git`, `ssh://git@host/o/r`. A GitLab URL with nested
 * groups gives its namespace (`group/sub`).
 */
export function repositoryOfUrl(url: string | undefined): Repository | undefined {
  const path = pathOf(url)
  if (!path) return undefined
  const parts = path.split('/').filter(Boolean)
  if (parts.length < 2) return undefined
  const name = parts.pop()!
  if (hostingOf(url) === 'GitLab') return { namespace: parts.join('/'), name }
  return parts.length === 1 ? { owner: parts[0]!, name } : undefined
}

/** A web URL for a commit, on the hosts whose URL shape is known. */
export function commitUrlOfClone(
  url: string | undefined,
  sha: string | undefined
): string | undefined {
  const host = hostOf(url)
  const path = pathOf(url)
  if (!host || !path || !sha) return undefined
  const hosting = hostingOf(url)
  if (hosting === 'GitHub') return `https://${host}/${path}/commit/${sha}`
  if (hosting === 'GitLab') return `https://${host}/${path}/-/commit/${sha}`
  if (hosting === 'Bitbucket') return `https://${host}/${path}/commits/${sha}`
  return undefined
}

function hostOf(url: string | undefined): string | undefined {
  const scp = /^[\w.-]+@([^:/]+):/.exec(url ?? '')
  if (scp) return scp[1]!.toLowerCase()
  try {
    return new URL(url ?? '').hostname.toLowerCase() || undefined
  } catch {
    return undefined
  }
}

function pathOf(url: string | undefined): string | undefined {
  const scp = /^[\w.-]+@[^:/]+:(.+)$/.exec(url ?? '')
  let path: string
  if (scp) path = scp[1]!
  else {
    try {
      path = new URL(url ?? '').pathname
    } catch {
      return undefined
    }
  }
  const clean = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '')
  return clean || undefined
}

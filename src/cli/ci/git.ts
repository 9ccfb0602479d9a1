import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { commitUrlOfClone, hostingOf, repositoryOfUrl, type GitContext } from '../../core/index.js'

const run = promisify(execFile)

/** Runs git in a folder and gives its trimmed output, or undefined when git fails or is missing. */
export type GitRunner = (args: string[]) => Promise<string | undefined>

export function gitIn(cwd: string): GitRunner {
  return async args => {
    try {
      const { stdout } = await run('git', args, { cwd, timeout: 10_000 })
      return stdout.trim() || undefined
    } catch {
      return undefined
    }
  }
}

/** The Git context from the checkout itself, for a CI this tool does not know (or a laptop). */
export async function gitContext(git: GitRunner): Promise<GitContext> {
  const [branch, sha, remote] = await Promise.all([
    git(['rev-parse', '--abbrev-ref', 'HEAD']),
    git(['rev-parse', 'HEAD']),
    git(['config', '--get', 'remote.origin.url'])
  ])
  return {
    // A detached head has no branch.
    branch: branch && branch !== 'HEAD' ? branch : undefined,
    sha,
    repository: repositoryOfUrl(remote),
    commitUrl: commitUrlOfClone(remote, sha),
    hostingService: hostingOf(remote)
  }
}

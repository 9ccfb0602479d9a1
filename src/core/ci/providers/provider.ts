/**
 * One CI as the product knows it: its name, how a job tells it runs there,
 * the Git context its variables give, where each fact comes from (as
 * docs/cli.md's table says it, generated from here), and why a job there
 * may have no API key. One file per CI beside this one; the list is
 * index.ts.
 */
import type { GitContext } from '../../shared/git-context.js'
import type { CiContext } from '../context.js'
import { commitUrlOfClone, hostingOf, repositoryOfUrl } from '../repository.js'

/** The environment a CI gives the job; passed in, so that each provider is tested alone. */
export type Env = Record<string, string | undefined>

/** What a provider found: the CI's context for the deploy, and notes worth a line in the log. */
export interface Found extends CiContext {
  notes: string[]
}

/** A variable that tells the CI, set (to `value`, in any case, when one is given). */
export interface Signal {
  variable: string
  value?: string
}

export interface Provider {
  /** The CI's name, as its users write it. */
  name: string
  /** It runs there when any of these variables is set so. */
  signals: readonly Signal[]
  /** Where each Git fact comes from, in words for docs/cli.md: variable names in backquotes. */
  reads: { branch: string; commit: string; request: string; repository: string }
  context(env: Env, readFile: (path: string) => string): Found
  /** Why a job there has no API key, and where to set it; the general advice when none is given. */
  keyAdvice?(env: Env): string | undefined
}

/** Whether the job's variables show the CI. */
export function signalled(provider: Provider, env: Env): boolean {
  return provider.signals.some(({ variable, value }) =>
    value === undefined
      ? env[variable] !== undefined
      : env[variable]?.toLowerCase() === value.toLowerCase()
  )
}

/** A context that is the CI's variables alone, without notes. */
export function fromVariables(context: (env: Env) => GitContext): Provider['context'] {
  return env => ({ git: context(env), notes: [] })
}

/** Repository, commit URL and host from a clone URL, under the given fields. */
export function fromUrl(
  url: string | undefined,
  sha: string | undefined,
  fields: GitContext
): GitContext {
  return {
    sha,
    repository: repositoryOfUrl(url),
    commitUrl: commitUrlOfClone(url, sha),
    hostingService: hostingOf(url),
    ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as GitContext)
  }
}

/** A branch from a ref: `refs/heads/x` or `x`; a tag is no branch. */
export function branchOfRef(ref: string | undefined): string | undefined {
  if (!ref || ref.startsWith('refs/tags/')) return undefined
  return ref.replace(/^refs\/heads\//, '')
}

/** A positive whole number from a variable; anything else ("false", "", "12a") is none. */
export function number(value: string | undefined): number | undefined {
  const n = /^\d+$/.test(value ?? '') ? Number(value) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

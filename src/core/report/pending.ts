/**
 * Pure: what a check run of a deployment whose verdict is reported later
 * carries for the collect that completes it. A deploy with `report-later`
 * ends right after the notification and leaves its check run in progress; a
 * scheduled collect, in another job and another workflow run, finds it and
 * must render the check and the comment as the waiting step would have. It
 * reads back the deployment's facts from the check's own summary, where they
 * ride as one hidden line: `<!-- mobile-build-deploy facts=<base64url JSON> -->`.
 * The facts are those every report already shows (already redacted; never
 * the key, a token or a signed URL), with the verdict's bug lists cut to
 * what the comment shows, so that the line stays small.
 */
import type { Deployment } from './facts.js'

const MARKER = /<!-- mobile-build-deploy facts=([A-Za-z0-9_-]{1,20000}) -->/
/** Blocking bugs kept with a collected verdict: the comment shows ten. */
const KEPT_BUGS = 10

/** What a collect needs of a deployment that waits for its verdict elsewhere. */
export interface PendingFacts {
  deployment: Deployment
  /** The names of the deploying step's deployments: its comment is found by them, and shows each. */
  names: string[]
  /** The deploying workflow run's page, where its job summary is. */
  workflowRunUrl?: string | undefined
}

/** Pure: the hidden line a check run's summary ends with. */
export function factsLine(pending: PendingFacts): string {
  const { deployment } = pending
  const verdict = deployment.verdict && {
    ...deployment.verdict,
    bugs: deployment.verdict.blockingBugs.slice(0, KEPT_BUGS),
    blockingBugs: deployment.verdict.blockingBugs.slice(0, KEPT_BUGS),
    blockingBugsCount:
      deployment.verdict.blockingBugsCount ?? deployment.verdict.blockingBugs.length
  }
  const kept: PendingFacts = {
    ...pending,
    deployment: { ...deployment, ...(verdict ? { verdict } : {}) }
  }
  return `<!-- mobile-build-deploy facts=${Buffer.from(JSON.stringify(kept)).toString('base64url')} -->`
}

/**
 * Pure: the facts a check run's summary carries, when it carries ours; an
 * unreadable or foreign line is none. What is read is only ever rendered
 * again through the reports' escapers, like any value from outside.
 */
export function readFactsLine(summary: string | undefined): PendingFacts | undefined {
  const found = summary && MARKER.exec(summary)
  if (!found) return undefined
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(found[1]!, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!value || typeof value !== 'object') return undefined
  const { deployment, names, workflowRunUrl } = value as Record<string, unknown>
  if (!deployment || typeof deployment !== 'object' || Array.isArray(deployment)) return undefined
  const d = deployment as Partial<Deployment>
  if (typeof d.name !== 'string' || (d.runId !== undefined && typeof d.runId !== 'string'))
    return undefined
  if (!Array.isArray(names) || !names.every(name => typeof name === 'string')) return undefined
  return {
    deployment: {
      ...d,
      name: d.name,
      failOnNoRun: d.failOnNoRun !== false,
      warnings: strings(d.warnings)
    },
    names,
    workflowRunUrl: typeof workflowRunUrl === 'string' ? workflowRunUrl : undefined
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

/**
 * Pure: what Bitbucket knows the product's statuses and reports by: a
 * status's key (its deployment's name, and its step's place in a parallel
 * group), a step's report id, the digest that binds a step reported later
 * whole; and a URL as Bitbucket takes it literally.
 */
import { createHash } from 'node:crypto'
import type { Deployment } from '../report/facts.js'

/** What the product's statuses and reports are known by. */
export const KEY_PREFIX = 'mobile-build-deploy-'
/**
 * Pure: a deployment's status key: the same for its name (and its step's
 * place in a parallel group) on every run of the step, so a rerun
 * overwrites it, and two parallel steps of one app never share it.
 */
export function statusKey(name: string, lane?: string): string {
  return `${KEY_PREFIX}${digest(lane === undefined ? name : `${name}\n${lane}`, 20)}`
}

/** Pure: the step's report id: the same for the same deployments' names (and place) on the commit. */
export function reportId(deployments: readonly Pick<Deployment, 'name'>[], lane?: string): string {
  const names = deployments.map(d => d.name).join('\n')
  return `${KEY_PREFIX}${digest(lane === undefined ? names : `${names}\n\n${lane}`, 16)}`
}

/** Pure: the digest of a step reported later, its deployments' names and runs in order: its facts bind it whole. */
export function stepDigest(deployments: readonly Pick<Deployment, 'name' | 'runId'>[]): string {
  return digest(JSON.stringify(deployments.map(d => [d.name, d.runId ?? null])), 32)
}

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length)
}

/** Pure: a URL Bitbucket takes as it is: its braces escaped, so that no part of it is read as a template's variable. */
export function literalUrl(url: string): string {
  return url.replace(/\{/g, '%7B').replace(/\}/g, '%7D')
}

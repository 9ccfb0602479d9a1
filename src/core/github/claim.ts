/**
 * How a collect completes a check run that a collect beside it may be
 * completing too. GitHub has no conditional write, so a collect claims the
 * check run first (a token of its own in `external_id`), reads it back a
 * write spacing later, and completes it only if the claim is still its own
 * and the check still in progress: of two collects at once, the later claim
 * wins, and one that claims after the other's look finds it completed. This
 * is best effort: a write GitHub applies late can still let both complete
 * it, and then both write the same conclusion from the same verdict, and
 * edit the one comment to the same text.
 */
import { randomBytes } from 'node:crypto'
import { externalId, parseExternalId, type CheckIdentity } from '../report/identity.js'
import type { CheckRun, GitHubClient, Repo } from './client.js'

/** A write of a collect, spaced from its others (GitHub's secondary rate limits). */
export type Spaced = <T>(write: () => Promise<T>) => Promise<T>

/**
 * Claims `run`, then completes it with `fields` (its conclusion, output and
 * `external_id`) unless another collect took it first; true when this one
 * completed it.
 */
export async function claimAndComplete(
  client: GitHubClient,
  repo: Repo,
  run: CheckRun,
  identity: CheckIdentity,
  fields: Record<string, unknown>,
  spaced: Spaced
): Promise<boolean> {
  const claim = randomBytes(6).toString('hex')
  await spaced(() =>
    client.updateCheck(repo, run.id, { external_id: externalId({ ...identity, claim }) })
  )
  // The claim stands a write spacing before it is read back: a collect beside this one has claimed by then.
  const claimed = await spaced(() => client.getCheck(repo, run.id))
  if (claimed.status === 'completed' || parseExternalId(claimed.externalId)?.claim !== claim)
    return false
  await spaced(() => client.updateCheck(repo, run.id, fields))
  return true
}

/**
 * How a collect makes a check run its own before it reports on it, when a
 * collect beside it may be collecting it too. GitHub has no conditional
 * write, so a collect claims the check run (a token of its own in
 * `external_id`), reads it back a write spacing later, and reports the
 * verdict (the GitHub reporter completes the check run, every other report
 * target shows it) only if the claim is still its own and the check still in
 * progress: of two collects at once, the later claim wins, and one that
 * claims after the other's look finds it completed. This is best effort: a
 * write GitHub applies late can still let both report it, and then both
 * write the same conclusion from the same verdict, and edit the one comment
 * to the same text.
 */
import { randomBytes } from 'node:crypto'
import { externalId, parseExternalId, type CheckIdentity } from '../report/identity.js'
import type { CheckRun, GitHubClient, Repo } from './client.js'

/** A write of a collect, spaced from its others (GitHub's secondary rate limits). */
export type Spaced = <T>(write: () => Promise<T>) => Promise<T>

/** Claims `run` for this collect; true when the claim stands and the check run is still in progress. */
export async function claim(
  client: GitHubClient,
  repo: Repo,
  run: CheckRun,
  identity: CheckIdentity,
  spaced: Spaced
): Promise<boolean> {
  const token = randomBytes(6).toString('hex')
  await spaced(() =>
    client.updateCheck(repo, run.id, { external_id: externalId({ ...identity, claim: token }) })
  )
  // The claim stands a write spacing before it is read back: a collect beside this one has claimed by then.
  const claimed = await spaced(() => client.getCheck(repo, run.id))
  return claimed.status !== 'completed' && parseExternalId(claimed.externalId)?.claim === token
}

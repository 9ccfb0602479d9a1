/**
 * Bitbucket's side of a skip (host/skip-side.ts): the commit's status of a
 * deployment's key is read to tell how one already there stands; a skipped
 * deployment's status is written `STOPPED` (Bitbucket has no skipped
 * state, and a skip is no verdict), by the one composition of a status
 * (report.ts), its reason in its description.
 */
import type { SkipSide } from '../host/skip-side.js'
import { oneLine } from '../shared/text.js'
import type { Secrets } from '../shared/redact.js'
import type { BitbucketClient } from './client.js'
import { MAX_STATUS_TEXT, statusKey, statusWrite, type ReportContext } from './report.js'

/** A skip's build statuses on Bitbucket. */
export function bitbucketSkipSide(
  client: BitbucketClient,
  context: ReportContext,
  secrets: Secrets
): SkipSide {
  return {
    what: 'build status',
    sha: context.commit,
    async standing(name) {
      const found = await client.getStatus(context.commit, statusKey(name, context.lane))
      // Bitbucket's own word for a status another step wrote, and only letters of it.
      return found && (found.state.replace(/[^A-Z_]/g, '').slice(0, 20) || 'unknown')
    },
    async writeSkipped(deployment) {
      const write = statusWrite(deployment, { ...context, completed: true })
      const reason = deployment.skipped?.reason
      const description = reason
        ? oneLine(`${write.description}: ${reason}`, MAX_STATUS_TEXT - 1)
        : write.description
      await client.postStatus(context.commit, {
        ...write,
        state: 'STOPPED',
        name: secrets.redactValue(write.name),
        description: secrets.redact(description)
      })
    }
  }
}

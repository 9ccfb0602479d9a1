import { createReadStream } from 'node:fs'
import { createHash } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { formatBytes, formatMinutes } from '../shared/format.js'
import type { Log } from '../shared/log.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Settings } from '../options/resolve.js'
import type { ServiceApi } from '../service/api.js'
import type { Artifact } from '../upload/artifact.js'
import type { Deployment, DryRunPlan } from '../report/facts.js'
import { deduplicationKeyOf } from './destination.js'

/**
 * The name a dry run without a build asks a signed URL for: the request
 * proves the key and the base URL, creates nothing at the service, and its
 * URL is never used.
 */
export const KEY_CHECK_NAME = 'mobile-build-deploy-dry-run-key-check.zip'

/** What the dry run borrows from the deploy it stands in for. */
export interface DryRunContext {
  log: Log
  /** A log group for one step, closed with how long it took. */
  phase<T>(name: string, work: () => Promise<T>): Promise<T>
  /** A value ready to leave the process, secrets masked. */
  value(text: string): string
}

/**
 * A deploy that stops before it changes anything: the options are already
 * checked and the build found by the time it runs. It reads the whole build
 * (readable, and its SHA-256), asks the service for the destination's signed
 * URL (the key and base URL accepted; the URL is never used, so nothing is
 * uploaded), and logs the notification it would send. The same refusals as a
 * real deploy's end it the same way: it throws what the request threw.
 */
export async function dryRun(
  settings: Settings,
  service: ServiceApi,
  artifact: Artifact | undefined,
  destination: string | undefined,
  context: DryRunContext
): Promise<Partial<Deployment>> {
  const { log } = context
  log.info('Dry run: everything is checked; nothing is uploaded and no notification is sent.')
  const plan: DryRunPlan = { wait: settings.mode !== 'upload' && settings.wait }
  if (artifact) {
    const sha256 = await context.phase(`Read ${quote(artifact.name)}`, () =>
      sha256Of(artifact.path)
    )
    plan.artifactSha256 = sha256
    plan.artifactSize = artifact.size
    log.info(
      `Would upload ${quote(artifact.name)} (${formatBytes(artifact.size)}, SHA-256 ${sha256}) to ${quote(destination ?? artifact.name, 300)}.`
    )
  }
  const asked = destination ?? settings.values.runInputPath ?? KEY_CHECK_NAME
  const signed = await context.phase('Key and base URL', () => service.signedUpload(asked))
  log.info(
    `The service accepted the key at ${settings.baseUrl}: it signed an upload for ${quote(signed.playgroundFileLocation, 300)}. The signed URL is not used.`
  )
  if (artifact) plan.destination = signed.playgroundFileLocation
  if (settings.mode === 'upload') {
    log.info('Upload only: no deploy notification would be sent, so no run would start.')
  } else {
    const path =
      settings.mode === 'deploy' ? signed.playgroundFileLocation : settings.values.runInputPath
    const build = path === undefined ? undefined : { variable: settings.values.runVariable!, path }
    const values = {
      ...settings.values,
      deduplicationKey: deduplicationKeyOf(settings, destination)
    }
    const body = context.value(
      JSON.stringify(service.notificationBody({ values, git: settings.git, build }))
    )
    log.info(`Would send the deploy notification: ${body}`)
    plan.notification = JSON.parse(body) as Record<string, unknown>
    log.info(
      settings.wait
        ? `Would wait up to ${formatMinutes(settings.waitTimeoutMs / 60_000)} for the run's verdict.`
        : `Would not wait for the run's verdict (${ref('wait')} is false).`
    )
  }
  log.info('Dry run done: a real deployment would proceed as far as can be known without it.')
  return { outcome: 'skipped', dryRun: true, plan }
}

/** Reads the whole file, as the upload would: readable to its last byte, and what it hashes to. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

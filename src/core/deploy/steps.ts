import { messageOf } from '../shared/errors.js'
import { formatBytes } from '../shared/format.js'
import { quote } from '../shared/text.js'
import { clock } from '../shared/clock.js'
import type { ServiceApi } from '../service/api.js'
import { findArtifact } from '../upload/artifact.js'
import { uploadArtifact } from '../upload/upload.js'
import { noRunAdvice } from './advice.js'
import { buildWarningTitle, checkBuild, describeBuild } from './build-check.js'
import {
  chooseDestination,
  deduplicationKeyOf,
  environmentOf,
  pullRequestOverStaticName
} from './destination.js'
import { dryRun } from './dry-run.js'
import type { Step } from './plan.js'
import type { Deployment } from '../report/facts.js'
import type { Handoff, DeploySession, StepResult } from './session.js'

export type { Handoff, StepResult }
import { waitForVerdict } from './waiting.js'

/** The one ask for a new run's page waits no longer: a link is never worth holding the deploy up. */
const RUN_PAGE_TIMEOUT_MS = 30_000

type StepFunction = (
  session: DeploySession,
  handoff: Handoff,
  deployment: Readonly<Deployment>
) => Promise<StepResult>

/** Every step by name; the plan lists which a mode runs, the orchestrator runs them in order. */
export const STEPS: Record<Step, StepFunction> = {
  locateBuild,
  checkBuild: checkTheBuild,
  dryRun: async (session, { artifact, destination }) => ({
    facts: await session.withinDelivery(service =>
      dryRun(session.settings, service, artifact, destination, session)
    )
  }),
  upload,
  notify,
  wait: async (session, _handoff, deployment) => waitForVerdict(session, deployment),
  terminate
}

/** The build the options name. */
async function locateBuild(session: DeploySession, { file }: Handoff): Promise<StepResult> {
  const artifact = await findArtifact(file!, session.settings.workingDirectory)
  return {
    facts: { artifact: { name: artifact.name, size: artifact.size, target: artifact.target } },
    handoff: { artifact }
  }
}

/**
 * The build read before anything is sent (refused when broken or not the
 * app asked for), and where it goes in the workspace's storage: a value
 * given per platform is the build's platform's.
 */
async function checkTheBuild(session: DeploySession, { artifact }: Handoff): Promise<StepResult> {
  if (!artifact) return {}
  if (artifact.target)
    session.log.notice(
      `The artifact is a link that leads out of the working directory, to ${quote(artifact.target, 300)}.`,
      'Artifact outside the workspace'
    )
  const { settings } = session
  const build = await checkBuild(artifact, settings, session.hooks.signal)
  session.log.info(describeBuild(build))
  for (const warning of build.warnings) session.warn(warning.message, buildWarningTitle(warning))
  const destination = chooseDestination(settings, artifact, build)
  const which = { name: artifact.name, platform: build.platform, format: build.format }
  const overStatic = pullRequestOverStaticName(
    settings,
    destination,
    environmentOf(settings, which)
  )
  if (overStatic) session.warn(overStatic)
  return { facts: { build, destination }, handoff: { destination } }
}

/** The build into the store through its signed URL. */
async function upload(
  session: DeploySession,
  { artifact, destination }: Handoff,
  deployment: Readonly<Deployment>
): Promise<StepResult> {
  const receipt = await session.withinDelivery(service =>
    session.phase(`Upload ${quote(artifact!.name)} (${formatBytes(artifact!.size)})`, async () => {
      const sent = await uploadArtifact(service, artifact!, destination!, {
        minBytesPerSecond: session.settings.minUploadBytesPerSecond,
        onSigned: signed =>
          session.log.info(`Signed URL received for ${quote(signed.playgroundFileLocation)}.`),
        onProgress: session.output.guard('onProgress', session.hooks.onProgress)
      })
      session.log.info(`SHA-256 ${sent.sha256}`)
      return sent
    })
  )
  const uploadOnly = session.settings.mode === 'upload'
  if (uploadOnly)
    session.log.info('Upload only: no deploy notification was sent, so no run starts.')
  return {
    facts: {
      artifact: { ...deployment.artifact!, sha256: receipt.sha256 },
      fileLocation: session.value(receipt.signed.fileLocation) || undefined,
      playgroundFileLocation: session.value(receipt.signed.playgroundFileLocation),
      ...(uploadOnly ? { outcome: 'skipped' as const } : {})
    },
    handoff: { runInputPath: receipt.signed.playgroundFileLocation },
    event: { type: 'uploaded' }
  }
}

/** The deploy notification, and what the service answered: a run, or why none. */
async function notify(session: DeploySession, handoff: Handoff): Promise<StepResult> {
  const { settings, log } = session
  const runInputPath = handoff.runInputPath ?? settings.values.runInputPath
  const answer = await session.withinDelivery(service =>
    session.phase('Deploy notification', () => {
      const build = runInputPath
        ? { variable: settings.values.runVariable!, path: runInputPath }
        : undefined
      const notification = {
        values: {
          ...settings.values,
          deduplicationKey: deduplicationKeyOf(settings, handoff.destination)
        },
        git: settings.git,
        build
      }
      log.info(
        build
          ? `Notifying the service with ${build.variable}=${quote(build.path)}.`
          : 'Notifying the service of the deployment (no build attached).'
      )
      log.debug(
        `Deploy notification body: ${JSON.stringify(service.notificationBody(notification))}`
      )
      return service.notify(notification).then(answer => ({ answer, service }))
    })
  )
  const facts: Partial<Deployment> = {
    ...(runInputPath && !handoff.runInputPath
      ? { playgroundFileLocation: session.value(runInputPath) }
      : {}),
    outcome: answer.answer.outcome,
    runId: answer.answer.runId || undefined,
    runIds: answer.answer.runIds,
    duplicate: answer.answer.duplicate,
    preview: answer.answer.preview,
    environment: answer.answer.environment && session.value(answer.answer.environment),
    environmentId: answer.answer.environmentId,
    ...(await answerFacts(session, answer.service, answer.answer))
  }
  return { facts, event: { type: 'notified' } }
}

/** What the log says of the service's answer, and what the answer adds: the run's page, or why no run. */
async function answerFacts(
  session: DeploySession,
  service: ServiceApi,
  answer: Awaited<ReturnType<ServiceApi['notify']>>
): Promise<Partial<Deployment>> {
  const { log, settings } = session
  if (answer.warning) session.warn(`The service warns: ${answer.warning}`, 'Service warning')
  const where = answer.environment ? ` on environment ${quote(answer.environment)}` : ''
  if (answer.preview) {
    log.notice(
      `No run was created for this preview deployment${where}: the service answered with no trigger for it, which is not a failure. runId is empty.`,
      'No run for this preview'
    )
    return {}
  }
  if (answer.outcome !== 'success') {
    const cause = answer.cause ?? 'no-trigger'
    return {
      noRun: {
        cause,
        reason: session.output.text(answer.reason ?? 'no trigger matched this deployment'),
        advice: noRunAdvice(cause, settings.values.deploymentType)
      }
    }
  }
  // A repeated notification of the same deployment: the service answers with the run it started before.
  const done = answer.duplicate ? 'already existed for this deployment' : 'created'
  log.info(`Run ${answer.runId || '(no id given)'} ${done}${where}.`)
  if (answer.runIds.length > 1)
    log.info(`The deployment started ${answer.runIds.length} runs: ${answer.runIds.join(', ')}.`)
  if (!answer.runId) {
    log.warning('The service reported a run without an id; runId is empty.')
    return {}
  }
  return { runUrl: await runPageOf(session, service, answer.runId) }
}

/**
 * Asks the service once for a new run's page (the verdict endpoint names
 * it), so that every front end links to the run without waiting for its
 * verdict. A courtesy: a failure is a notice, never the deploy's.
 */
async function runPageOf(
  session: DeploySession,
  service: ServiceApi,
  runId: string
): Promise<string | undefined> {
  const later = session.settings.wait ? ' until the wait learns it' : ''
  try {
    const answer = await service.greenlight(runId, clock.now() + RUN_PAGE_TIMEOUT_MS)
    if (answer.runUrl) {
      const runUrl = session.value(answer.runUrl)
      session.log.info(`Run page: ${runUrl}`)
      return runUrl
    }
    session.log.notice(
      `The service named no page for run ${runId}; runUrl is empty${later}.`,
      'Run page unknown'
    )
  } catch (error) {
    if (service.config.policy.signal?.aborted) throw error
    session.log.notice(
      `The page of run ${runId} could not be asked for (${messageOf(error).replace(/\.$/, '')}); runUrl is empty${later}. The deploy itself is done.`,
      'Run page unknown'
    )
  }
  return undefined
}

/** A preview environment ended (or found ended before). */
async function terminate(session: DeploySession): Promise<StepResult> {
  const environment = session.settings.environmentRef!
  const [which, value] = Object.entries(environment)[0]!
  const result = await session.withinDelivery(service =>
    session.phase('End the preview environment', () => service.terminate(environment))
  )
  session.log.info(
    result.state === 'already'
      ? `The environment with ${which} ${quote(value)} was already ended.`
      : `The environment with ${which} ${quote(value)} is ended${result.environmentId ? ` (${result.environmentId})` : ''}; the service stops testing it.`
  )
  return { facts: { terminated: result, outcome: 'success' }, event: { type: 'terminated' } }
}

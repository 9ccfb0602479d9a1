import { formatBytes } from '../shared/format.js'
import type { Mode, Settings } from '../options/resolve.js'
import { quote } from '../shared/text.js'
import type { CiContext } from './session.js'

/** One step of a deploy, in the order a mode runs them. */
export type Step =
  'locateBuild' | 'checkBuild' | 'dryRun' | 'upload' | 'notify' | 'wait' | 'terminate'

/** What a deploy will do: its steps, or why it does nothing (a notice for the log). */
export type Plan = { steps: Step[] } | { skip: string }

/** The modes that send the deploy notification. */
const NOTIFIES: readonly Mode[] = ['deploy', 'notify', 'plain']

/**
 * Pure: the steps of a deploy from its settings and its CI's context, decided
 * once for every front end. A GitHub deployment that is not healthy is never
 * notified (service spec 4.3, rule 2).
 */
export function planOf(settings: Settings, ci: CiContext | undefined): Plan {
  const state = ci?.deploymentState
  if (state !== undefined && state !== 'success' && NOTIFIES.includes(settings.mode))
    return {
      skip: `This deployment_status event reports the state ${quote(state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`
    }
  const build: Step[] = (settings.values.file?.length ?? 0) > 0 ? ['locateBuild', 'checkBuild'] : []
  const wait: Step[] = settings.wait ? ['wait'] : []
  switch (settings.mode) {
    case 'terminate':
      return { steps: ['terminate'] }
    case 'wait':
      return { steps: ['wait'] }
    case 'collect':
    case 'skip':
      // A collect and a skip are no deploy: the orchestrator runs each by itself, never the deploy's steps.
      return { steps: [] }
    case 'upload':
      return { steps: [...build, settings.values.dryRun ? 'dryRun' : 'upload'] }
    default:
      if (settings.values.dryRun) return { steps: [...build, 'dryRun'] }
      return {
        steps: [
          ...build,
          ...((settings.values.file?.length ?? 0) > 0 ? ['upload' as const] : []),
          'notify',
          ...wait
        ]
      }
  }
}

const MODE_WORDS: Record<Mode, string> = {
  deploy: 'upload and notify',
  upload: 'upload only',
  notify: 'notify with an earlier upload',
  plain: 'notify without a build',
  wait: 'wait for a verdict',
  terminate: 'end a preview environment',
  collect: 'collect verdicts reported later',
  skip: 'deploy nothing: skipped check runs'
}

/** Pure: the lines that tell the step's mode and where it deploys, once for the step. */
export function planLines(settings: Settings): string[] {
  const waits = settings.wait && settings.mode !== 'wait' ? ', then wait for the verdict' : ''
  const { branch, sha, pullRequestNumber, mergeRequestNumber } = settings.git
  // Only a notification carries the Git context: a wait, an upload alone, a collect or ending an
  // environment sends none, so no line says "(none)" of what the step does not need.
  const git = NOTIFIES.includes(settings.mode)
  return [
    `Mode: ${MODE_WORDS[settings.mode]}${waits}`,
    `Service: ${settings.baseUrl}`,
    ...(git
      ? [
          `Branch: ${branch === undefined ? '(none)' : quote(branch, 200)}, commit: ${sha ?? '(none)'}`
        ]
      : []),
    ...(git && pullRequestNumber !== undefined ? [`Pull request: #${pullRequestNumber}`] : []),
    ...(git && mergeRequestNumber !== undefined ? [`Merge request: !${mergeRequestNumber}`] : [])
  ]
}

/** Pure: the lines that tell one deployment's build and where it goes. */
export function buildLines(
  artifact: { path: string; size: number } | undefined,
  destination: string | undefined
): string[] {
  return [
    ...(artifact ? [`Artifact: ${quote(artifact.path, 300)} (${formatBytes(artifact.size)})`] : []),
    ...(destination ? [`Destination: ${quote(destination, 300)}`] : [])
  ]
}

/** How an emulated run goes, from its creation to its verdict; configurable per workspace or per deployment. */
export interface Lifecycle {
  /** The run answers 404 for this long after the notification, as the service does before the run exists. */
  notFoundMs: number
  initializingMs: number
  underReviewMs: number
  /** How it ends. `failed` reports its bugs as blocking unless they say otherwise. */
  final: 'passed' | 'failed' | 'canceled'
  bugs: EmulatedBug[]
}

export interface EmulatedBug {
  name: string
  priority?: 'urgent' | 'high' | 'medium' | 'low' | 'unprioritized'
  isBlocking?: boolean
  isNew?: boolean
}

export const DEFAULT_LIFECYCLE: Lifecycle = {
  notFoundMs: 0,
  initializingMs: 1500,
  underReviewMs: 1500,
  final: 'passed',
  bugs: []
}

/**
 * A deployment's variables may carry its run's lifecycle as JSON
 * (`EMULATOR_RUN`), over the workspace's; its `byBuild` entry for the
 * extension of the build's path (`{"byBuild": {"apk": {...}, "ipa": {...}}}`)
 * over that, so that the builds of one step, sent with the same variables,
 * can each get a run of its own kind.
 */
export function lifecycleOf(
  workspace: Partial<Lifecycle> | undefined,
  variables: Record<string, string>,
  buildPath?: string
): Lifecycle {
  let own: Partial<Lifecycle> & { byBuild?: Record<string, Partial<Lifecycle>> }
  try {
    own = variables.EMULATOR_RUN ? JSON.parse(variables.EMULATOR_RUN) : {}
  } catch {
    own = {}
  }
  const { byBuild, ...rest } = own
  const extension = /\.([A-Za-z0-9]+)$/.exec(buildPath ?? '')?.[1]?.toLowerCase()
  const forBuild = extension && byBuild ? (byBuild[extension] ?? {}) : {}
  return { ...DEFAULT_LIFECYCLE, ...workspace, ...rest, ...forBuild }
}

export type Stage = 'initializing' | 'underReview' | 'completed' | 'canceled'

/** Where a run is after `elapsedMs`, or `missing` while it answers 404. */
export function stageAt(lifecycle: Lifecycle, elapsedMs: number): Stage | 'missing' {
  let at = elapsedMs - lifecycle.notFoundMs
  if (at < 0) return 'missing'
  at -= lifecycle.initializingMs
  if (at < 0) return 'initializing'
  at -= lifecycle.underReviewMs
  if (at < 0) return 'underReview'
  return lifecycle.final === 'canceled' ? 'canceled' : 'completed'
}

/** The ci-greenlight answer's bug fields for a run at `stage`. */
export function bugFields(lifecycle: Lifecycle, stage: Stage, baseUrl: string, runId: string) {
  if (stage === 'initializing' || stage === 'canceled') return {}
  const shown =
    lifecycle.final === 'passed'
      ? lifecycle.bugs.filter(b => b.isBlocking === false)
      : lifecycle.bugs
  const bugs = shown.map((bug, i) => {
    const priority = bug.priority ?? 'high'
    return {
      name: bug.name,
      number: i + 1,
      priority,
      isBlocking:
        bug.isBlocking ??
        (priority === 'urgent' || priority === 'high' || priority === 'unprioritized'),
      isNew: bug.isNew ?? true,
      applicationUrl: `${baseUrl}/runs/${runId}/bugs/${i + 1}`
    }
  })
  const blocking = bugs.filter(b => b.isBlocking)
  return {
    blockingBugsCount: blocking.length,
    nonBlockingBugsCount: bugs.length - blocking.length,
    reproducedBugs: bugs,
    otherBlockingBugsInEnvironment: [],
    ...(stage === 'underReview' ? { workflowsUnderInvestigationCount: 1 } : {})
  }
}

import { asObject, asText, type JsonObject } from './json.js'
import { clean as cleanText, safeId } from './service-text.js'

/** Where a run is (spec Part 3): `underReview` means its failures are being investigated. */
export type RunStage = 'initializing' | 'underReview' | 'completed' | 'canceled'

/** A bug the run found, as the outputs and the summary show it. */
export interface Bug {
  name: string
  number?: number
  priority: 'urgent' | 'high' | 'medium' | 'low' | 'unprioritized'
  blocking: boolean
  new: boolean
  url?: string
}

/** One answer of `GET /api/v0/ci-greenlight/{runId}`, read tolerantly. */
export interface GreenlightAnswer {
  stage?: RunStage
  greenlight: boolean
  rootRunId?: string
  relevantRunId?: string
  /** The page of the run that decides (a superseding run's, when there is one). */
  runUrl?: string
  bugsUrl?: string
  workflows?: number
  underInvestigation?: number
  autoRetrying?: number
  blockingBugsCount?: number
  nonBlockingBugsCount?: number
  /** The run's reproduced bugs. */
  bugs: Bug[]
  /** Blocking bugs of the environment found by other workflows. */
  otherBlockingBugs: Bug[]
}

const STAGES: RunStage[] = ['initializing', 'underReview', 'completed', 'canceled']
const PRIORITIES: Bug['priority'][] = ['urgent', 'high', 'medium', 'low', 'unprioritized']

/** Pure: the greenlight answer's fields; anything missing or of another type is left out, never fatal. */
export function parseGreenlight(json: JsonObject): GreenlightAnswer {
  const stage = STAGES.find(s => s === json.runStage)
  return {
    stage,
    greenlight: json.greenlight === true,
    rootRunId: safeId(json.rootRunId),
    relevantRunId: safeId(json.relevantRunId),
    runUrl: httpUrl(json.relevantRunUrl) ?? httpUrl(json.rootRunUrl),
    bugsUrl: httpUrl(json.relevantRunWithBugsUrl),
    workflows: count(json.workflowsInRunCount),
    underInvestigation: count(json.workflowsUnderInvestigationCount),
    autoRetrying: count(json.workflowsAutoRetryingCount),
    blockingBugsCount: count(json.blockingBugsCount),
    nonBlockingBugsCount: count(json.nonBlockingBugsCount),
    bugs: bugsOf(json.reproducedBugs),
    otherBlockingBugs: bugsOf(json.otherBlockingBugsInEnvironment)
  }
}

function bugsOf(value: unknown): Bug[] {
  if (!Array.isArray(value)) return []
  return value.map(asObject).flatMap(raw => {
    const name = cleanText(asText(raw.name) ?? '')
    if (!name) return []
    const priority = PRIORITIES.find(p => p === raw.priority) ?? 'unprioritized'
    const bug: Bug = {
      name,
      number: count(raw.number),
      priority,
      // As the service decides when it does not say: high, urgent or unset priority blocks.
      blocking:
        typeof raw.isBlocking === 'boolean'
          ? raw.isBlocking
          : priority === 'urgent' || priority === 'high' || priority === 'unprioritized',
      new: raw.isNew === true,
      url: httpUrl(raw.applicationUrl) ?? httpUrl(asObject(raw.externalIssue).applicationUrl)
    }
    return [bug]
  })
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** An http(s) URL from the service, or nothing: it reaches logs, outputs and the summary. */
function httpUrl(value: unknown): string | undefined {
  const text = asText(value)
  if (!text) return undefined
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The verdict endpoint's answers and the end of an environment's, read tolerantly into the domain's terms. */
import { asObject } from '../../shared/json.js'
import { httpUrl, safeId } from '../../shared/name-rules.js'
import type { Bug, RunStage, RunStatus } from '../../model.js'
import { answerText, parseObject, serviceWords } from './answers.js'

// ---------------------------------------------------------------- verdict

const STAGES: RunStage[] = ['initializing', 'underReview', 'completed', 'canceled']
const PRIORITIES: Bug['priority'][] = ['urgent', 'high', 'medium', 'low', 'unprioritized']
const MAX_BUGS = 500

/** Parses the body of a 200 from the verdict endpoint. */
export function parseGreenlightAnswer(body: string): RunStatus {
  const json = parseObject(body, 'The verdict endpoint')
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
  return value
    .slice(0, MAX_BUGS)
    .map(asObject)
    .flatMap(raw => {
      const name = serviceWords(answerText(raw.name) ?? '')
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

// ---------------------------------------------------------------- terminate

/** Parses the 200 of the environment_terminated webhook; the status says it all, the body only names the environment. */
export function parseTerminateAnswer(body: string): { environmentId?: string | undefined } {
  try {
    return { environmentId: safeId(asObject(JSON.parse(body)).environmentId) }
  } catch {
    return {}
  }
}

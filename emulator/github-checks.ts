/**
 * The GitHub stand-in's check runs, held to GitHub's rules: only a GitHub
 * App creates them; a completed one keeps its status and conclusion;
 * `output.summary` and `output.text` hold at most 65,535 UTF-8 bytes; a list
 * for a ref keeps the newest of each name unless `filter=all`, paged as
 * GitHub pages it.
 */
import type { Route } from './github-call.js'
import { MAX_OUTPUT_BYTES, type GitHubCheckRun } from './github-state.js'
import { paged } from './github-pages.js'

/** The check-run operations, by GitHub's operation id. */
export const CHECK_ROUTES = {
  'checks/create': ({ state, body, scopes, answer, refuse, invalid }) => {
    if (!scopes.app)
      return answer(403, {
        message: 'You must authenticate via a GitHub App.',
        documentation_url: DOCS
      })
    if (scopes.checks !== 'write') return refuse('checks=write')
    const problem = outputProblem(body?.output)
    if (problem) return invalid(problem)
    const completed = body?.status === 'completed' || body?.completed_at !== undefined
    if (completed && body?.conclusion === undefined)
      return invalid('conclusion is required with status completed or completed_at')
    const text = (field: string): string | null => (body?.[field] as string | undefined) ?? null
    const run: GitHubCheckRun = {
      id: state.nextId++,
      name: String(body?.name),
      head_sha: String(body?.head_sha),
      status: body?.conclusion !== undefined ? 'completed' : String(body?.status ?? 'queued'),
      conclusion: text('conclusion'),
      external_id: text('external_id'),
      details_url: text('details_url'),
      started_at: text('started_at'),
      completed_at: text('completed_at'),
      output: (body?.output as GitHubCheckRun['output']) ?? {},
      app: { slug: scopes.app },
      history: []
    }
    run.history.push({ status: run.status, conclusion: run.conclusion })
    state.checkRuns.push(run)
    answer(201, run)
  },

  'checks/update': ({ state, operation, body, scopes, answer, refuse, invalid, notFound }) => {
    if (scopes.checks !== 'write') return refuse('checks=write')
    const run = state.checkRuns.find(r => r.id === Number(operation.params.check_run_id))
    if (!run) return notFound()
    const problem = outputProblem(body?.output)
    if (problem) return invalid(problem)
    for (const field of ['details_url', 'started_at', 'external_id', 'name'] as const)
      if (body?.[field] !== undefined)
        (run as unknown as Record<string, unknown>)[field] = body[field]
    if (body?.output !== undefined) run.output = body.output as GitHubCheckRun['output']
    // A completed check run's status and conclusion are final: GitHub answers 200 and keeps them.
    if (run.status !== 'completed') {
      if (body?.status !== undefined) run.status = String(body.status)
      if (body?.conclusion !== undefined) {
        run.conclusion = String(body.conclusion)
        run.status = 'completed'
      }
      if (body?.completed_at !== undefined) run.completed_at = String(body.completed_at)
    }
    run.history.push({ status: run.status, conclusion: run.conclusion })
    answer(200, run)
  },

  'checks/get': ({ state, operation, answer, notFound }) => {
    const run = state.checkRuns.find(r => r.id === Number(operation.params.check_run_id))
    return run ? answer(200, run) : notFound()
  },

  'checks/list-for-ref': ({ state, operation, url, address, answer }) => {
    const name = url.searchParams.get('check_name')
    const status = url.searchParams.get('status')
    const found = state.checkRuns
      .filter(
        r =>
          r.head_sha === operation.params.ref &&
          (!name || r.name === name) &&
          (!status || r.status === status)
      )
      .reverse()
    // `latest` (the default) keeps the newest check run of each name.
    const shown =
      url.searchParams.get('filter') === 'all'
        ? found
        : found.filter((r, i) => found.findIndex(o => o.name === r.name) === i)
    const { page, link } = paged(shown, url, address)
    answer(200, { total_count: shown.length, check_runs: page }, link)
  }
} satisfies Record<string, Route>

const DOCS = 'https://docs.github.com/rest'

/** Why GitHub refuses a check run's output: a summary or text over 65,535 UTF-8 bytes. */
function outputProblem(output: unknown): string | undefined {
  if (!output || typeof output !== 'object') return undefined
  for (const field of ['summary', 'text'] as const) {
    const value = (output as Record<string, unknown>)[field]
    if (typeof value === 'string' && Buffer.byteLength(value, 'utf8') > MAX_OUTPUT_BYTES)
      return `output.${field} is ${Buffer.byteLength(value, 'utf8')} bytes, over GitHub's ${MAX_OUTPUT_BYTES}`
  }
  return undefined
}

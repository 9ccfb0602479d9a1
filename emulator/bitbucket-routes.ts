/**
 * The Bitbucket stand-in's routes: one function per operation it answers,
 * by the description's id (or method and path, where Bitbucket gives none),
 * each reading and writing the stand-in's state (bitbucket-state.ts). A
 * request reaches its route only once Bitbucket's description, the faults,
 * the token and the repository have let it through (bitbucket-requests.ts).
 * Beyond the schemas, what Bitbucket's documentation says: a status of an
 * existing key is overwritten; a report takes at most 10 data fields; a
 * request carries at most 100 annotations and a report at most 1,000;
 * an annotation's summary is 1 to 450 characters (Bitbucket answers 400
 * otherwise, though its description does not say so); an annotation of an
 * existing external id is replaced.
 */
import { randomUUID } from 'node:crypto'
import type { BitbucketReport, BitbucketState, BitbucketStatus } from './bitbucket-state.js'
import { emulatorNow } from './clock.js'
import type { Operation } from './openapi-judge.js'

/** What a route is given: the state, the request as the description matched it, and its answers. */
export interface BitbucketCall {
  state: BitbucketState
  operation: Operation
  body: unknown
  url: URL
  /** The API's address as the client named it: Bitbucket's own through the proxy, the stand-in's otherwise. */
  apiUrl: string
  /** Whether the token may write. */
  writes: boolean
  answer(status: number, body: unknown): void
  /** 400 in Bitbucket's words, and a violation: a request Bitbucket's rules refuse. */
  invalid(message: string): void
  notFound(what: string): void
}

type Route = (call: BitbucketCall) => void

const COMMIT = '/repositories/{workspace}/{repo_slug}/commit/{commit}'
const MAX_DATA = 10
const MAX_ANNOTATIONS_A_REPORT = 1000
const MAX_SUMMARY = 450

export const ROUTES: Record<string, Route> = {
  [`POST ${COMMIT}/statuses/build`]: call => {
    const { state, operation, body } = call
    if (!writable(call)) return
    const given = body as Record<string, unknown>
    const now = new Date(emulatorNow()).toISOString()
    const commit = operation.params.commit!
    const key = String(given.key ?? '')
    if (!key || !given.state) return call.invalid('key and state are required')
    const kept = state.statuses.find(s => sameCommit(s.commit, commit) && s.key === key)
    const status: BitbucketStatus = kept ?? {
      uuid: `{${randomUUID()}}`,
      commit,
      key,
      state: '',
      created_on: now,
      updated_on: now,
      history: []
    }
    Object.assign(status, {
      state: String(given.state),
      name: given.name as string | undefined,
      url: given.url as string | undefined,
      description: given.description as string | undefined,
      refname: given.refname as string | undefined,
      updated_on: now
    })
    status.history.push(status.state)
    if (!kept) state.statuses.push(status)
    call.answer(201, statusJson(status))
  },

  [`GET ${COMMIT}/statuses/build/{key}`]: call => {
    const found = call.state.statuses.find(
      s =>
        sameCommit(s.commit, call.operation.params.commit!) && s.key === call.operation.params.key
    )
    if (!found) return call.notFound('status')
    call.answer(200, statusJson(found))
  },

  [`GET ${COMMIT}/statuses`]: call => {
    const found = call.state.statuses.filter(s =>
      sameCommit(s.commit, call.operation.params.commit!)
    )
    call.answer(200, page(call, found.map(statusJson)))
  },

  createOrUpdateReport: call => {
    const { state, operation, body } = call
    if (!writable(call)) return
    const fields = body as Record<string, unknown>
    if (Array.isArray(fields.data) && fields.data.length > MAX_DATA)
      return call.invalid(`a report takes at most ${MAX_DATA} data fields`)
    const now = new Date(emulatorNow()).toISOString()
    const commit = operation.params.commit!
    const reportId = operation.params.reportId!
    const kept = reportOf(state, commit, reportId)
    const report: BitbucketReport = kept ?? {
      uuid: `{${randomUUID()}}`,
      commit,
      reportId,
      fields: {},
      annotations: new Map(),
      created_on: now,
      updated_on: now
    }
    report.fields = { ...fields }
    report.updated_on = now
    if (!kept) state.reports.push(report)
    call.answer(200, reportJson(report))
  },

  deleteReport: call => {
    if (!writable(call)) return
    const report = reportOf(
      call.state,
      call.operation.params.commit!,
      call.operation.params.reportId!
    )
    if (!report) return call.notFound('report')
    call.state.reports.splice(call.state.reports.indexOf(report), 1)
    call.answer(204, undefined)
  },

  getReport: call => {
    const report = reportOf(
      call.state,
      call.operation.params.commit!,
      call.operation.params.reportId!
    )
    if (!report) return call.notFound('report')
    call.answer(200, reportJson(report))
  },

  getReportsForCommit: call => {
    const found = call.state.reports.filter(r =>
      sameCommit(r.commit, call.operation.params.commit!)
    )
    call.answer(200, page(call, found.map(reportJson)))
  },

  bulkCreateOrUpdateAnnotations: call => {
    const { state, operation, body } = call
    if (!writable(call)) return
    const report = reportOf(state, operation.params.commit!, operation.params.reportId!)
    if (!report) return call.notFound('report')
    const given = body as Record<string, unknown>[]
    for (const annotation of given) {
      const summary = typeof annotation.summary === 'string' ? annotation.summary : ''
      if (!annotation.external_id) return call.invalid('an annotation needs its external_id')
      if (summary.length < 1 || summary.length > MAX_SUMMARY)
        return call.invalid(`an annotation's summary is 1 to ${MAX_SUMMARY} characters`)
    }
    const ids = new Set([...report.annotations.keys(), ...given.map(a => String(a.external_id))])
    if (ids.size > MAX_ANNOTATIONS_A_REPORT)
      return call.invalid(`a report takes at most ${MAX_ANNOTATIONS_A_REPORT} annotations`)
    for (const annotation of given)
      report.annotations.set(String(annotation.external_id), {
        ...annotation,
        type: 'report_annotation',
        uuid: `{${randomUUID()}}`
      })
    call.answer(
      200,
      [...report.annotations.values()].filter(a => given.some(g => g.external_id === a.external_id))
    )
  },

  getAnnotationsForReport: call => {
    const report = reportOf(
      call.state,
      call.operation.params.commit!,
      call.operation.params.reportId!
    )
    if (!report) return call.notFound('report')
    call.answer(200, page(call, [...report.annotations.values()]))
  },

  getPullrequestsForCommit: call => {
    const commit = call.operation.params.commit!
    const found = call.state.pullRequests.filter(pr =>
      pr.source.commit.startsWith(commit.slice(0, 12))
    )
    call.answer(200, page(call, found.map(pullRequestJson)))
  },

  'GET /repositories/{workspace}/{repo_slug}/pullrequests': call => {
    const wanted = call.url.searchParams.get('state') ?? 'OPEN'
    call.answer(
      200,
      page(call, call.state.pullRequests.filter(pr => pr.state === wanted).map(pullRequestJson))
    )
  }
}

/** A write needs a token that may write: 403 in Bitbucket's words otherwise. */
function writable(call: BitbucketCall): boolean {
  if (call.writes) return true
  call.answer(403, {
    type: 'error',
    error: {
      message: 'Your credentials lack one or more required privilege scopes.',
      detail: { required: ['repository:write'] }
    }
  })
  return false
}

function reportOf(state: BitbucketState, commit: string, id: string): BitbucketReport | undefined {
  return state.reports.find(
    r =>
      sameCommit(r.commit, commit) &&
      (r.reportId === id || r.uuid === id || r.fields.external_id === id)
  )
}

/** Bitbucket takes a commit by its hash or a prefix of it (a pull request names its source by 12 characters). */
export function sameCommit(kept: string, given: string): boolean {
  if (given.length < 7 || kept.length < 7) return kept === given
  return kept.startsWith(given) || given.startsWith(kept)
}

/**
 * A list as Bitbucket pages it: `pagelen` values a page (10 unless asked,
 * at most 100), the page `page` (1 unless asked), the count of them all,
 * and the next page's whole address while there is one.
 */
function page(call: BitbucketCall, values: unknown[]): object {
  const asked = Number(call.url.searchParams.get('pagelen') ?? 10)
  const pagelen = Math.min(100, Math.max(1, Number.isSafeInteger(asked) ? asked : 10))
  const number = Math.max(1, Number(call.url.searchParams.get('page') ?? 1) || 1)
  const start = (number - 1) * pagelen
  const answer: Record<string, unknown> = {
    values: values.slice(start, start + pagelen),
    size: values.length,
    page: number,
    pagelen
  }
  if (start + pagelen < values.length) {
    const next = new URL(`${call.apiUrl}${call.url.pathname.replace(/^\/2\.0/, '')}`)
    for (const [name, value] of call.url.searchParams)
      if (name !== 'page') next.searchParams.append(name, value)
    next.searchParams.set('page', String(number + 1))
    answer.next = next.toString()
  }
  return answer
}

function statusJson(status: BitbucketStatus): object {
  const { history, commit, ...fields } = status
  void history
  return { type: 'commitstatus', ...fields, commit: { hash: commit, type: 'commit' } }
}

function reportJson(report: BitbucketReport): object {
  return {
    ...report.fields,
    // The id a report was written under is its external id, as Bitbucket answers it.
    external_id: report.fields.external_id ?? report.reportId,
    type: 'report',
    uuid: report.uuid,
    commit_hash: report.commit,
    created_on: report.created_on,
    updated_on: report.updated_on
  }
}

function pullRequestJson(pr: BitbucketState['pullRequests'][number]): object {
  return {
    type: 'pullrequest',
    id: pr.id,
    state: pr.state,
    source: { branch: { name: pr.source.branch }, commit: { hash: pr.source.commit.slice(0, 12) } },
    destination: { branch: { name: pr.destination.branch } }
  }
}

/**
 * The Bitbucket Cloud REST client (2.0) of the build statuses and the Code
 * Insights report: what they need of Bitbucket, and nothing else, over the
 * one host API (host/api.ts) and its retry rule. Requests go only to the
 * API's address; the token rides as a bearer, or Pipelines' proxy signs
 * them. Every body carries the base object's `type`, which Bitbucket's
 * description requires.
 */
import { request, type Api } from '../host/api.js'
import type { CallOptions, ClientLimits } from '../host/limits.js'
import { labelOf } from '../transport/send.js'
import { BITBUCKET, BitbucketError } from './errors.js'
import type { BitbucketAuth } from './plan.js'
import { apiAddress } from '../host/api.js'

/** A build status's state as Bitbucket takes it. */
export type BitbucketState = 'INPROGRESS' | 'SUCCESSFUL' | 'FAILED' | 'STOPPED'

/** One build status: created, or the one of its key on the commit overwritten. */
export interface StatusWrite {
  key: string
  state: BitbucketState
  name: string
  url: string
  description: string
  refname?: string | undefined
}

/** A build status as Bitbucket answers it. */
export interface BitbucketStatus {
  key: string
  state: string
  name?: string | undefined
  /** Its link as written (a URI template Bitbucket expands when it shows it). */
  url?: string | undefined
}

/** A report's data field: a title, a type and its value. */
export interface ReportData {
  title: string
  type: 'BOOLEAN' | 'DATE' | 'DURATION' | 'LINK' | 'NUMBER' | 'PERCENTAGE' | 'TEXT'
  value: unknown
}

/** A Code Insights report as this product writes it. */
export interface ReportWrite {
  title: string
  details: string
  report_type: 'TEST'
  reporter: string
  result?: 'PASSED' | 'FAILED' | 'PENDING' | undefined
  link?: string | undefined
  data: ReportData[]
}

/** A report as Bitbucket answers it: its id, its result, what it says. */
export interface BitbucketReport {
  id: string
  result?: string | undefined
  reporter?: string | undefined
  title?: string | undefined
}

/** An annotation of a report, keyed by its external id. */
export interface AnnotationWrite {
  external_id: string
  annotation_type: 'BUG' | 'CODE_SMELL' | 'VULNERABILITY'
  summary: string
  details?: string | undefined
  result?: 'PASSED' | 'FAILED' | 'SKIPPED' | 'IGNORED' | undefined
  severity?: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | undefined
  link?: string | undefined
}

/** What the Bitbucket reporter and collect need of Bitbucket. */
export interface BitbucketClient {
  postStatus(commit: string, status: StatusWrite, call?: CallOptions): Promise<void>
  /** The status of this key on the commit, or undefined where there is none. */
  getStatus(commit: string, key: string): Promise<BitbucketStatus | undefined>
  putReport(commit: string, id: string, report: ReportWrite, call?: CallOptions): Promise<void>
  /** Removes a report and its annotations, where it may (none there, or a refusal, is no error): a step's first write starts clean. */
  deleteReport(commit: string, id: string, call?: CallOptions): Promise<void>
  /** Writes annotations of a report: at most 100 a request, as Bitbucket takes them. */
  postAnnotations(
    commit: string,
    id: string,
    annotations: readonly AnnotationWrite[],
    call?: CallOptions
  ): Promise<void>
  /** The commit's reports, every page. */
  listReports(commit: string): Promise<BitbucketReport[]>
  /** A report's annotations, every page. */
  listAnnotations(commit: string, id: string): Promise<Record<string, unknown>[]>
  /** The source commits of the repository's open pull requests, every page (a collect's places). */
  openPullRequestCommits(): Promise<string[]>
  requestCount(): number
}

/** What a client is made of. */
export interface BitbucketConnection {
  auth: BitbucketAuth
  apiUrl: string
  workspace: string
  repoSlug: string
  limits: ClientLimits
}

/** Bitbucket takes at most this many annotations a request. */
export const ANNOTATIONS_A_REQUEST = 100
/**
 * The most pages a list reads: 1,000 open pull requests or a report's 1,000
 * annotations at Bitbucket's 10 a page. No `pagelen` is asked: Bitbucket's
 * description declares it on none of these lists, and a stand-in held to
 * the description refuses it.
 */
export const MAX_PAGES = 100

export function createBitbucketClient(connection: BitbucketConnection): BitbucketClient {
  const { auth } = connection
  const proxied = 'proxy' in auth
  const api: Api = {
    url: apiAddress(BITBUCKET, connection.apiUrl, proxied),
    dialect: BITBUCKET,
    headers: 'token' in auth ? { authorization: `Bearer ${auth.token}` } : {},
    ...(proxied ? { proxy: auth.proxy } : {}),
    limits: connection.limits,
    requests: 0
  }
  const repository = `${api.url}/repositories/${encodeURIComponent(connection.workspace)}/${encodeURIComponent(connection.repoSlug)}`
  const commitOf = (commit: string): string => `${repository}/commit/${encodeURIComponent(commit)}`
  return {
    ...statusCalls(api, commitOf),
    ...reportCalls(api, commitOf),
    async openPullRequestCommits() {
      const found = await pages(api, `${repository}/pullrequests?state=OPEN`)
      return found
        .map(value =>
          text((value as { source?: { commit?: { hash?: unknown } } }).source?.commit?.hash)
        )
        .filter((hash): hash is string => hash !== undefined && /^[0-9a-f]{7,40}$/.test(hash))
    },
    requestCount: () => api.requests
  }
}

type CommitOf = (commit: string) => string

/** A commit's build statuses: one written, one read by its key. */
function statusCalls(
  api: Api,
  commitOf: CommitOf
): Pick<BitbucketClient, 'postStatus' | 'getStatus'> {
  return {
    async postStatus(commit, status, call) {
      const body = { type: 'commitstatus', ...withoutUndefined(status) }
      await request(api, 'POST', `${commitOf(commit)}/statuses/build`, body, call)
    },
    async getStatus(commit, key) {
      try {
        const answer = await request(
          api,
          'GET',
          `${commitOf(commit)}/statuses/build/${encodeURIComponent(key)}`
        )
        const found = answer.json as Record<string, unknown>
        return {
          key,
          state: String(found?.state ?? ''),
          name: text(found?.name),
          url: text(found?.url)
        }
      } catch (error) {
        if (error instanceof BitbucketError && error.status === 404) return undefined
        throw error
      }
    }
  }
}

/** A commit's Code Insights reports and their annotations. */
function reportCalls(
  api: Api,
  commitOf: CommitOf
): Pick<
  BitbucketClient,
  'putReport' | 'deleteReport' | 'postAnnotations' | 'listReports' | 'listAnnotations'
> {
  const reportOf = (commit: string, id: string): string =>
    `${commitOf(commit)}/reports/${encodeURIComponent(id)}`
  return {
    async putReport(commit, id, report, call) {
      const body = { type: 'report', ...withoutUndefined(report) }
      await request(api, 'PUT', reportOf(commit, id), body, call)
    },
    async deleteReport(commit, id, call) {
      try {
        await request(api, 'DELETE', reportOf(commit, id), undefined, call)
      } catch (error) {
        // None there, or one this credential may not remove: the report's own write says what matters.
        if (!(error instanceof BitbucketError && error.status >= 400 && error.status < 500))
          throw error
      }
    },
    async postAnnotations(commit, id, annotations, call) {
      for (let start = 0; start < annotations.length; start += ANNOTATIONS_A_REQUEST) {
        const chunk = annotations
          .slice(start, start + ANNOTATIONS_A_REQUEST)
          .map(annotation => ({ type: 'report_annotation', ...withoutUndefined(annotation) }))
        await request(api, 'POST', `${reportOf(commit, id)}/annotations`, chunk, call)
      }
    },
    async listReports(commit) {
      return (await pages(api, `${commitOf(commit)}/reports`)).map(value => {
        const report = value as Record<string, unknown>
        return {
          id: text(report.external_id) ?? text(report.uuid) ?? '',
          result: text(report.result),
          reporter: text(report.reporter),
          title: text(report.title)
        }
      })
    },
    async listAnnotations(commit, id) {
      return (await pages(api, `${reportOf(commit, id)}/annotations`)) as Record<string, unknown>[]
    }
  }
}

/** Every page of a list: Bitbucket's answer names the next page's address (`next`), checked to be within the API when asked. */
async function pages(api: Api, first: string): Promise<unknown[]> {
  const items: unknown[] = []
  let url: string | undefined = first
  for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
    const answer = await request(api, 'GET', url)
    const page = answer.json as { values?: unknown; next?: unknown } | undefined
    if (!page || !Array.isArray(page.values))
      throw new BitbucketError(`Bitbucket's API answered ${labelOf('GET', url)} without a list`, 0)
    items.push(...(page.values as unknown[]))
    // A next page named relative to this one is resolved against it; where it leads is checked before it is asked.
    url = typeof page.next === 'string' && page.next ? resolved(page.next, url) : undefined
  }
  return items
}

function resolved(next: string, from: string): string | undefined {
  try {
    return new URL(next, from).toString()
  } catch {
    throw new BitbucketError(`Bitbucket's API named a next page that is no address`, 0)
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined)
  ) as Partial<T>
}

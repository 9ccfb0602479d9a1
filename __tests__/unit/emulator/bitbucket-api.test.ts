/**
 * The Bitbucket stand-in, over HTTP as a client meets it: build statuses
 * by key (created 201, overwritten by a later one of the key), Code
 * Insights reports within 10 data fields, annotations within 100 a request
 * and 1,000 a report with a summary of 1 to 450 characters, a commit's
 * pull requests; a repository access token (401 without, 403 for a
 * read-only one on a write), another repository 404, Bitbucket's 429 with
 * Retry-After; every request the description refuses a violation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  READ_ONLY_TOKEN,
  REPO_SLUG,
  startBitbucketApi,
  WORKSPACE,
  WRITE_TOKEN,
  type BitbucketApi
} from '../../../emulator/bitbucket-api.js'
import '../../helpers/harness.js'

const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
let api: BitbucketApi
beforeAll(async () => (api = await startBitbucketApi()))
afterAll(() => api.close())
beforeEach(() => api.reset())

async function call(
  method: string,
  path: string,
  body?: unknown,
  token = WRITE_TOKEN
): Promise<{
  status: number
  json: Record<string, unknown> & { values?: unknown[] }
  headers: Headers
}> {
  const answer = await fetch(
    `${api.url}/repositories/${WORKSPACE}/${REPO_SLUG}/commit/${SHA}${path}`,
    {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    }
  )
  return { status: answer.status, json: (await answer.json()) as never, headers: answer.headers }
}

const status = (state: string, key = 'MBD-android') => ({
  type: 'commitstatus',
  key,
  state,
  name: 'Mobile tests (Android: com.example.shop)',
  url: 'https://app.example.com/runs/run_1'
})
const report = (fields: object = {}) => ({
  type: 'report',
  title: 'Mobile tests',
  report_type: 'TEST',
  result: 'PENDING',
  ...fields
})
const annotation = (i: number, summary = `Bug ${i}`) => ({
  type: 'report_annotation',
  external_id: `bug-${i}`,
  annotation_type: 'BUG',
  summary
})

describe('build statuses', () => {
  it('are created, then overwritten by a later one of the same key', async () => {
    expect((await call('POST', '/statuses/build', status('INPROGRESS'))).status).toBe(201)
    const done = await call('POST', '/statuses/build', status('SUCCESSFUL'))
    expect(done.json).toMatchObject({
      type: 'commitstatus',
      key: 'MBD-android',
      state: 'SUCCESSFUL'
    })
    expect(api.statuses.map(s => s.history)).toEqual([['INPROGRESS', 'SUCCESSFUL']])
    expect((await call('GET', '/statuses')).json.values).toHaveLength(1)
    expect((await call('GET', '/statuses/build/MBD-android')).json).toMatchObject({
      state: 'SUCCESSFUL'
    })
  })

  it('need a token that may write, of this repository, and a state Bitbucket has', async () => {
    expect((await call('POST', '/statuses/build', status('INPROGRESS'), '')).status).toBe(401)
    expect(
      (await call('POST', '/statuses/build', status('INPROGRESS'), 'ATCTTunknown')).status
    ).toBe(401)
    expect(
      (await call('POST', '/statuses/build', status('INPROGRESS'), READ_ONLY_TOKEN)).status
    ).toBe(403)
    const other = await fetch(`${api.url}/repositories/${WORKSPACE}/other/commit/${SHA}/statuses`, {
      headers: { authorization: `Bearer ${WRITE_TOKEN}` }
    })
    expect(other.status).toBe(404)
    expect((await call('POST', '/statuses/build', status('DONE'))).status).toBe(400)
    expect(api.takeViolations()).toEqual([expect.stringContaining('state')])
    expect(api.statuses).toEqual([])
  })

  it("answer Bitbucket's 429 with Retry-After when a test arms it", async () => {
    api.faults.add({ match: /statuses/, retryAfter: 7 })
    const throttled = await call('POST', '/statuses/build', status('INPROGRESS'))
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '7'])
    expect((await call('POST', '/statuses/build', status('INPROGRESS'))).status).toBe(201)
  })
})

describe('Code Insights reports and annotations', () => {
  it('a report of at most 10 data fields, created then updated in place', async () => {
    const data = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ title: `f${i}`, type: 'TEXT', value: { text: 'x' } }))
    expect((await call('PUT', '/reports/mbd-1', report({ data: data(10) }))).status).toBe(200)
    expect((await call('PUT', '/reports/mbd-1', report({ result: 'FAILED' }))).json).toMatchObject({
      result: 'FAILED'
    })
    expect(api.reports).toHaveLength(1)
    expect((await call('PUT', '/reports/mbd-1', report({ data: data(11) }))).status).toBe(400)
    expect(api.takeViolations()).toEqual([expect.stringContaining('10 data fields')])
  })

  it('annotations: 100 a request, 1,000 a report, a summary of 1 to 450 characters', async () => {
    await call('PUT', '/reports/mbd-1', report())
    for (let batch = 0; batch < 10; batch++) {
      const annotations = Array.from({ length: 100 }, (_, i) => annotation(batch * 100 + i))
      expect((await call('POST', '/reports/mbd-1/annotations', annotations)).status).toBe(200)
    }
    expect((await call('POST', '/reports/mbd-1/annotations', [annotation(1000)])).status).toBe(400)
    // The same external id replaces its annotation: still 1,000.
    expect(
      (await call('POST', '/reports/mbd-1/annotations', [annotation(5, 'Bug five')])).status
    ).toBe(200)
    // Listed in pages: 10 unless asked, 100 at most, the next page's address while there is one.
    const first = (await call('GET', '/reports/mbd-1/annotations')).json
    expect(first).toMatchObject({ size: 1000, page: 1, pagelen: 10 })
    expect(first.values).toHaveLength(10)
    const last = (await call('GET', '/reports/mbd-1/annotations?pagelen=100&page=10')).json
    expect(last.values).toHaveLength(100)
    expect(last.next).toBeUndefined()
    expect(String(first.next)).toMatch(/\/reports\/mbd-1\/annotations\?page=2$/)
    expect(
      (
        await call(
          'POST',
          '/reports/mbd-1/annotations',
          Array.from({ length: 101 }, (_, i) => annotation(i))
        )
      ).status
    ).toBe(400)
    expect(
      (await call('POST', '/reports/mbd-1/annotations', [annotation(1, 'x'.repeat(451))])).status
    ).toBe(400)
    expect((await call('POST', '/reports/mbd-1/annotations', [annotation(1, '')])).status).toBe(400)
    expect(api.takeViolations()).toHaveLength(4)
  })

  it('annotations of a report that is not there: 404', async () => {
    expect((await call('POST', '/reports/none/annotations', [annotation(1)])).status).toBe(404)
  })
})

describe('pull requests', () => {
  it("a commit's pull requests, by its short hash as Bitbucket writes it", async () => {
    api.pullRequests.push({
      id: 7,
      state: 'OPEN',
      source: { branch: 'feature/login', commit: SHA },
      destination: { branch: 'main' }
    })
    const found = await call('GET', '/pullrequests')
    expect(found.json.values).toEqual([expect.objectContaining({ id: 7, state: 'OPEN' })])
  })
})

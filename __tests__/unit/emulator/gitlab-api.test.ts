/**
 * The emulated GitLab API is at least as strict as GitLab: every request is
 * judged by GitLab's own OpenAPI description (an extract pinned by its
 * SHA-256) and by the rules GitLab documents beyond it, and every answer of
 * ours by the description's response schemas. Each refusal answers as
 * GitLab would and is recorded as a violation, which the test harness turns
 * into a failed test wherever the product caused one.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  JOB_TOKEN,
  PERSON,
  PERSONAL_TOKEN,
  PROJECT_BOT,
  PROJECT_ID,
  READ_ONLY_TOKEN,
  WRITE_TOKEN,
  startGitLabApi,
  type GitLabApi
} from '../../../emulator/gitlab-api.js'
import {
  EXTRACT_PATH,
  EXTRACT_SHA256,
  gitlabDescription
} from '../../../emulator/gitlab-openapi.js'

let api: GitLabApi
beforeAll(async () => {
  api = await startGitLabApi()
})
afterAll(() => api.close())
beforeEach(() => {
  api.reset()
  api.mergeRequests.push({
    iid: 7,
    state: 'opened',
    source_branch: 'feature',
    target_branch: 'main',
    sha: SHA
  })
})
// Every test here breaks the rules on purpose and says which violations it expects; none may be left over.
afterEach(() => expect(api.takeViolations()).toEqual([]))

const SHA = 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'
const PROJECT = `/api/v4/projects/${PROJECT_ID}`
const STATUSES = `${PROJECT}/statuses/${SHA}`
const LIST = `${PROJECT}/repository/commits/${SHA}/statuses`
const NOTES = `${PROJECT}/merge_requests/7/notes`

interface Answer {
  status: number
  json: unknown
  headers: Headers
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { 'private-token': WRITE_TOKEN }
): Promise<Answer> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as unknown)
    : text
  return { status: response.status, json, headers: response.headers }
}

const field = (answer: Answer, name: string): unknown =>
  (answer.json as Record<string, unknown>)[name]

describe("GitLab's description", () => {
  it('is the pinned extract, with its attribution and licence kept beside it', async () => {
    const bytes = await readFile(EXTRACT_PATH)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(EXTRACT_SHA256)
    expect(gitlabDescription().attribution).toContain('CC BY-SA 4.0')
    const readme = await readFile(EXTRACT_PATH.replace(/[^/]+$/, 'README.md'), 'utf8')
    expect(readme.replace(/\s+/g, ' ')).toContain(gitlabDescription().attribution)
  })
})

describe('each operation answers as GitLab does', () => {
  it.each([
    ['GET', '/api/v4/user', 200, { username: PROJECT_BOT.username, bot: true }],
    [
      'GET',
      '/api/v4/personal_access_tokens/self',
      200,
      { scopes: ['api'], user_id: PROJECT_BOT.id }
    ],
    ['GET', PROJECT, 200, { id: PROJECT_ID, path_with_namespace: 'group/project' }],
    ['GET', '/api/v4/projects/group%2Fproject', 200, { id: PROJECT_ID }],
    ['GET', `${PROJECT}/merge_requests/7`, 200, { iid: 7, sha: SHA, source_branch: 'feature' }],
    ['GET', `${PROJECT}/merge_requests/8`, 404, { message: '404 Merge Request Not Found' }],
    ['GET', '/api/v4/projects/other%2Fproject', 404, { message: '404 Project Not Found' }]
  ])('%s %s answers %i', async (method, path, status, expected) => {
    const answer = await call(method, path)
    expect(answer.status).toBe(status)
    expect(answer.json).toMatchObject(expected)
  })

  it("finds a commit's merge requests", async () => {
    const answer = await call('GET', `${PROJECT}/repository/commits/${SHA}/merge_requests`)
    expect(answer.json).toEqual([expect.objectContaining({ iid: 7, sha: SHA })])
    const other = await call(
      'GET',
      `${PROJECT}/repository/commits/${'a'.repeat(40)}/merge_requests`
    )
    expect(other.json).toEqual([])
  })

  it('writes a status (200, its state called `status`), moves it on, and refuses a transition GitLab refuses', async () => {
    const status = { name: 'mobile-deploy: app', target_url: 'https://runs.example/1' }
    const running = await call('POST', STATUSES, { ...status, state: 'running' })
    expect(running.status).toBe(200)
    expect(running.json).toMatchObject({ ...status, status: 'running', sha: SHA, ref: 'feature' })
    const again = await call('POST', STATUSES, { ...status, state: 'running' })
    expect(again).toMatchObject({
      status: 400,
      json: { message: 'Cannot transition status via :run from :running' }
    })
    const done = await call('POST', STATUSES, {
      name: status.name,
      state: 'success',
      description: 'passed'
    })
    expect(done.json).toMatchObject({
      id: field(running, 'id'),
      status: 'success',
      target_url: status.target_url
    })
    expect(api.statuses[0]!.history).toEqual(['running', 'success'])
    const same = await call('POST', STATUSES, { name: status.name, state: 'success' })
    expect(same.status).toBe(400)
    // A new state after a finished one is a new status of that name: the list shows the newest unless `all`.
    const retried = await call('POST', STATUSES, { context: status.name, state: 'failed' })
    expect(retried).toMatchObject({ status: 200, json: { status: 'failed' } })
    expect(field(retried, 'id')).not.toBe(field(running, 'id'))
    expect((await call('GET', LIST)).json).toEqual([expect.objectContaining({ status: 'failed' })])
    const all = await call('GET', `${LIST}?all=true&name=${encodeURIComponent(status.name)}`)
    expect((all.json as { status: string }[]).map(s => s.status)).toEqual(['success', 'failed'])
  })

  it('answers 409 to a second update of one status while the first is in progress', async () => {
    api.faults.add({ match: /^POST .*statuses/, delayMs: 300 })
    const body = { name: 'mobile-deploy', state: 'pending' }
    const [first, second] = await Promise.all([
      call('POST', STATUSES, body),
      new Promise(resolve => setTimeout(resolve, 50)).then(() =>
        call('POST', STATUSES, { ...body, state: 'running' })
      )
    ])
    expect(first.status).toBe(200)
    expect(second).toMatchObject({
      status: 409,
      json: { message: 'Another update to this commit status is in progress' }
    })
    // Another name is another status: no conflict.
    expect((await call('POST', STATUSES, { name: 'other', state: 'running' })).status).toBe(200)
  })
})

describe('notes are by author', () => {
  it("creates a note as the token's user, edits it, and refuses to edit another author's", async () => {
    const created = await call('POST', NOTES, { body: '<!-- marker -->\nours' })
    expect(created).toMatchObject({
      status: 201,
      json: { author: { username: PROJECT_BOT.username } }
    })
    const id = field(created, 'id') as number
    const edited = await call('PUT', `${NOTES}/${id}`, { body: '<!-- marker -->\nedited' })
    expect(edited).toMatchObject({ status: 200, json: { id, body: '<!-- marker -->\nedited' } })
    expect((await call('GET', `${NOTES}/${id}`)).json).toMatchObject({
      body: '<!-- marker -->\nedited'
    })
    const theirs = await call(
      'POST',
      NOTES,
      { body: '<!-- marker -->\ncopied' },
      { 'private-token': PERSONAL_TOKEN }
    )
    expect(theirs.json).toMatchObject({ author: { username: PERSON.username } })
    const refused = await call('PUT', `${NOTES}/${field(theirs, 'id') as number}`, { body: 'x' })
    expect(refused).toMatchObject({ status: 403, json: { message: '403 Forbidden' } })
    expect(api.notes.map(n => n.body)).toEqual([
      '<!-- marker -->\nedited',
      '<!-- marker -->\ncopied'
    ])
    expect((await call('GET', `${NOTES}/424242`)).status).toBe(404)
  })
})

describe('pagination by page and per_page', () => {
  it('walks every page by X-Next-Page, which is empty on the last', async () => {
    for (let i = 0; i < 45; i++) await call('POST', NOTES, { body: `note ${i}` })
    const seen: string[] = []
    let page = '1'
    for (let pages = 0; page !== ''; pages++) {
      const answer = await call('GET', `${NOTES}?sort=asc&page=${page}&per_page=20`)
      expect(answer.headers.get('x-page')).toBe(page)
      expect(answer.headers.get('x-total')).toBe('45')
      expect(answer.headers.get('x-total-pages')).toBe('3')
      seen.push(...(answer.json as { body: string }[]).map(n => n.body))
      page = answer.headers.get('x-next-page')!
      if (page)
        expect(answer.headers.get('link')).toContain(`page=${page}&per_page=20>; rel="next"`)
      expect(pages).toBeLessThan(3)
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `note ${i}`))
    const capped = await call('GET', `${NOTES}?per_page=500`)
    expect(capped.headers.get('x-per-page')).toBe('100')
    expect((await call('GET', NOTES)).headers.get('x-per-page')).toBe('20')
  })
})

describe('tokens', () => {
  it.each([
    ['no token', {}, 401, { message: '401 Unauthorized' }],
    ['an unknown token', { 'private-token': 'glpat-nobody' }, 401, { message: '401 Unauthorized' }],
    ['a job token', { 'job-token': JOB_TOKEN }, 401, { message: '401 Unauthorized' }],
    [
      'a job token as a bearer',
      { authorization: `Bearer ${JOB_TOKEN}` },
      401,
      { message: '401 Unauthorized' }
    ],
    [
      'a read_api token',
      { 'private-token': READ_ONLY_TOKEN },
      403,
      { error: 'insufficient_scope', scope: 'api' }
    ],
    [
      'an api token as a bearer',
      { authorization: `Bearer ${WRITE_TOKEN}` },
      200,
      { status: 'running' }
    ]
  ])(
    'a status written with %s answers as GitLab does',
    async (_what, headers, status, expected) => {
      const answer = await call('POST', STATUSES, { name: 'n', state: 'running' }, headers)
      expect(answer).toMatchObject({ status, json: expected })
      expect(api.statuses).toHaveLength(status === 200 ? 1 : 0)
    }
  )

  it.each([
    ['a note', 'POST', NOTES, { body: 'x' }, 401],
    ['the user', 'GET', '/api/v4/user', undefined, 401],
    [
      'a merge request (a private project is not found by nobody)',
      'GET',
      `${PROJECT}/merge_requests/7`,
      undefined,
      404
    ]
  ])('a job token reading or writing %s is refused', async (_what, method, path, body, status) => {
    expect((await call(method, path, body, { 'job-token': JOB_TOKEN })).status).toBe(status)
  })

  it('lets a read_api token read', async () => {
    expect((await call('GET', LIST, undefined, { 'private-token': READ_ONLY_TOKEN })).status).toBe(
      200
    )
    expect(
      (await call('POST', NOTES, { body: 'x' }, { 'private-token': READ_ONLY_TOKEN })).status
    ).toBe(403)
  })
})

describe('rate limit', () => {
  it('answers 429 with Retry-After and RateLimit-* to the next requests of a route, then lets them through', async () => {
    api.faults.add({ match: /^POST .*statuses/, retryAfter: 30, times: 2 })
    for (let i = 0; i < 2; i++) {
      const limited = await call('POST', STATUSES, { name: 'n', state: 'running' })
      expect(limited).toMatchObject({ status: 429, json: 'Retry later\n' })
      expect(limited.headers.get('retry-after')).toBe('30')
      expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    }
    expect((await call('GET', LIST)).status).toBe(200)
    expect((await call('POST', STATUSES, { name: 'n', state: 'running' })).status).toBe(200)
  })
})

describe('violations', () => {
  it.each([
    [
      'an unknown path',
      'GET',
      '/api/v4/projects/1217/pipelines',
      undefined,
      404,
      '404 Not Found',
      /is no operation/
    ],
    [
      'an unknown method',
      'PATCH',
      STATUSES,
      { state: 'running' },
      404,
      '404 Not Found',
      /is no operation/
    ],
    [
      'a state outside the enum',
      'POST',
      STATUSES,
      { state: 'passed' },
      400,
      'state does not have a valid value',
      /state/
    ],
    ['a missing state', 'POST', STATUSES, { name: 'n' }, 400, 'state is missing', /state/],
    [
      'a body field GitLab has not',
      'POST',
      STATUSES,
      { state: 'running', conclusion: 'x' },
      400,
      'conclusion is invalid',
      /conclusion/
    ],
    [
      'a query parameter GitLab has not',
      'GET',
      `${LIST}?check_name=x`,
      undefined,
      400,
      'check_name is invalid',
      /check_name/
    ],
    [
      'a query parameter of the wrong type',
      'GET',
      `${LIST}?all=maybe`,
      undefined,
      400,
      'all is invalid',
      /all/
    ],
    ['a note without a body', 'POST', NOTES, {}, 400, 'body is missing', /body/],
    [
      'an operation the stand-in does not answer',
      'DELETE',
      `${NOTES}/1`,
      undefined,
      400,
      expect.stringContaining('does not answer'),
      /does not answer/
    ]
  ])('%s is refused and recorded', async (_what, method, path, body, status, error, violation) => {
    const answer = await call(method, path, body)
    expect(answer).toMatchObject({ status, json: { error } })
    expect(api.takeViolations()).toEqual([expect.stringMatching(violation)])
  })

  it('records an answer of ours that the response schema refuses', async () => {
    api.faults.add({ match: /^GET .*merge_requests\/7$/, status: 200, body: { iid: 'seven' } })
    await call('GET', `${PROJECT}/merge_requests/7`)
    expect(api.takeViolations()).toEqual([
      expect.stringMatching(/our 200 answer: \/iid must be integer/)
    ])
  })
})

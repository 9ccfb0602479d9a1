/**
 * Pure: the seal on the facts a check run carries for a collect. Any
 * workflow of the repository with `checks: write` writes check runs as the
 * same app as ours, so a check run can be copied with another run's id, or
 * its facts line put on another commit. The seal is an HMAC of the facts
 * line under a key derived from the service's API key: only a step that
 * holds the key (the deploy that wrote the check, the collect that
 * completes it) can make one, and a collect uses nothing of a line whose
 * seal it cannot check. The key's own short id rides beside the MAC, so
 * that a line sealed under a key rotated since is told as such, not as a
 * forgery. Neither reveals the key: both are HMACs of it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a seal says of a line: made under this key; under another key (rotated since, another workspace's); or not made by a key holder. */
export type SealCheck = 'valid' | 'other-key' | 'forged'

/** A seal's text: `<key id>.<MAC>`, both base64url. */
const SEAL = /^([\w-]{11})\.([\w-]{43})$/

export interface Seal {
  /** The seal of `payload`, as a facts line carries it. */
  sign(payload: string): string
  /** Whether `seal` is this key's seal of `payload`. */
  check(payload: string, seal: string | undefined): SealCheck
}

/** Pure: the seal of the key derived from `apiKey`; the derivation is fixed, so a deploy and a later collect with the same key agree. */
export function sealOf(apiKey: string): Seal {
  const key = createHmac('sha256', apiKey).update('mobile-build-deploy facts seal v1').digest()
  const keyId = createHmac('sha256', key).update('key id').digest('base64url').slice(0, 11)
  const mac = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest()
  return {
    sign: payload => `${keyId}.${mac(payload).toString('base64url')}`,
    check(payload, seal) {
      const parts = SEAL.exec(seal ?? '')
      if (!parts) return 'forged'
      if (parts[1] !== keyId) return 'other-key'
      const given = Buffer.from(parts[2]!, 'base64url')
      const own = mac(payload)
      return given.length === own.length && timingSafeEqual(given, own) ? 'valid' : 'forged'
    }
  }
}

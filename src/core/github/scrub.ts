import type { Secrets } from '../shared/redact.js'

/** Pure: every string of a write to GitHub through the deploy's one redaction. */
export function scrubbed<T>(secrets: Secrets, value: T): T {
  if (typeof value === 'string') return secrets.redactValue(value) as T
  if (Array.isArray(value)) return value.map(item => scrubbed(secrets, item)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubbed(secrets, item)])
    ) as T
  return value
}

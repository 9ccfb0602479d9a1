/** Reading untrusted JSON (event payloads, service answers) without trusting its shape. */

export type JsonObject = Record<string, unknown>

/** The value when it is a plain object, else an empty one, so that nested reads never throw. */
export function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : {}
}

/** The value when it is a string with something other than white space in it. */
export function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

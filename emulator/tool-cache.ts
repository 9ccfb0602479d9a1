/**
 * Where the emulator and the tests keep what they make once and reuse
 * (compiled validators, bundles of test code): node_modules/.cache, as a
 * tool keeps its cache. An entry is named `<name>-<key>`, the key a hash of
 * what it was made from; making one removes the other versions of its name
 * that have not been touched for an hour, so that the cache holds what the
 * sources of today need.
 */
import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const TOOL_CACHE = fileURLToPath(
  new URL('../node_modules/.cache/mobile-build-deploy/', import.meta.url)
)

const STALE_MS = 60 * 60 * 1000

/** The path of the entry `<name>-<key><suffix>` in the cache. */
export function cacheEntry(name: string, key: string, suffix = ''): string {
  return join(TOOL_CACHE, `${name}-${key}${suffix}`)
}

/** Removes the versions of `name` other than `key` left untouched for an hour; a removal that fails is left. */
export function pruneVersions(name: string, key: string): void {
  const now = Date.now()
  for (const entry of readdirSync(TOOL_CACHE)) {
    if (!entry.startsWith(`${name}-`) || entry.startsWith(`${name}-${key}`)) continue
    try {
      const path = join(TOOL_CACHE, entry)
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true })
    } catch {
      // Another process removed it first, or it is in use: the next one tries again.
    }
  }
}

/**
 * Where the emulator and the tests keep what they make once and reuse
 * (compiled validators, bundles of test code): node_modules/.cache, as a
 * tool keeps its cache. An entry is named `<name>-<key>`, the key a hash of
 * what it was made from; making one removes the other versions of its name
 * that have not been touched for an hour, so that the cache holds what the
 * sources of today need.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
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

/**
 * Makes the entry `<name>-<key><suffix>` whole and returns its path: `make`
 * writes it (a file or a folder) at a path of this process's own, renamed
 * into place when done, so that a process beside this one never reads half
 * an entry; the other versions of its name are then pruned. When making or
 * placing it fails (the cache cannot be written, another process placed a
 * folder first), the partial entry is removed and the error thrown.
 */
export function placeEntry(
  name: string,
  key: string,
  suffix: string,
  make: (partial: string) => void
): string {
  const entry = cacheEntry(name, key, suffix)
  const partial = `${entry}.${process.pid}`
  try {
    mkdirSync(TOOL_CACHE, { recursive: true })
    make(partial)
    renameSync(partial, entry)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
  pruneVersions(name, key)
  return entry
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

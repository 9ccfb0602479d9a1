/**
 * The loop's transform cache: each source's JavaScript as hooks.mjs keeps it, in node_modules/.cache (a
 * tool's cache). An entry in use is touched now and then; one no loop has used for a day is removed when
 * jest's process starts (register.mjs). This file imports nothing of the loop's: register.mjs loads it
 * before jest starts.
 */
import { lstat, open, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CACHE = fileURLToPath(
  new URL('../../node_modules/.cache/mobile-build-deploy/loop/', import.meta.url)
)
/** How long an entry is kept unused: a source edited ten times leaves nine entries, gone a day later. */
export const KEEP_MS = 24 * 60 * 60 * 1000

/** An entry's JavaScript, or undefined; one used is touched at most twice a day, so that the prune keeps it. */
export async function used(path) {
  const handle = await open(path, 'r').catch(() => undefined)
  if (!handle) return undefined
  try {
    const [{ mtimeMs }, code] = await Promise.all([handle.stat(), handle.readFile('utf8')])
    const now = Date.now()
    if (now - mtimeMs > KEEP_MS / 2)
      await handle.utimes(now / 1000, now / 1000).catch(() => undefined)
    return code
  } catch {
    return undefined
  } finally {
    await handle.close()
  }
}

/**
 * Removes each entry of `dir` (a half-written one too) untouched for `KEEP_MS` by `now`. The folder's own
 * entries only: a link is removed as a link, never followed.
 */
export async function pruneCache(dir = CACHE, now = Date.now()) {
  const names = await readdir(dir).catch(() => [])
  await Promise.all(
    names.map(async name => {
      const path = join(dir, name)
      const entry = await lstat(path).catch(() => undefined)
      if (entry && !entry.isDirectory() && now - entry.mtimeMs > KEEP_MS)
        await rm(path, { force: true }).catch(() => undefined)
    })
  )
}

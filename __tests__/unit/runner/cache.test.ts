/**
 * The loop's transform cache (__tests__/runner/cache.mjs): an entry in use is kept, one no loop has used
 * for a day is removed, and the prune removes only the folder's own files, never what a link points at.
 */
import {
  lstat,
  lutimes,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { KEEP_MS, pruneCache, used } from '../../runner/cache.mjs'

const HOUR = 60 * 60 * 1000
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loop-cache-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** Writes `name` in `dir`, last touched `ago` before now. */
async function entry(name: string, ago: number): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `// ${name}`)
  const at = (Date.now() - ago) / 1000
  await utimes(path, at, at)
  return path
}

describe('the transform cache', () => {
  it('removes what no loop used for a day, a half-written entry too; keeps the rest, a folder, and what a link points at', async () => {
    await entry('fresh.js', HOUR)
    await entry('stale.js', KEEP_MS + HOUR)
    await entry('stale.js.4242', KEEP_MS + HOUR)
    const outside = await mkdtemp(join(tmpdir(), 'loop-outside-'))
    try {
      const target = join(outside, 'kept.js')
      await writeFile(target, 'not the cache’s')
      await utimes(target, 0, 0)
      await symlink(target, join(dir, 'link.js'))
      await lutimes(join(dir, 'link.js'), 0, 0)
      await mkdir(join(dir, 'folder'))
      await utimes(join(dir, 'folder'), 0, 0)
      await pruneCache(dir)
      const left = await Promise.all(
        ['fresh.js', 'stale.js', 'stale.js.4242', 'link.js', 'folder'].map(name =>
          lstat(join(dir, name)).then(
            () => name,
            () => undefined
          )
        )
      )
      expect(left.filter(Boolean)).toEqual(['fresh.js', 'folder'])
      expect(await readFile(target, 'utf8')).toBe('not the cache’s')
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('an entry in use is touched, at most twice a day, so that the prune keeps it', async () => {
    const old = await entry('old.js', KEEP_MS / 2 + HOUR)
    const recent = await entry('recent.js', HOUR)
    const before = (await stat(recent)).mtimeMs
    expect(await used(old)).toBe('// old.js')
    expect(await used(recent)).toBe('// recent.js')
    expect(Date.now() - (await stat(old)).mtimeMs).toBeLessThan(HOUR)
    expect((await stat(recent)).mtimeMs).toBe(before)
    await pruneCache(dir, Date.now() + KEEP_MS / 2)
    expect(await used(old)).toBe('// old.js')
    expect(await used(join(dir, 'none.js'))).toBeUndefined()
  })
})

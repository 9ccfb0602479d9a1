/**
 * script/release in a clone of the committed project: it refuses a version
 * that package.json does not carry, and for the package's own version it tags
 * the release, moves the major tag, and packs the package as the release's
 * asset, the tarball the docs tell users to install from.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { PRODUCT_VERSION } from '../../src/core/index.js'
import { freshWorkspace } from '../helpers/harness.js'

const run = promisify(execFile)
let clone: string

beforeAll(async () => {
  clone = join(await freshWorkspace(), 'project')
  await run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone])
  // A maintainer's identity, which the annotated tags need; a fresh CI machine has none.
  await run('git', ['config', 'user.name', 'Release Maintainer'], { cwd: clone })
  await run('git', ['config', 'user.email', 'release@example.test'], { cwd: clone })
  // The installed dependencies, as hard links where the clone shares the file system, else copied
  // (a symbolic link would change the bundle's module ids).
  const [from, to] = [join(ROOT, 'node_modules'), join(clone, 'node_modules')]
  await run('cp', ['-al', from, to]).catch(async () => {
    await run('rm', ['-rf', to])
    await run('cp', ['-a', from, to])
  })
}, 60_000)

async function release(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['script/release', ...args], { cwd: clone })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

describe('script/release', () => {
  it('refuses a version package.json does not carry, and a malformed one', async () => {
    expect(await release('9.9.9')).toEqual({
      code: 1,
      output: expect.stringContaining("package.json's version is not 9.9.9")
    })
    expect((await release('v1')).code).toBe(2)
  })

  it('tags the version, moves the major tag, and packs the release asset', async () => {
    const result = await release(PRODUCT_VERSION)
    if (result.code !== 0) console.log(result.output)
    expect(result.code).toBe(0)
    const { stdout: tags } = await run('git', ['tag', '--list'], { cwd: clone })
    const major = `v${PRODUCT_VERSION.split('.')[0]}`
    expect(tags.split('\n').filter(Boolean).sort()).toEqual(
      expect.arrayContaining([major, `v${PRODUCT_VERSION}`])
    )
    const asset = join('release-assets', `mobile-build-deploy-${PRODUCT_VERSION}.tgz`)
    expect(result.output).toContain(`gh release create v${PRODUCT_VERSION} ${asset}`)
    const { stdout: files } = await run('tar', ['-tzf', join(clone, asset)])
    expect(files.split('\n')).toEqual(
      expect.arrayContaining(['package/build/cli/index.js', 'package/build/lib/index.js'])
    )
    // The asset is not part of the tree: the clone stays clean.
    const { stdout: status } = await run('git', ['status', '--porcelain'], { cwd: clone })
    expect(status).toBe('')
  }, 180_000)
})

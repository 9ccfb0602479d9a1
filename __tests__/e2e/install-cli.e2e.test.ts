/**
 * The wrappers' one installer, run in bash as each wrapper runs it: it shows a
 * tarball's URL without its credentials or query, and leaves nothing behind
 * when it refuses.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)
let temp: string
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'installer-'))
})
afterEach(() => rm(temp, { recursive: true, force: true }))

async function install(url: string, pin: string): Promise<{ code: number; stderr: string }> {
  const script = `. "${join(ROOT, 'wrappers/install-cli.sh')}"; mbd_install_cli "$1" "$2"`
  try {
    await run('bash', ['-c', script, 'bash', url, pin], { env: { ...process.env, TMPDIR: temp } })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

describe('wrappers/install-cli.sh', () => {
  it('refuses a location that starts with -, and Node never reads one as its own option', async () => {
    const hook = join(temp, 'hook.cjs')
    await writeFile(hook, "require('node:fs').writeFileSync(process.env.TMPDIR + '/ran', '')")
    const refused = await install(`--require=${hook}`, 'a'.repeat(64))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/starts with -: give its https:\/\/ or file:\/\/ URL, or a path/)
    // Past the shell's check (a path that only looks like one), Node takes it as an argument after --.
    const looksLike = await install(`./--require=${hook}`, 'a'.repeat(64))
    expect(looksLike.code).toBe(1)
    expect(looksLike.stderr).toMatch(/reading the CLI tarball .* failed/)
    expect(await readdir(temp)).toEqual(['hook.cjs'])
  })

  it("never shows a URL's credentials or query, and removes its folder when the download fails", async () => {
    const result = await install(
      'https://deploy:ghp_SECRETSECRET@127.0.0.1:9/cli.tgz?token=QUERYSECRET#frag',
      'a'.repeat(64)
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('https://127.0.0.1:9/cli.tgz')
    expect(result.stderr).not.toMatch(/SECRET|deploy:|token=/)
    expect(await readdir(temp)).toEqual([])
  })

  it('refuses an empty pin, naming the input, and leaves nothing behind', async () => {
    const result = await install(join(ROOT, 'package.json'), '')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('cli-sha256')
    expect(await readdir(temp)).toEqual([])
  })

  it('refuses a wrong pin naming both hashes, and leaves nothing behind', async () => {
    const result = await install(`file://${join(ROOT, 'package.json')}`, 'b'.repeat(64))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/has SHA-256 [0-9a-f]{64}, and b{64} is pinned/)
    expect(await readdir(temp)).toEqual([])
  })
})

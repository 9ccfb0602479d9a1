/**
 * Every shell block of the README and the docs, pasted: into a stock
 * interactive zsh (`zsh -f -i` reading the block as a terminal's input,
 * where `#` starts no comment and an apostrophe in one opens a quote), and
 * into POSIX sh (dash, /bin/sh on Debian, as an image without bash runs it).
 * The commands a block runs (npm, node, tar, curl, git) are stand-ins that
 * write down the words they were given: no word may be a comment's, and
 * neither shell may stop at a quote or a parse error. Running the blocks for
 * real is e2e/docs-cli's (and, in zsh, below for the CLI's installation).
 */
import { spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { fencedBlocks, PAGES, type Block } from '../../script/docs-pages.js'
import { SHELL_LANGUAGES } from '../helpers/paste.js'

const STAND_INS = ['npm', 'npx', 'node', 'tar', 'curl', 'git', 'gitlab-ci-local']

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pasted-'))
  for (const name of STAND_INS) {
    const path = join(dir, name)
    await writeFile(
      path,
      '#!/bin/sh\n{ printf "%s" "$(basename "$0")"; for word in "$@"; do printf " [%s]" "$word"; done; echo; } >> "$STAND_IN_LOG"\n'
    )
    await chmod(path, 0o755)
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** What a shell made of a block typed into it: its error output, and the stand-ins' words. */
async function pasted(shell: string[], block: Block): Promise<{ stderr: string; words: string }> {
  const log = join(dir, `log-${Math.random().toString(36).slice(2)}`)
  await writeFile(log, '')
  const child = spawn(shell[0]!, shell.slice(1), {
    cwd: dir,
    env: { PATH: `${dir}:/usr/bin:/bin`, HOME: dir, STAND_IN_LOG: log, TERM: 'dumb' },
    stdio: ['pipe', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  child.stdin.end(`${block.text}\nexit\n`)
  await new Promise(done => child.on('close', done))
  return { stderr, words: await readFile(log, 'utf8') }
}

const blocks: Block[] = []
beforeAll(async () => {
  for (const page of [...PAGES, 'docs/try-locally.md', 'docs/requests.md'])
    for (const language of SHELL_LANGUAGES) blocks.push(...(await fencedBlocks(page, language)))
})

describe('every shell block of the docs, pasted', () => {
  it("into a Mac's terminal (zsh -f -i): no comment reaches a command, no quote is left open", async () => {
    expect(blocks.length).toBeGreaterThan(8)
    for (const block of blocks) {
      const { stderr, words } = await pasted(['zsh', '-f', '-i'], block)
      const where = `${block.page}:${block.line}`
      expect([where, /\[#/.test(words)]).toEqual([where, false])
      expect([where, /command not found: #|unmatched|parse error/.test(stderr)]).toEqual([
        where,
        false
      ])
    }
  }, 120_000)

  it('into POSIX sh (dash): each parses, and runs to its end', async () => {
    for (const block of blocks) {
      const { stderr } = await pasted(['dash'], block)
      const where = `${block.page}:${block.line}`
      expect([where, /Syntax error|unexpected/.test(stderr)]).toEqual([where, false])
    }
  }, 120_000)
})

/**
 * The docs' shell blocks as a reader pastes them: into a Mac's terminal (a
 * stock interactive zsh, where `#` starts no comment), and the CLI's
 * installation said once: every page that installs the CLI by hand runs
 * wrappers/install-cli.js's program, word for word. (e2e/docs-shells feeds
 * each block to zsh and sh themselves.)
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { ROOT } from '../../../emulator/github-runner.js'
import { fencedBlocks, PAGES } from '../../../script/docs-pages.js'
import { pasteProblems, SHELL_LANGUAGES } from '../../helpers/paste.js'
const ALL_PAGES = [...PAGES, 'docs/try-locally.md', 'docs/requests.md']

describe('pasteProblems', () => {
  it.each([
    ['npm ci && npm run demo    # the main job', 1],
    ["# The release's tarball", 2],
    ['echo "a # b" \'c # d\' e\\#f', 0],
    ['curl "$URL#frag"', 0],
    ['x=1 # a comment', 1]
  ])('%j has %d problem(s)', (block, count) => {
    expect(pasteProblems(block)).toHaveLength(count)
  })
})

describe("every shell block of the docs pastes into a Mac's zsh", () => {
  it('has no # a stock interactive zsh would pass on as words, and no open quote', async () => {
    const found: string[] = []
    let blocks = 0
    for (const page of ALL_PAGES)
      for (const language of SHELL_LANGUAGES)
        for (const block of await fencedBlocks(page, language)) {
          blocks++
          for (const problem of pasteProblems(block.text))
            found.push(`${block.page}:${block.line}: ${problem}`)
        }
    expect(blocks).toBeGreaterThan(8)
    expect(found).toEqual([])
  })

  it('names its language: a fence without one holds no shell a reader could paste', async () => {
    const unnamed: string[] = []
    for (const page of ALL_PAGES)
      for (const block of await fencedBlocks(page, ''))
        if (/^(npm|node|curl|tar|export|cd|git|mkdir)\b/m.test(block.text))
          unnamed.push(`${block.page}:${block.line}`)
    expect(unnamed).toEqual([])
  })
})

describe('the installation of the CLI, said once', () => {
  it("every page that installs it by hand runs wrappers/install-cli.js's program, word for word", async () => {
    const program = (await readFile(join(ROOT, 'wrappers/install-cli.js'), 'utf8')).trimEnd()
    const pages = ['docs/cli.md', 'docs/library.md', 'docs/jenkins.md', 'docs/gitlab.md']
    for (const page of pages) {
      const text = await readFile(join(ROOT, page), 'utf8')
      const installs = [
        ...text.matchAll(/node -e '\n([\s\S]*?)\n\s*' -- "\$MBD_CLI_PACKAGE" "\$MBD_CLI_SHA256"/g)
      ]
      expect([page, installs.length > 0]).toEqual([page, true])
      for (const [, found] of installs) {
        const indent = /^\s*/.exec(found!)![0]
        const unindented = found!
          .split('\n')
          .map(line => line.slice(indent.length))
          .join('\n')
        expect([page, unindented]).toEqual([page, program])
      }
      // In the examples themselves, no tool a platform lacks: sha256sum (macOS 14 and earlier), curl (Alpine).
      const code = [...text.matchAll(/^```\w*\n([\s\S]*?)^```/gm)].map(m => m[1]).join('\n')
      expect([page, /sha256sum|shasum|\bcurl -fsSL "\$MBD_CLI_PACKAGE"/.test(code)]).toEqual([
        page,
        false
      ])
    }
  })
})

/** Pure: what in an npm script cmd.exe (npm's shell on Windows) would not run; a double-quoted argument is passed whole. */
function cmdProblems(script: string): string[] {
  const outside = script.replace(/"[^"]*"/g, '""')
  const rules: [RegExp, string][] = [
    [/(^|\s)[A-Za-z_]\w*=\S/, 'a variable set before a command (VAR=value cmd)'],
    [/\$/, 'a $ expansion'],
    [/'/, 'single quotes'],
    [/\/dev\/null/, 'a redirection to /dev/null'],
    [/[*?]/, 'a glob, which cmd.exe leaves to the program'],
    [/;|`/, 'a ; or a ` of a POSIX shell'],
    [/(^|&&|\|\|)\s*(rm|cp|mv|mkdir|cat|export|test|\[)\s/, 'a POSIX command']
  ]
  return rules.filter(([rule]) => rule.test(outside)).map(([, problem]) => problem)
}

describe('the npm scripts the README and the docs name', () => {
  it.each([
    ['E2E=1 NODE_OPTIONS=--experimental-vm-modules jest', 1],
    ['npm run a && npm run b', 0],
    ['shellcheck orb/src/scripts/*.sh', 1],
    ['bash -c "shellcheck script/*.sh" && tsx x.ts', 0],
    ["node -p 'x' >/dev/null", 2],
    ['rm -rf build && tsc', 1]
  ])('cmdProblems(%j) finds %d problem(s)', (script, count) => {
    expect(cmdProblems(script)).toHaveLength(count)
  })

  it('run under cmd.exe, which npm runs scripts with on Windows: no syntax only a POSIX shell reads', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toContain('npm ci && npm run demo\nnpm ci && npm test\n')
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const pages = ['README.md', ...(await readdir(join(ROOT, 'docs'))).map(page => `docs/${page}`)]
    const text = (await Promise.all(pages.map(page => readFile(join(ROOT, page), 'utf8')))).join(
      '\n'
    )
    const named = new Set(
      [...text.matchAll(/npm (?:run (?:--silent )?([\w:.-]+)|(test)\b)/g)].map(m => m[1] ?? m[2]!)
    )
    // What they run: the scripts they call by npm run, and npm's pre- and post-scripts of each.
    for (const name of named)
      for (const called of [
        ...[...(scripts[name] ?? '').matchAll(/npm run (?:--silent )?([\w:.-]+)/g)].map(m => m[1]!),
        `pre${name}`,
        `post${name}`
      ])
        if (scripts[called] !== undefined) named.add(called)
    expect([...named].filter(name => scripts[name] === undefined)).toEqual([])
    expect([...named]).toEqual(
      expect.arrayContaining(['demo', 'test', 'test:e2e', 'copy', 'check'])
    )
    const found = [...named].flatMap(name =>
      cmdProblems(scripts[name]!).map(problem => `${name}: ${problem}`)
    )
    expect(found).toEqual([])
  })
})

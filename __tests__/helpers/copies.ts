/**
 * The docs' "Before the first release" sections, run as written: the copy's
 * commands in this checkout, `../my-app` being the app's repository; and
 * tarballs laid out as npm pack's, for the copy to take.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../emulator/github-runner.js'
import { requiredEntries } from '../../script/tarball.js'
import { sectionBlocks } from '../../script/docs-pages.js'

const run = promisify(execFile)

/** A page's copy section: its heading, and its text up to the next section. */
async function copyText(page: string): Promise<{ heading: string; text: string }> {
  const text = await readFile(join(ROOT, page), 'utf8')
  const found = /^## (Before the first release: [^\n]+)$/m.exec(text)
  if (!found) throw new Error(`${page} has no "Before the first release" section`)
  const to = text.indexOf('\n## ', found.index + 1)
  return { heading: found[1]!, text: text.slice(found.index, to === -1 ? undefined : to) }
}

/** The blocks of `language` in a page's copy section. */
export async function copySection(page: string, language: string): Promise<string[]> {
  return sectionBlocks(page, (await copyText(page)).heading, language)
}

/** The paragraphs of a page's copy section, after its heading. */
export async function copyParagraphs(page: string): Promise<string[]> {
  return (await copyText(page)).text.split('\n\n').slice(1)
}

/**
 * Runs the copy section's first `sh` block of `page` in this checkout, with
 * `../my-app` being `app`. `npm ci` is skipped: this checkout is installed
 * already, and a second install would replace what the other suites run.
 * With `tarball`, `npm run copy` takes that packed tarball (`--tarball`)
 * instead of packing this checkout again; `env` is its environment (npm's
 * config among it). Returns what it printed.
 */
export async function runCopyBlock(
  page: string,
  app: string,
  tarball?: string,
  env: NodeJS.ProcessEnv = process.env
): Promise<string> {
  const [block] = await copySection(page, 'sh')
  if (!block) throw new Error(`${page}'s copy section has no sh block`)
  const lines = block
    .split('\n')
    .filter(line => line.trim() !== '' && line.trim() !== 'npm ci')
    .map(line => line.replaceAll('../my-app', `'${app}'`))
    .map(line =>
      tarball && line.startsWith('npm run copy') ? `${line} --tarball '${tarball}'` : line
    )
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', lines.join('\n')], {
    cwd: ROOT,
    env
  })
  return stdout
}

/** The bytes of each tarball made so far, by the paths it holds: a test file makes the same one for every test. */
const made = new Map<string, Promise<Buffer>>()

/** A tarball as npm pack lays one out, holding `paths` (under package/), made by tar once for this process. */
export async function packedLike(dir: string, name: string, paths: string[]): Promise<string> {
  const key = paths.join('\0')
  if (!made.has(key)) made.set(key, tarred(paths))
  await writeFile(join(dir, name), await made.get(key)!)
  return join(dir, name)
}

async function tarred(paths: string[]): Promise<Buffer> {
  const tree = await mkdtemp(join(tmpdir(), 'tree-'))
  try {
    for (const path of ['package/package.json', ...paths]) {
      await mkdir(join(tree, dirname(path)), { recursive: true })
      await writeFile(join(tree, path), `// ${path}\n`)
    }
    await run('tar', ['-czf', join(tree, 'packed.tgz'), 'package'], { cwd: tree })
    return await readFile(join(tree, 'packed.tgz'))
  } finally {
    await rm(tree, { recursive: true, force: true })
  }
}

/** Every file package.json names (bin, exports, types), as the tarball holds them. */
export const BUILT = requiredEntries(
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Parameters<
    typeof requiredEntries
  >[0]
).map(entry => entry.path)

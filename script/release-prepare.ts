/**
 * `npm run release:prepare -- X.Y.Z [--date YYYY-MM-DD]`: the release's notes
 * and version, one commit, ready for `script/release X.Y.Z`.
 *
 * Refused before anything is written (script/release-notes.ts says when):
 * a version that is not after package.json's, an [Unreleased] that lists
 * nothing, or commits that changed what ships after CHANGELOG.md last changed
 * (their notes would be missing from the release). Then it moves [Unreleased]
 * under `## [X.Y.Z] - date`, sets the version in package.json,
 * package-lock.json, release.json and the source (PRODUCT_VERSION), writes
 * every reference to the release (`npm run docs`, `npm run orb`), rebuilds
 * dist/ (the bundle names its version), and commits.
 */
import { execFile, spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { ROOT } from '../emulator/github-runner.js'
import { moveUnreleased, releaseRefusals, withVersion } from './release-notes.js'

const run = promisify(execFile)
/** What the package, the action and the wrappers ship: a change here needs a line in the notes. */
/** What ships: the action (action.yml, its bundle), the package (built from src, with its README, licence and lock), the wrappers. */
const SHIPPED = [
  'src',
  'dist',
  'action.yml',
  'templates',
  'orb/src',
  'bitrise',
  'wrappers',
  'package.json',
  'package-lock.json',
  'README.md',
  'LICENSE'
]
const VERSION_SOURCE = 'src/core/shared/version.ts'

const git = async (...args: string[]) => (await run('git', args, { cwd: ROOT })).stdout.trim()
const text = (path: string) => readFile(join(ROOT, path), 'utf8')
const write = (path: string, content: string) => writeFile(join(ROOT, path), content)

/** An npm script of this checkout, its output the caller's. */
function npmRun(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit' })
    child.on('error', reject)
    child.on('close', code =>
      code === 0 ? resolve() : reject(new Error(`npm run ${script} failed (exit ${code})`))
    )
  })
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { date: { type: 'string' } }
})
const [version = ''] = positionals
const date = values.date ?? new Date().toISOString().slice(0, 10)
if (positionals.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error('usage: npm run release:prepare -- X.Y.Z [--date YYYY-MM-DD]')
  process.exit(2)
}
if (await git('status', '--porcelain')) {
  console.error(
    'release:prepare: the working tree has uncommitted changes: commit or stash them first'
  )
  process.exit(1)
}

const changelog = await text('CHANGELOG.md')
const { version: current } = JSON.parse(await text('package.json')) as { version: string }
// Covered: what CHANGELOG.md's last change saw, and what the last release tagged (its pin commit changes the
// wrappers, and its notes are that release's).
const notesChanged = await git('log', '-1', '--format=%H', '--', 'CHANGELOG.md')
const released = await git('describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*').catch(() => '')
const covered = [notesChanged, released].filter(Boolean).map(ref => `^${ref}`)
const uncovered = (await git('log', '--format=%h %s', 'HEAD', ...covered, '--', ...SHIPPED))
  .split('\n')
  .filter(Boolean)
  .map(line => (line.length > 120 ? `${line.slice(0, 117)}...` : line))
const refusals = releaseRefusals({ version, current, changelog, uncovered })
if (refusals.length > 0) {
  for (const refusal of refusals) console.error(`release:prepare: ${refusal}`)
  process.exit(1)
}

await write('CHANGELOG.md', moveUnreleased(changelog, version, date))
await write('package.json', withVersion(await text('package.json'), version))
const lock = JSON.parse(await text('package-lock.json')) as {
  version: string
  packages: Record<string, { version?: string }>
}
lock.version = version
lock.packages['']!.version = version
await write('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
await write('release.json', withVersion(await text('release.json'), version))
const source = await text(VERSION_SOURCE)
const versioned = source.replace(/PRODUCT_VERSION = '[^']*'/, `PRODUCT_VERSION = '${version}'`)
if (versioned === source) throw new Error(`${VERSION_SOURCE} names no PRODUCT_VERSION`)
// The User-Agent's example in the same file names the version too.
await write(
  VERSION_SOURCE,
  versioned.replaceAll(`mobile-build-deploy/${current} `, `mobile-build-deploy/${version} `)
)
for (const script of ['docs', 'orb', 'package']) await npmRun(script)
await git('commit', '--quiet', '-am', `Release ${version}: its notes and its version`)
console.log(
  `Prepared ${version} (${date}) in one commit: ${await git('log', '-1', '--format=%h')}. Read it (git show --stat), then: script/release ${version} --push`
)

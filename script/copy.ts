/**
 * `npm run copy -- <github|gitlab|circleci|bitrise|cli> <app-repository> [--tarball <file>]`:
 * what works today, before any release is published: a copy of this
 * checkout's front end written into an app's repository, to be committed
 * there and reviewed like its own code.
 *
 * - github: the action (action.yml, dist/ and a private package.json that GitHub's
 *   local-action looks for) in `.github/actions/mobile-build-deploy`,
 *   for `uses: ./.github/actions/mobile-build-deploy`.
 * - gitlab: the components in `.gitlab/mobile-build-deploy`, for `include: local:`.
 * - circleci: the orb, inlined into `.circleci/config.yml` under `orbs: mobile-build-deploy:`
 *   (which a config that imports the published orb has already).
 * - bitrise: the step in `.bitrise/steps/mobile-build-deploy`, for `path::./.bitrise/steps/mobile-build-deploy`.
 * - cli (Jenkins, fastlane, a script, the library): the package's tarball.
 *
 * Every copy but the action's carries the package's tarball (made by
 * `npm pack`, its prepack run whatever npm's `ignore-scripts` says, or the
 * one `--tarball` names; either is refused unless it holds the CLI and the
 * library, script/tarball.ts) and its `.sha256`, and its
 * defaults name that tarball by its path in the app's repository and pin its
 * SHA-256: the wrappers install it as they install a release's.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { parse, parseDocument } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { pinText } from './pin-cli.js'
import { packedText } from './pack-orb.js'
import {
  checkInside,
  repositoryRoot,
  writeAllInside,
  type FileWrite,
  type FolderWrite,
  type KeptAside
} from './inside.js'
import { runsAsScript } from './entry.js'
import { packTarball, type Tarball } from './tarball.js'

export const TARGETS = ['github', 'gitlab', 'circleci', 'bitrise', 'cli'] as const
export type Target = (typeof TARGETS)[number]

/** Where each copy goes in the app's repository. */
export const COPY_DIRS: Record<Target, string> = {
  github: '.github/actions/mobile-build-deploy',
  gitlab: '.gitlab/mobile-build-deploy',
  circleci: '.circleci/mobile-build-deploy',
  bitrise: '.bitrise/steps/mobile-build-deploy',
  cli: 'ci/mobile-build-deploy'
}

/** The action copy's package.json: private (never published), ESM as the bundle is. */
const ACTION_MANIFEST = {
  name: 'mobile-build-deploy-action',
  private: true,
  type: 'module',
  description:
    'The mobile-build-deploy action, copied by npm run copy: action.yml and its bundle, dist/'
}
/** The release tarball's URL, as every wrapper's default names it. */
const RELEASE_URL = /https:\/\/github\.com\/[^\s'"]+\/releases\/download\/v[^\s'"]+\.tgz/g

/** What a copy wrote (paths in the app's repository), and what it replaced but could not remove. */
export interface Copied {
  files: string[]
  kept: KeptAside[]
  tarball?: Tarball
}

/** What a copy writes: files, and for the action a folder replaced whole (its dist/). */
interface Plan {
  files: FileWrite[]
  folder?: FolderWrite
  tarball?: Tarball
}

/**
 * Writes the copy for `target` into the repository `app`; the files it
 * wrote, relative to `app`. Everything is read and every path checked
 * (script/inside.ts) before the first write: a refusal leaves the app as it
 * was.
 */
export async function copyInto(
  target: Target,
  app: string,
  given?: string,
  /** Told what the copy is doing while it takes long (npm pack builds the package). */
  say: (line: string) => void = () => {},
  /** Runs between writing everything aside and putting it in place (tests: a swap, a failure). */
  between?: () => Promise<void>
): Promise<Copied> {
  const root = await repositoryRoot(app)
  if (given !== undefined && !existsSync(given))
    throw new Error(
      `--tarball ${given} does not exist: give a tarball npm pack made, or leave it out`
    )
  const plan = await planCopy(target, root, given, say)
  for (const file of plan.files) await checkInside(root, file.path, 'file')
  if (plan.folder) await checkInside(root, plan.folder.path, 'folder')
  const kept = await writeAllInside(root, plan.files, plan.folder, between)
  const files = [
    ...plan.files.map(file => file.path),
    ...(plan.folder?.files.map(file => `${plan.folder!.path}/${file.path}`) ?? [])
  ]
  return { files, kept, ...(plan.tarball ? { tarball: plan.tarball } : {}) }
}

/** Pure: what the copy says it did: what it wrote, the tarball's SHA-256, and what it replaced but could not remove. */
export function copyReport(app: string, copied: Copied): { out: string[]; warnings: string[] } {
  const out = [`Written in ${basename(app)}: ${copied.files.join(', ')}`]
  if (copied.tarball) out.push(`The tarball's SHA-256: ${copied.tarball.sha256}`)
  const warnings = copied.kept.map(
    kept =>
      `The copy is written, but what it replaced could not be removed (${kept.reason}): it is kept in ${kept.path}, ` +
      (kept.ignored
        ? 'which git ignores (a .gitignore of * in it). Remove it once nothing holds it.'
        : 'which git add -A would commit. Remove it before you commit.')
  )
  return { out, warnings }
}

/** The files of a copy, read and made in memory; nothing written yet. */
async function planCopy(
  target: Target,
  root: string,
  given: string | undefined,
  say: (line: string) => void
): Promise<Plan> {
  const dir = COPY_DIRS[target]
  const source = async (...path: string[]): Promise<FileWrite> => ({
    path: `${dir}/${path.at(-1)}`,
    bytes: await readFile(join(ROOT, ...path)),
    mode: (await stat(join(ROOT, ...path))).mode & 0o777
  })
  if (target === 'github') {
    const dist = (await readdir(join(ROOT, 'dist'), { recursive: true, withFileTypes: true }))
      .filter(entry => entry.isFile())
      .map(entry => relative(join(ROOT, 'dist'), join(entry.parentPath, entry.name)))
      .sort()
    const files = await Promise.all(
      dist.map(async path => ({ ...(await source('dist', path)), path }))
    )
    // GitHub's @github/local-action looks for a package.json at or above the action's folder before it
    // runs an entrypoint; an app's repository often has none. It marks nothing as a package to publish.
    const manifest: FileWrite = {
      path: `${dir}/package.json`,
      bytes: `${JSON.stringify(ACTION_MANIFEST, null, 2)}\n`
    }
    return {
      files: [await source('action.yml'), manifest],
      folder: { path: `${dir}/dist`, files }
    }
  }
  const config = '.circleci/config.yml'
  if (target === 'circleci') {
    if (!existsSync(join(root, config)))
      throw new Error(
        `${join(root, config)} does not exist: write the config first (docs/circleci.md), then copy the orb into it`
      )
    await checkInside(root, config, 'file')
  }
  const tarball = await packTarball(dir, given, say)
  const files: FileWrite[] = [...tarball.files]
  /** A wrapper's text with its defaults naming the copied tarball. */
  const pinned = (file: FileWrite): FileWrite => ({
    ...file,
    bytes: pinText(String(file.bytes).replace(RELEASE_URL, tarball.path), tarball.sha256).text
  })
  if (target === 'gitlab')
    for (const file of (await readdir(join(ROOT, 'templates'))).filter(f => f.endsWith('.yml')))
      files.push(pinned(await source('templates', file)))
  if (target === 'bitrise')
    files.push(await source('bitrise', 'step.sh'), pinned(await source('bitrise', 'step.yml')))
  if (target === 'circleci') {
    const orb = pinned({ path: `${dir}/orb.yml`, bytes: await packedText() })
    files.push(orb, {
      path: config,
      bytes: inlineOrb(await readFile(join(root, config), 'utf8'), String(orb.bytes))
    })
  }
  return { files, tarball: { path: tarball.path, sha256: tarball.sha256 } }
}

/**
 * The app's `.circleci/config.yml` with the orb inlined under
 * `orbs: mobile-build-deploy:` (its import of the published orb replaced);
 * the rest of the config, comments included, as it was.
 */
function inlineOrb(text: string, orb: string): string {
  const config = parseDocument(text)
  config.setIn(['orbs', 'mobile-build-deploy'], parse(orb))
  return config.toString({ lineWidth: 0 })
}

if (runsAsScript('copy')) {
  const usage = `usage: npm run copy -- <${TARGETS.join('|')}> <app-repository> [--tarball <file>]`
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { tarball: { type: 'string' } }
    })
    const [target, app] = positionals
    if (!TARGETS.includes(target as Target) || !app || positionals.length > 2)
      throw new Error(usage)
    const copied = await copyInto(target as Target, resolve(app), values.tarball, line =>
      console.log(line)
    )
    const { out, warnings } = copyReport(resolve(app), copied)
    for (const line of out) console.log(line)
    for (const line of warnings) console.error(`copy: ${line}`)
    // What git would commit is left: the copy is not done until it is removed.
    if (copied.kept.some(kept => !kept.ignored)) process.exitCode = 1
  } catch (error) {
    console.error(`copy: ${(error as Error).message}`)
    process.exitCode = 2
  }
}

/**
 * `npm run copy -- <github|gitlab|circleci|bitrise|cli> <app-repository> [--tarball <file>]`:
 * what works today, before any release is published: a copy of this
 * checkout's front end written into an app's repository, to be committed
 * there and reviewed like its own code.
 *
 * - github: the action (action.yml and dist/) in `.github/actions/mobile-build-deploy`,
 *   for `uses: ./.github/actions/mobile-build-deploy`.
 * - gitlab: the components in `.gitlab/mobile-build-deploy`, for `include: local:`.
 * - circleci: the orb, inlined into `.circleci/config.yml` under `orbs: mobile-build-deploy:`
 *   (which a config that imports the published orb has already).
 * - bitrise: the step in `.bitrise/steps/mobile-build-deploy`, for `path::./.bitrise/steps/mobile-build-deploy`.
 * - cli (Jenkins, fastlane, a script, the library): the package's tarball.
 *
 * Every copy but the action's carries the package's tarball (made by
 * `npm pack`, or the one `--tarball` names) and its `.sha256`, and its
 * defaults name that tarball by its path in the app's repository and pin its
 * SHA-256: the wrappers install it as they install a release's.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import {
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { parse, parseDocument } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { pinText } from './pin-cli.js'
import { packedText } from './pack-orb.js'

const run = promisify(execFile)

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

/** The release tarball's URL, as every wrapper's default names it. */
const RELEASE_URL = /https:\/\/github\.com\/[^\s'"]+\/releases\/download\/v[^\s'"]+\.tgz/g

interface Tarball {
  /** Its path in the app's repository. */
  path: string
  sha256: string
}

/** Writes the copy for `target` into the repository `app`; the files it wrote, relative to `app`. */
export async function copyInto(
  target: Target,
  app: string,
  given?: string
): Promise<{ files: string[]; tarball?: Tarball }> {
  // What can be known before anything is written is checked first: nothing is left half-copied.
  if (!(await stat(app).catch(() => undefined))?.isDirectory())
    throw new Error(`${app} is not a directory: give the app's repository (its checkout's root)`)
  const config = join(app, '.circleci', 'config.yml')
  if (target === 'circleci' && !existsSync(config))
    throw new Error(
      `${config} does not exist: write the config first (docs/circleci.md), then copy the orb into it`
    )
  if (given !== undefined && !existsSync(given))
    throw new Error(
      `--tarball ${given} does not exist: give a tarball npm pack made, or leave it out`
    )
  const dir = COPY_DIRS[target]
  const into = join(app, dir)
  await mkdir(into, { recursive: true })
  if (target === 'github') {
    await copyFile(join(ROOT, 'action.yml'), join(into, 'action.yml'))
    await rm(join(into, 'dist'), { recursive: true, force: true })
    await cp(join(ROOT, 'dist'), join(into, 'dist'), { recursive: true })
    return {
      files: [
        `${dir}/action.yml`,
        ...(await readdir(join(into, 'dist'))).map(file => `${dir}/dist/${file}`)
      ]
    }
  }
  const tarball = await placeTarball(into, dir, given)
  const files = [tarball.path, `${tarball.path}.sha256`]
  /** A wrapper's text with its defaults naming the copied tarball. */
  const pinned = (text: string) =>
    pinText(text.replace(RELEASE_URL, tarball.path), tarball.sha256).text
  if (target === 'gitlab')
    for (const file of (await readdir(join(ROOT, 'templates'))).filter(f => f.endsWith('.yml'))) {
      await writeFile(
        join(into, file),
        pinned(await readFile(join(ROOT, 'templates', file), 'utf8'))
      )
      files.push(`${dir}/${file}`)
    }
  if (target === 'bitrise') {
    await copyFile(join(ROOT, 'bitrise', 'step.sh'), join(into, 'step.sh'))
    await writeFile(
      join(into, 'step.yml'),
      pinned(await readFile(join(ROOT, 'bitrise', 'step.yml'), 'utf8'))
    )
    files.push(`${dir}/step.sh`, `${dir}/step.yml`)
  }
  if (target === 'circleci') {
    const orb = pinned(await packedText())
    await writeFile(join(into, 'orb.yml'), orb)
    files.push(`${dir}/orb.yml`, await inlineOrb(app, orb))
  }
  return { files, tarball }
}

/** The package's tarball and its `.sha256` in `into`: the one given, or one `npm pack` makes of this checkout. */
async function placeTarball(into: string, dir: string, given?: string): Promise<Tarball> {
  const scratch = await mkdtemp(join(tmpdir(), 'mbd-copy-'))
  try {
    let source = given && resolve(given)
    if (!source) {
      await run('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: ROOT })
      const packed = (await readdir(scratch)).find(file => file.endsWith('.tgz'))
      if (!packed) throw new Error('npm pack wrote no tarball')
      source = join(scratch, packed)
    }
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    const name = `mobile-build-deploy-${version}.tgz`
    const bytes = await readFile(source)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    await writeFile(join(into, name), bytes)
    await writeFile(join(into, `${name}.sha256`), `${sha256}  ${name}\n`)
    return { path: `${dir}/${name}`, sha256 }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * The orb inlined into the app's `.circleci/config.yml`, under
 * `orbs: mobile-build-deploy:` (its import of the published orb replaced);
 * the rest of the config, comments included, as it was.
 */
async function inlineOrb(app: string, orb: string): Promise<string> {
  const path = join(app, '.circleci', 'config.yml')
  const text = await readFile(path, 'utf8')
  const config = parseDocument(text)
  config.setIn(['orbs', 'mobile-build-deploy'], parse(orb))
  await writeFile(path, config.toString({ lineWidth: 0 }))
  return '.circleci/config.yml'
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const usage = `usage: npm run copy -- <${TARGETS.join('|')}> <app-repository> [--tarball <file>]`
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { tarball: { type: 'string' } }
    })
    const [target, app] = positionals
    if (!TARGETS.includes(target as Target) || !app || positionals.length > 2)
      throw new Error(usage)
    const { files, tarball } = await copyInto(target as Target, resolve(app), values.tarball)
    console.log(`Written in ${basename(resolve(app))}: ${files.join(', ')}`)
    if (tarball) console.log(`The tarball's SHA-256: ${tarball.sha256}`)
  } catch (error) {
    console.error(`copy: ${(error as Error).message}`)
    process.exitCode = 2
  }
}

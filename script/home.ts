/**
 * The project's home, said once in release.json's `home`: the GitHub
 * repository, the GitLab project that carries the components, the npm name,
 * the CircleCI namespace of the orb and the Bitrise StepLib id. Every
 * reference to them in what ships or installs (HOME_FILES) is written from
 * it by `npm run docs` (the rules below find each reference by its context)
 * and checked by `npm run check`.
 *
 * `npm run home -- --github acme/mobile-build-deploy --gitlab acme/mobile-build-deploy --npm @acme/mobile-build-deploy --orb acme [--bitrise mobile-build-deploy]`
 * sets it and rewrites the references; `tsx script/home.ts --named` (run by
 * script/release before anything is tagged) exits 1 naming each value that
 * is still the placeholder.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { ROOT } from '../emulator/github-runner.js'
import { runsAsScript } from './entry.js'

import { RULES } from './home-rules.js'

const run = promisify(execFile)

export interface Home {
  /** The GitHub repository, `owner/name`: the action's `uses:`, the releases, package.json's repository. */
  github: string
  /** The GitLab project path that carries the components (`group[/subgroup]/name`). */
  gitlab: string
  /** The package's name on npm, scoped or not. */
  npm: string
  /** The CircleCI namespace the orb `mobile-build-deploy` is published under. */
  orb: string
  /** The step's id in Bitrise's StepLib. */
  bitrise: string
}

export interface Release {
  home: Home
  version: string
  cliSha256: string
}

/** The owner that stands for the project's until a maintainer names it. */
export const PLACEHOLDER_OWNER = 'OWNER'

/** The files and folders the home is named in. */
export const HOME_FILES = [
  'README.md',
  'docs',
  'action.yml',
  'templates',
  'orb',
  'bitrise',
  'pipe',
  'package.json'
]

/**
 * A GitHub repository as GitHub takes one: an owner of letters, digits and
 * single inner hyphens (39 at most), a name of letters, digits, `.`, `_`
 * and `-` (100 at most) that is not `.` or `..`.
 */
function isGitHubRepository(value: string): boolean {
  const [owner = '', name = '', ...more] = value.split('/')
  return (
    more.length === 0 &&
    owner.length <= 39 &&
    /^[A-Za-z0-9](?:-?[A-Za-z0-9])*$/.test(owner) &&
    /^[A-Za-z0-9._-]{1,100}$/.test(name) &&
    name !== '.' &&
    name !== '..'
  )
}

/**
 * A GitLab project path as GitLab takes one: a group, any subgroups and a
 * project, each starting and ending with a letter, a digit or `_`, with no
 * two of `.`, `_`, `-` in a row (so never `.` or `..`), the project not
 * ending in `.git` or `.atom`.
 */
function isGitLabPath(value: string): boolean {
  const segments = value.split('/')
  return (
    segments.length >= 2 &&
    segments.every(
      segment =>
        /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,253}[A-Za-z0-9_])?$/.test(segment) &&
        !/[._-]{2}/.test(segment)
    ) &&
    !/\.(?:git|atom)$/.test(value)
  )
}

/** How each value of the home is given to `npm run home`, checked, and told as a placeholder. */
const FIELDS: Record<
  keyof Home,
  { valid: (value: string) => boolean; example: string; placeholder?: RegExp }
> = {
  github: {
    valid: isGitHubRepository,
    example: 'acme/mobile-build-deploy',
    placeholder: /^OWNER\//
  },
  gitlab: {
    valid: isGitLabPath,
    example: 'acme/mobile-build-deploy',
    placeholder: /^OWNER\//
  },
  npm: {
    valid: value =>
      value.length <= 214 && /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(value),
    example: '@acme/mobile-build-deploy'
  },
  orb: {
    valid: value => /^[a-z0-9][a-z0-9-]*$/.test(value),
    example: 'acme',
    placeholder: /^owner$/
  },
  bitrise: { valid: value => /^[a-z0-9][a-z0-9-]*$/.test(value), example: 'mobile-build-deploy' }
}

/** Why `value` cannot be the home's `field`, or undefined. */
export function problemOf(field: keyof Home, value: string): string | undefined {
  const { valid, example } = FIELDS[field]
  if (!valid(value))
    return `--${field} ${JSON.stringify(value)} is not ${describe(field)}: give one like ${example}`
  return undefined
}

function describe(field: keyof Home): string {
  return {
    github: 'a GitHub repository (owner/name)',
    gitlab: 'a GitLab project path (group/name)',
    npm: 'an npm package name (lower case, optionally @scope/)',
    orb: 'a CircleCI namespace (lower case)',
    bitrise: 'a Bitrise StepLib id (lower case)'
  }[field]
}

/** The values of `home` that are still the placeholder, each as `field (value)`. */
export function placeholdersOf(home: Home): string[] {
  return (Object.keys(FIELDS) as (keyof Home)[])
    .filter(field => FIELDS[field].placeholder?.test(home[field]))
    .map(field => `${field} (${home[field]})`)
}

/** `text` (the file `path`, relative to the project) with every reference to the home made `release`'s. */
export function withHome(text: string, path: string, release: Release): string {
  let result = text
  for (const { field, pattern, files } of RULES) {
    if (files && !files.some(file => path.startsWith(file))) continue
    const value = field === 'version' ? release.version : release.home[field]
    result = result.replace(
      pattern,
      (_, before: string, _old: string, after: string) => `${before}${value}${after}`
    )
  }
  return result
}

/**
 * The file `path` (relative to `root`) with the home made `release`'s, laid
 * out again as `npm run format` lays it out when a reference changed its
 * length (a Markdown table's column widths).
 */
export async function homeText(
  root: string,
  path: string,
  text: string,
  release: Release
): Promise<string> {
  const next = withHome(text, path, release)
  if (next === text) return text
  const { format, getFileInfo, resolveConfig } = await import('prettier')
  const file = join(root, path)
  const info = await getFileInfo(file, { ignorePath: join(root, '.prettierignore') })
  if (info.ignored || !info.inferredParser) return next
  return format(next, { ...(await resolveConfig(file)), filepath: file })
}

export async function readRelease(root = ROOT): Promise<Release> {
  return JSON.parse(await readFile(join(root, 'release.json'), 'utf8')) as Release
}

/** The tracked files the home is named in, relative to `root`. */
export async function homeFiles(root = ROOT): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', '--', ...HOME_FILES], { cwd: root })
  return stdout.split('\n').filter(Boolean)
}

/** Writes `changes` into release.json's home and every reference in `root`; the paths it changed. */
export async function setHome(changes: Partial<Home>, root = ROOT): Promise<string[]> {
  for (const [field, value] of Object.entries(changes) as [keyof Home, string][]) {
    const problem = problemOf(field, value)
    if (problem) throw new Error(problem)
  }
  const release = await readRelease(root)
  const named: Release = { ...release, home: { ...release.home, ...changes } }
  const changed: string[] = []
  const releaseText = `${JSON.stringify(named, null, 2)}\n`
  if ((await readFile(join(root, 'release.json'), 'utf8')) !== releaseText) {
    await writeFile(join(root, 'release.json'), releaseText)
    changed.push('release.json')
  }
  for (const file of await homeFiles(root)) {
    const text = await readFile(join(root, file), 'utf8')
    const next = await homeText(root, file, text, named)
    if (next !== text) {
      await writeFile(join(root, file), next)
      changed.push(file)
    }
  }
  return changed
}

if (runsAsScript('home')) {
  const usage =
    'usage: npm run home -- [--github owner/name] [--gitlab group/name] [--npm name] [--orb namespace] [--bitrise id]'
  try {
    const { values } = parseArgs({
      options: {
        github: { type: 'string' },
        gitlab: { type: 'string' },
        npm: { type: 'string' },
        orb: { type: 'string' },
        bitrise: { type: 'string' },
        named: { type: 'boolean' }
      },
      strict: true
    })
    const { named, ...changes } = values
    if (named) {
      const left = placeholdersOf((await readRelease()).home)
      if (left.length > 0) {
        console.error(
          `the project's home is still a placeholder in release.json: ${left.join(', ')}. Name it with npm run home -- --github <owner>/<repo> --gitlab <group>/<project> --orb <namespace>`
        )
        process.exitCode = 1
      }
    } else {
      if (Object.keys(changes).length === 0) throw new Error(usage)
      const changed = await setHome(changes)
      console.log(changed.length ? `Written: ${changed.join(', ')}` : 'The home is named already.')
      const left = placeholdersOf((await readRelease()).home)
      if (left.length) console.log(`Still a placeholder: ${left.join(', ')}`)
    }
  } catch (error) {
    console.error(`home: ${(error as Error).message}`)
    process.exitCode = 2
  }
}

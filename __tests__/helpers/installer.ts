/**
 * The docs' installation of the CLI, as their tests run it: every page installs the release's tarball
 * from its release URL (release.json's repository and version) after checking its SHA-256 against the
 * value pinned in the pipeline, the variable MBD_CLI_SHA256. A test runs a page's example as written
 * but for those two values: the URL becomes the packed tarball's file:// URL, the pin its real SHA-256
 * (or a wrong one, to show that the check stops the example before the CLI runs).
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { releaseTarballUrl } from './cli-release.js'

/** Where the docs install the CLI from, and the SHA-256 they check it against. */
export interface CliRelease {
  url: string
  sha256: string
}

/** The packed tarball as a release: its file:// URL and its real SHA-256. */
export async function packedRelease(tarball: string): Promise<CliRelease> {
  const sha256 = createHash('sha256')
    .update(await readFile(tarball))
    .digest('hex')
  return { url: pathToFileURL(tarball).href, sha256 }
}

/** A SHA-256 that is not the tarball's: the one of other bytes. */
export const WRONG_SHA256 = createHash('sha256').update('another release').digest('hex')

/**
 * The pin's assignment in any of the docs' languages: `MBD_CLI_SHA256='…'` (a shell), `MBD_CLI_SHA256 = '…'`
 * (Groovy), `MBD_CLI_SHA256 = "…"` (Ruby), `MBD_CLI_SHA256: ''` (YAML); the value in group 3.
 */
const PIN = /\b(MBD_CLI_SHA256\s*(?:=|:)\s*)(['"])([^'"\n]*)\2/g

/**
 * `text` (a page's example) with the release URL replaced by `release.url` and every pin by
 * `release.sha256`. Throws when the example names no release URL or pins nothing, so that an example
 * that stops installing the release's checked tarball fails its test.
 */
export function withRelease(text: string, release: CliRelease): string {
  const url = releaseTarballUrl()
  if (!text.includes(url)) throw new Error(`the example does not install ${url}`)
  if (pins(text).length === 0) throw new Error('the example pins no SHA-256 (MBD_CLI_SHA256)')
  return text
    .replaceAll(url, release.url)
    .replace(
      PIN,
      (_, assignment: string, quote: string) => assignment + quote + release.sha256 + quote
    )
}

/** The values the example pins, as written. */
export function pins(text: string): string[] {
  return [...text.matchAll(PIN)].map(m => m[3]!)
}

/** A command that fetches a package from a registry: npx, npm install/exec, pnpm, yarn, bunx. */
const INSTALLER =
  /\b(?:npx|bunx|npm\s+(?:install|i|add|exec|x)|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx))\b/
/** The registry name, bare or with a version or tag; a path, URL or tarball is no registry name. */
const REGISTRY_NAME = /^(?:--package=)?mobile-build-deploy(?:@\S*)?$/

/**
 * The lines of `text` that install the npm name `mobile-build-deploy` from a registry (nobody here owns
 * it). npx's command `mobile-build-deploy` with `--package=<a path or URL>` runs that file, not the name.
 */
export function registryInstalls(text: string): string[] {
  return text.split('\n').filter(line => {
    if (!INSTALLER.test(line)) return false
    const words = line.split(/[\s"'`,()[\]]+/).filter(Boolean)
    const fromFile = words.some(word => /^--package=(?:\.{0,2}\/|file:|https?:)/.test(word))
    // npx and bunx fetch their first word that is not an option (`npx --yes gitlab-ci-local@4 job`
    // runs gitlab-ci-local; what follows are its arguments), unless --package names what to fetch.
    const runner = words.findIndex(word => word === 'npx' || word === 'bunx')
    const fetched =
      runner >= 0 && !words.some(word => word.startsWith('--package='))
        ? words.slice(runner + 1).find(word => !word.startsWith('-'))
        : undefined
    if (fetched !== undefined && !/\b(?:npm|pnpm|yarn)\s/.test(line))
      return REGISTRY_NAME.test(fetched)
    return words.some(
      word => REGISTRY_NAME.test(word) && !(fromFile && word === 'mobile-build-deploy')
    )
  })
}

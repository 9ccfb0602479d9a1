/**
 * What every wrapper's installation of the CLI derives from: release.json (the
 * home, the version, the pinned SHA-256) and wrappers/install-cli.sh, the
 * one installer each wrapper carries word for word.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../emulator/github-runner.js'
import type { Release } from '../../script/home.js'

/** release.json: the project's home, the version and the CLI's pinned SHA-256. */
export const RELEASE = JSON.parse(readFileSync(join(ROOT, 'release.json'), 'utf8')) as Release

/** How the docs' workflows name this action: the home's repository at the release's major tag. */
export const ACTION_REFERENCE = `${RELEASE.home.github}@v${RELEASE.version.split('.')[0]}`

/** The CLI's release tarball, as every wrapper's default names it. */
export function releaseTarballUrl(release = RELEASE): string {
  return `https://github.com/${release.home.github}/releases/download/v${release.version}/mobile-build-deploy-${release.version}.tgz`
}

const BEGIN = '# mobile-build-deploy: install the CLI (begin)\n'
const END = '# mobile-build-deploy: install the CLI (end)\n'

/** The installer's text between its marker lines, the markers included. */
export function installerBlock(text: string): string {
  const from = text.indexOf(BEGIN)
  const to = text.indexOf(END)
  if (from === -1 || to < from) throw new Error('the installer markers are missing')
  return text.slice(from, to + END.length)
}

/** wrappers/install-cli.sh's installer, the text every wrapper must carry byte for byte. */
export const CANONICAL_INSTALLER = installerBlock(
  readFileSync(join(ROOT, 'wrappers/install-cli.sh'), 'utf8')
)

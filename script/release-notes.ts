/**
 * Pure: what preparing a release changes in the notes, and why a release is
 * refused before anything is written. `npm run release:prepare` reads the
 * files and git's history, asks this module, then writes.
 */

/** A version as script/release takes it: three numbers as semantic versioning writes them (no leading zero), no prerelease. */
const VERSION = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/
const UNRELEASED = '## [Unreleased]'

/** The three numbers of `X.Y.Z`, or undefined when it is not one. */
export function versionParts(text: string): [number, number, number] | undefined {
  const match = VERSION.exec(text)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined
}

/** Whether `next` comes after `current` (1.10.0 after 1.9.0). */
export function isNewer(next: string, current: string): boolean {
  const [a, b] = [versionParts(next), versionParts(current)]
  if (!a || !b) return false
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!
  return false
}

/** The section under `## [Unreleased]`, up to the next `## ` heading. */
export function unreleasedNotes(changelog: string): string | undefined {
  const lines = changelog.split('\n')
  const start = lines.indexOf(UNRELEASED)
  if (start < 0) return undefined
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** What a release of `version` is refused for, each with its fix; empty when it may be prepared. */
export function releaseRefusals(input: {
  version: string
  current: string
  changelog: string
  /** The commits that changed what ships after CHANGELOG.md last changed, as `<hash> <subject>`. */
  uncovered: string[]
}): string[] {
  const { version, current, changelog, uncovered } = input
  const refusals: string[] = []
  if (!versionParts(version))
    refusals.push(`${JSON.stringify(version)} is not a version X.Y.Z: give one, e.g. 1.3.0`)
  else if (!isNewer(version, current))
    refusals.push(`${version} does not come after package.json's ${current}: give a later version`)
  if (changelog.includes(`## [${version}]`))
    refusals.push(`CHANGELOG.md has a section for ${version} already: give a later version`)
  const notes = unreleasedNotes(changelog)
  if (notes === undefined)
    refusals.push(`CHANGELOG.md has no "${UNRELEASED}" section: add it above the releases`)
  else if (!/^- \S/m.test(notes))
    refusals.push(
      `CHANGELOG.md's [Unreleased] lists no change: describe what the release brings there (Keep a Changelog's "- " items under "### Added", "### Changed", "### Fixed"...)`
    )
  if (uncovered.length > 0)
    refusals.push(
      [
        `${uncovered.length} commit(s) changed what ships after CHANGELOG.md last changed, so the notes would leave them out:`,
        ...uncovered.slice(0, 10).map(commit => `  ${commit}`),
        ...(uncovered.length > 10 ? [`  ...and ${uncovered.length - 10} more`] : []),
        'Describe them under [Unreleased] in CHANGELOG.md and commit it, then prepare the release again.'
      ].join('\n')
    )
  return refusals
}

/** CHANGELOG.md with the [Unreleased] notes under `## [version] - date` and [Unreleased] empty above it. */
export function moveUnreleased(changelog: string, version: string, date: string): string {
  if (!changelog.includes(`${UNRELEASED}\n`)) throw new Error('CHANGELOG.md has no [Unreleased]')
  return changelog.replace(`${UNRELEASED}\n`, `${UNRELEASED}\n\n## [${version}] - ${date}\n`)
}

/** A JSON file's text with its top-level `"version"` (the first one) set, its layout kept. */
export function withVersion(text: string, version: string): string {
  const field = /"version": "[^"]*"/
  if (!field.test(text)) throw new Error('no "version" field')
  return text.replace(field, `"version": "${version}"`)
}

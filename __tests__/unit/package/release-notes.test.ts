import { describe, expect, it } from '@jest/globals'
import {
  isNewer,
  moveUnreleased,
  releaseRefusals,
  unreleasedNotes,
  withVersion
} from '../../../script/release-notes.js'

const CHANGELOG = [
  '# Changelog',
  '',
  '## [Unreleased]',
  '',
  '### Fixed',
  '',
  '- A fix.',
  '',
  '## [1.2.0] - 2026-11-23',
  '',
  '- The last release.',
  ''
].join('\n')

describe('release notes', () => {
  it('orders versions by their numbers, not their text', () => {
    expect(isNewer('1.10.0', '1.9.0')).toBe(true)
    expect(isNewer('2.0.0', '1.99.99')).toBe(true)
    expect(isNewer('1.2.0', '1.2.0')).toBe(false)
    expect(isNewer('1.1.9', '1.2.0')).toBe(false)
    expect(isNewer('1.3', '1.2.0')).toBe(false)
  })

  it('moves [Unreleased] under the version and its date, leaving [Unreleased] empty above it', () => {
    const moved = moveUnreleased(CHANGELOG, '1.3.0', '2026-12-01')
    expect(moved).toContain('## [Unreleased]\n\n## [1.3.0] - 2026-12-01\n\n### Fixed\n\n- A fix.\n')
    expect(unreleasedNotes(moved)).toBe('')
    expect(moved.indexOf('## [1.3.0]')).toBeLessThan(moved.indexOf('## [1.2.0]'))
  })

  it('sets the first version field of a JSON text, keeping its layout', () => {
    const text =
      '{\n  "name": "x",\n  "version": "1.2.0",\n  "dependencies": { "y": { "version": "1.0.0" } }\n}\n'
    expect(withVersion(text, '1.3.0')).toBe(text.replace('"1.2.0"', '"1.3.0"'))
  })

  it('prepares a later version with notes and nothing left out', () => {
    expect(
      releaseRefusals({ version: '1.3.0', current: '1.2.0', changelog: CHANGELOG, uncovered: [] })
    ).toEqual([])
  })

  it.each([
    ['a malformed version', { version: 'v1.3.0' }, /"v1\.3\.0" is not a version X\.Y\.Z/],
    [
      'a leading zero, which semantic versioning refuses',
      { version: '1.03.0' },
      /"1\.03\.0" is not a version/
    ],
    ['a prerelease', { version: '1.3.0-rc.1' }, /"1\.3\.0-rc\.1" is not a version/],
    [
      'the current version',
      { current: '1.3.0' },
      /1\.3\.0 does not come after package\.json's 1\.3\.0/
    ],
    ['an earlier version', { version: '1.1.0' }, /does not come after/],
    [
      'a version the notes have already',
      { version: '1.3.0', current: '1.1.0', changelog: CHANGELOG.replace('[1.2.0]', '[1.3.0]') },
      /has a section for 1\.3\.0 already/
    ],
    [
      'empty notes',
      { changelog: CHANGELOG.replace('### Fixed\n\n- A fix.\n', '') },
      /\[Unreleased\] lists no change/
    ],
    [
      'no [Unreleased]',
      { changelog: CHANGELOG.replace('## [Unreleased]', '## Next') },
      /has no "## \[Unreleased\]" section/
    ],
    [
      'changes the notes leave out',
      { uncovered: ['abc1234 Change the upload', 'def5678 Change the wait'] },
      /2 commit\(s\) changed what ships after CHANGELOG\.md last changed.*\n {2}abc1234 Change the upload\n {2}def5678 Change the wait\nDescribe them under \[Unreleased\]/
    ]
  ])('refuses %s, naming the fix', (_title, change, refusal) => {
    const refusals = releaseRefusals({
      version: '1.3.0',
      current: '1.2.0',
      changelog: CHANGELOG,
      uncovered: [],
      ...change
    })
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toMatch(refusal)
  })
})

/**
 * The project's home, said once in release.json: every reference in what
 * ships or installs is what the home makes it; naming the home (as
 * `npm run home` does) changes every reference and nothing else, and the
 * release refuses to start while a value is the placeholder.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../../emulator/github-runner.js'
import {
  homeFiles,
  placeholdersOf,
  problemOf,
  readRelease,
  withHome,
  type Release
} from '../../../script/home.js'

const NAMED: Release['home'] = {
  github: 'acme-mobile/mbd-action',
  gitlab: 'acme/ci/mbd-components',
  npm: '@acme/mbd',
  orb: 'acme-orbs',
  bitrise: 'acme-mbd'
}

let release: Release
let files: [string, string][]

beforeAll(async () => {
  release = await readRelease()
  files = await Promise.all(
    (await homeFiles()).map(
      async file => [file, await readFile(join(ROOT, file), 'utf8')] as [string, string]
    )
  )
})

/** Every GitHub URL of a text, and every `uses:` value. */
const links = (text: string) => [
  ...(text.match(/https:\/\/github\.com\/[^\s)"'`>\]]+/g) ?? []),
  ...(text.match(/uses: \S+/g) ?? [])
]

describe("release.json's home", () => {
  it('is what every reference in what ships or installs says (npm run docs writes them, npm run check checks)', () => {
    const stale = files.filter(([file, text]) => withHome(text, file, release) !== text)
    expect(stale.map(([file]) => file)).toEqual([])
    expect(files.map(([file]) => file)).toEqual(
      expect.arrayContaining(['README.md', 'action.yml', 'package.json', 'orb/src/@orb.yml'])
    )
  })

  it('named, changes every reference in every kind of file, and naming it back restores each byte', () => {
    const named = { ...release, home: NAMED }
    const changed = new Set<string>()
    for (const [file, text] of files) {
      const next = withHome(text, file, named)
      if (next !== text) changed.add(file.split('/')[0]!)
      expect(withHome(next, file, release)).toBe(text)
    }
    expect([...changed].sort()).toEqual(
      ['README.md', 'bitrise', 'docs', 'orb', 'package.json', 'pipe', 'templates'].sort()
    )
  })

  it('named, leaves no placeholder and no reference of its own to the old home', () => {
    const named = { ...release, home: NAMED }
    const all = files.map(([file, text]) => withHome(text, file, named)).join('\n')
    expect(all.match(/.{0,40}OWNER\/.{0,40}/g)).toBeNull()
    expect(all.match(/.{0,40}\bowner\/mobile-build-deploy@.{0,10}/g)).toBeNull()
    expect(all).toContain('uses: acme-mobile/mbd-action@v1')
    expect(all).toContain('$CI_SERVER_FQDN/acme/ci/mbd-components/deploy@')
    expect(all).toContain('mobile-build-deploy: acme-orbs/mobile-build-deploy@1')
    expect(all).toContain("from '@acme/mbd'")
    expect(all).toContain(
      `https://github.com/acme-mobile/mbd-action/releases/download/v${release.version}/mobile-build-deploy-${release.version}.tgz`
    )
    const pkg = JSON.parse(
      withHome(files.find(([f]) => f === 'package.json')![1], 'package.json', named)
    ) as {
      name: string
      repository: { url: string }
      bin: Record<string, string>
    }
    expect(pkg.name).toBe('@acme/mbd')
    expect(pkg.repository.url).toBe('git+https://github.com/acme-mobile/mbd-action.git')
    // The command keeps its name whatever the package is called.
    expect(Object.keys(pkg.bin)).toEqual(['mobile-build-deploy'])
  })

  it("named, leaves a third party's links and actions as they are", () => {
    const named = { ...release, home: NAMED }
    for (const [file, text] of files) {
      const theirs = (t: string) =>
        links(t).filter(link => !/OWNER|acme-mobile|acme\/ci/.test(link))
      expect([file, theirs(withHome(text, file, named))]).toEqual([file, theirs(text)])
    }
  })

  it('rewrites the release version into the wrappers, from release.json', () => {
    const bumped = { ...release, version: '7.8.9' }
    const step = files.find(([f]) => f === 'bitrise/step.yml')![1]
    expect(withHome(step, 'bitrise/step.yml', bumped)).toContain(
      '/releases/download/v7.8.9/mobile-build-deploy-7.8.9.tgz'
    )
  })
})

describe('npm run home', () => {
  it('names each value still a placeholder', () => {
    expect(placeholdersOf(release.home).length).toBeGreaterThan(0)
    expect(placeholdersOf({ ...NAMED, github: 'OWNER/mobile-build-deploy', orb: 'owner' })).toEqual(
      ['github (OWNER/mobile-build-deploy)', 'orb (owner)']
    )
    expect(placeholdersOf(NAMED)).toEqual([])
  })

  it('refuses a value of the wrong shape, naming the flag and an example', () => {
    expect(problemOf('github', 'acme')).toBe(
      '--github "acme" is not a GitHub repository (owner/name): give one like acme/mobile-build-deploy'
    )
    expect(problemOf('npm', '@Acme/MBD')).toContain('--npm "@Acme/MBD" is not an npm package name')
    expect(problemOf('orb', 'Acme')).toContain('--orb')
    expect(problemOf('gitlab', 'acme')).toContain('--gitlab')
    expect(problemOf('gitlab', 'acme/sub/project')).toBeUndefined()
    expect(problemOf('github', "acme/x'; rm -rf /")).toContain('--github')
    // Names GitHub and GitLab refuse: dot segments, hyphens at the ends, doubled specials.
    for (const github of ['a/.', 'a/..', '-acme/x', 'acme-/x', 'ac--me/x', 'acme/x/y', 'acme/'])
      expect([github, problemOf('github', github)]).toEqual([
        github,
        expect.stringContaining(`--github ${JSON.stringify(github)} is not a GitHub repository`)
      ])
    for (const gitlab of [
      'a/.',
      'a/..',
      'a/./b',
      '../x',
      'acme/x.git',
      'acme/x.atom',
      'acme/-x',
      'acme/x..y',
      'acme//x'
    ])
      expect([gitlab, problemOf('gitlab', gitlab)]).toEqual([
        gitlab,
        expect.stringContaining(`--gitlab ${JSON.stringify(gitlab)} is not a GitLab project path`)
      ])
    expect(problemOf('github', 'a-b/.github')).toBeUndefined()
    expect(problemOf('gitlab', 'a_b/sub.group/x-y')).toBeUndefined()
    for (const [field, value] of Object.entries(NAMED))
      expect(problemOf(field as keyof Release['home'], value)).toBeUndefined()
  })

  it('is checked by script/release before the checks, the pack and the tags', async () => {
    const text = await readFile(join(ROOT, 'script/release'), 'utf8')
    const at = (what: string) => {
      const index = text.indexOf(what)
      expect([what, index]).not.toEqual([what, -1])
      return index
    }
    const named = at('script/home.ts --named')
    expect(named).toBeLessThan(at('npm run --silent check'))
    expect(named).toBeLessThan(at('npm pack'))
    expect(named).toBeLessThan(at('git tag -a'))
  })
})

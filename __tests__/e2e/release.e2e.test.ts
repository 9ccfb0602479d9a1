/**
 * script/release in a clone of the committed project: it refuses a version
 * the project does not carry, stops before tagging when a test fails, and for
 * the package's own version packs the release's tarball, writes its SHA-256
 * beside it and pins it (release.json, every wrapper's default, the packed
 * orb) in a commit, tags that commit and moves the major tag. Then the
 * release workflow's own scripts run on the tag in another clone: its build
 * job packs the same bytes elsewhere (and refuses a pin they do not match),
 * its publish job makes the GitHub release and moves the major tag (with a
 * stand-in for the gh command that records what it is asked).
 *
 * Inside, the script's `npm test` runs one fast suite (MBD_RELEASE_TESTS);
 * its `npm run check` runs whole.
 */
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { parse, parseAllDocuments } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import type { Release } from '../../script/home.js'
import { PRODUCT_VERSION } from '../../src/core/index.js'
import { unreleasedNotes } from '../../script/release-notes.js'
import { freshWorkspace } from '../helpers/harness.js'

const run = promisify(execFile)
const VERSION = PRODUCT_VERSION
const TAG = `v${VERSION}`
const MAJOR = `v${VERSION.split('.')[0]}`
const TARBALL = `mobile-build-deploy-${VERSION}.tgz`
let workspace: string
let clone: string
let repository: string

/** A clone of the committed project with its own identity and the installed dependencies. */
async function cloneProject(from: string, to: string, ...options: string[]): Promise<void> {
  await run('git', ['clone', '--quiet', '--no-hardlinks', ...options, from, to])
  // A maintainer's identity, which the commit and the annotated tags need; a fresh CI machine has none.
  await run('git', ['config', 'user.name', 'Release Maintainer'], { cwd: to })
  await run('git', ['config', 'user.email', 'release@example.test'], { cwd: to })
  // The installed dependencies, as hard links where the clone shares the file system, else copied
  // (a symbolic link would change the bundle's module ids).
  const [source, target] = [join(ROOT, 'node_modules'), join(to, 'node_modules')]
  await run('cp', ['-al', source, target]).catch(async () => {
    await run('rm', ['-rf', target])
    await run('cp', ['-a', source, target])
  })
}

/**
 * The wrappers' `cli-sha256`/`cli_sha256` parameters, added where a wrapper
 * does not declare one yet, with an empty default as a wrapper has before its
 * first release (GitLab's component, the orb's first command, the Bitrise step).
 */
async function declarePins(dir: string): Promise<void> {
  const add = async (file: string, key: RegExp, after: RegExp, lines: string[]) => {
    const path = join(dir, file)
    const text = await readFile(path, 'utf8')
    if (key.test(text)) return
    expect([file, after.test(text)]).toEqual([file, true])
    await writeFile(
      path,
      text.replace(after, match => `${match}\n${lines.join('\n')}`)
    )
  }
  await add('templates/deploy.yml', /^\s*cli-sha256:/m, /^ {2}inputs:$/m, [
    '    cli-sha256:',
    "      description: The tarball's SHA-256.",
    "      default: ''"
  ])
  const [command] = (await readdir(join(dir, 'orb/src/commands'))).sort()
  await add(`orb/src/commands/${command}`, /^\s*cli_sha256:/m, /^parameters:$/m, [
    '  cli_sha256:',
    '    type: string',
    "    default: ''",
    "    description: The tarball's SHA-256."
  ])
  await add('bitrise/step.yml', /^\s*- cli_sha256:/m, /^inputs:$/m, [
    "  - cli_sha256: ''",
    '    opts:',
    '      title: CLI SHA-256'
  ])
  const { stdout } = await run('git', ['status', '--porcelain'], { cwd: dir })
  if (!stdout) return
  await run('npm', ['run', '--silent', 'orb'], { cwd: dir })
  await run('git', ['commit', '--quiet', '-am', "The wrappers' pinned SHA-256 parameter"], {
    cwd: dir
  })
}

/** The GitHub repository, GitLab project and orb namespace the released clone is given, as `npm run home` names them. */
const HOME = [
  '--github',
  'octo-org/mobile-build-deploy',
  '--gitlab',
  'octo-org/mobile-build-deploy',
  '--orb',
  'octo-org'
]

beforeAll(async () => {
  workspace = await freshWorkspace()
  clone = join(workspace, 'project')
  // Without the project's tags: on a tag's checkout (the release workflow) the version's tag is there already.
  await cloneProject(ROOT, clone, '--no-tags')
  await declarePins(clone)
  await run('npx', ['--no-install', 'tsx', 'script/home.ts', ...HOME], { cwd: clone })
  await run('git', ['commit', '--quiet', '-am', "The project's home"], { cwd: clone })
  repository = (JSON.parse(await readFile(join(clone, 'release.json'), 'utf8')) as Release).home
    .github
}, 120_000)

interface Ran {
  code: number
  output: string
}

/** Runs a command, its output interleaved as a terminal shows it. */
function execute(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string | undefined> = {}
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.on('error', reject)
    child.on('close', code => resolve({ code: code ?? -1, output }))
  })
}

const release = (args: string[], env: Record<string, string> = {}) =>
  execute('bash', ['script/release', ...args], clone, env)
const git = async (dir: string, ...args: string[]) =>
  (await run('git', args, { cwd: dir })).stdout.trim()
const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')

describe('script/release', () => {
  it('refuses a version the project does not carry, a malformed one and an unknown option', async () => {
    expect(await release(['9.9.9'])).toEqual({
      code: 1,
      output: expect.stringContaining("package.json's version is not 9.9.9")
    })
    expect((await release(['v1'])).code).toBe(2)
    expect((await release([VERSION, '--force'])).code).toBe(2)
  })

  it("refuses while the project's home is a placeholder, naming where, before anything is tagged", async () => {
    const before = await git(clone, 'rev-parse', 'HEAD')
    try {
      // A reference that is not release.json's: npm run check, before anything is tagged.
      const docs = join(clone, 'docs/cli.md')
      await writeFile(docs, `${await readFile(docs, 'utf8')}\nuses: OWNER/mobile-build-deploy@v1\n`)
      await git(clone, 'commit', '--quiet', '-am', 'A placeholder left')
      const left = await release([VERSION])
      expect(left.code).toBe(1)
      expect(left.output).toContain(
        "docs/cli.md differs from what it is generated from: run 'npm run docs'"
      )
      // A value of the home that is still the placeholder: named, before the checks run.
      await git(clone, 'reset', '--quiet', '--hard', before)
      const pinned = join(clone, 'release.json')
      const json = JSON.parse(await readFile(pinned, 'utf8')) as Release
      await writeFile(pinned, JSON.stringify({ ...json, home: { ...json.home, orb: 'owner' } }))
      await git(clone, 'commit', '--quiet', '-am', 'No namespace')
      const none = await release([VERSION])
      expect(none.output).toContain(
        "the project's home is still a placeholder in release.json: orb (owner)"
      )
      expect(none.output).not.toContain('npm run check')
      expect(await git(clone, 'tag', '--list')).toBe('')
    } finally {
      await git(clone, 'reset', '--quiet', '--hard', before)
    }
  }, 300_000)

  it('stops before packing and tagging when a test fails', async () => {
    const before = await git(clone, 'rev-parse', 'HEAD')
    await writeFile(
      join(clone, '__tests__/unit/release-gate.test.ts'),
      "import { expect, it } from '@jest/globals'\n\nit('fails', () => {\n  expect(1 + 1).toBe(3)\n})\n"
    )
    await git(clone, 'add', '-A')
    await git(clone, 'commit', '--quiet', '-m', 'A failing test')
    try {
      const result = await release([VERSION], {
        MBD_RELEASE_TESTS: '__tests__/unit/release-gate.test.ts'
      })
      expect([result.code, result.output]).toEqual([1, expect.stringContaining('the tests failed')])
      expect(result.output).toContain('Expected: 3')
      expect(await git(clone, 'tag', '--list')).toBe('')
      await expect(readFile(join(clone, 'release-assets', TARBALL))).rejects.toThrow()
    } finally {
      await git(clone, 'reset', '--quiet', '--hard', before)
    }
  }, 400_000)

  it('packs the tarball, writes its SHA-256 beside it, pins it in a commit and tags it; the major tag is left to the release workflow', async () => {
    const before = await git(clone, 'rev-parse', 'HEAD')
    const result = await release([VERSION], {
      MBD_RELEASE_TESTS: '__tests__/unit/package/publishing.test.ts'
    })
    if (result.code !== 0) console.log(result.output)
    expect(result.code).toBe(0)

    const asset = join(clone, 'release-assets', TARBALL)
    const hash = await sha256(asset)
    expect(await readFile(`${asset}.sha256`, 'utf8')).toBe(`${hash}  ${TARBALL}\n`)
    const { stdout: files } = await run('tar', ['-tzf', asset])
    expect(files.split('\n')).toEqual(
      expect.arrayContaining(['package/build/cli/index.js', 'package/build/lib/index.js'])
    )

    // One commit on top, with the pin; the tags on it.
    const head = await git(clone, 'rev-parse', 'HEAD')
    expect(await git(clone, 'rev-parse', 'HEAD~1')).toBe(before)
    expect(await git(clone, 'log', '-1', '--format=%s')).toBe(
      `Release ${VERSION}: pin the CLI's SHA-256`
    )
    expect(await git(clone, 'rev-parse', `${TAG}^{commit}`)).toBe(head)
    // GitLab's catalog looks the components up by the version alone.
    expect(await git(clone, 'rev-parse', `refs/tags/${VERSION}^{commit}`)).toBe(head)
    await expect(
      git(clone, 'rev-parse', '--verify', '--quiet', `refs/tags/${MAJOR}`)
    ).rejects.toThrow()
    expect(await git(clone, 'status', '--porcelain')).toBe('')

    // The pin, wherever it is read: release.json, each wrapper's default, the packed orb.
    const read = async (file: string) => readFile(join(clone, file), 'utf8')
    expect(JSON.parse(await read('release.json'))).toMatchObject({
      version: VERSION,
      cliSha256: hash
    })
    const pins: unknown[] = []
    for (const file of (await readdir(join(clone, 'templates'))).filter(f => f.endsWith('.yml'))) {
      const spec = parseAllDocuments(await read(`templates/${file}`))[0]!.toJS() as {
        spec: { inputs: Record<string, { default?: unknown }> }
      }
      if ('cli-sha256' in spec.spec.inputs) pins.push(spec.spec.inputs['cli-sha256']!.default)
    }
    const orb = parse(await read('orb/orb.yml')) as Record<
      string,
      Record<string, { parameters?: Record<string, { default?: unknown }> }>
    >
    for (const section of ['commands', 'jobs'])
      for (const entry of Object.values(orb[section] ?? {}))
        if (entry.parameters?.cli_sha256) pins.push(entry.parameters.cli_sha256.default)
    const step = parse(await read('bitrise/step.yml')) as { inputs: Record<string, unknown>[] }
    pins.push(...step.inputs.filter(input => 'cli_sha256' in input).map(input => input.cli_sha256))
    expect(pins.length).toBeGreaterThanOrEqual(3)
    expect(new Set(pins)).toEqual(new Set([hash]))
    // The pin lives outside the package: none of the files it changed is in the tarball.
    const changed = (await git(clone, 'diff', '--name-only', 'HEAD~1', 'HEAD')).split('\n')
    expect(changed).toEqual(expect.arrayContaining(['release.json', 'orb/orb.yml']))
    for (const file of changed) expect(files.split('\n')).not.toContain(`package/${file}`)
    expect(result.output).toContain(`git push origin ${TAG}`)
    // The release runs every check, packs and tests the package: beside the other suites on two
    // cores it has taken over 400 s.
  }, 700_000)
})

/** A step of .github/workflows/release.yml, run as a runner runs a bash step. */
async function runStep(
  job: 'build' | 'publish',
  name: string,
  cwd: string,
  env: Record<string, string>
): Promise<Ran> {
  const workflow = parse(await readFile(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { name?: string; run?: string; env?: object }[] }>
  }
  const step = workflow.jobs[job]!.steps.find(s => s.name === name)
  expect([name, typeof step?.run]).toEqual([name, 'string'])
  // Every variable the step reads from its env: is given here.
  for (const key of Object.keys(step!.env ?? {})) expect([name, key in env]).toEqual([name, true])
  const script = join(workspace, 'step.sh')
  await writeFile(script, step!.run!)
  return execute('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], cwd, env)
}

describe('.github/workflows/release.yml, on the tag', () => {
  let tagged: string
  let bin: string
  const log = () => join(workspace, 'gh.log')

  beforeAll(async () => {
    tagged = join(workspace, 'elsewhere', 'checkout')
    await mkdir(join(workspace, 'elsewhere'))
    await cloneProject(clone, tagged, '--branch', TAG)
    // The gh command: records its arguments; a release does not exist yet; the major tag is where GH_MAJOR_AT says.
    bin = join(workspace, 'bin')
    await mkdir(bin)
    await writeFile(
      join(bin, 'gh'),
      [
        '#!/bin/sh',
        'printf "%s\\n" "$*" >> "$GH_LOG"',
        'case "$1 $2" in',
        '  "release view") exit 1 ;;',
        '  "api repos/"*/git/matching-refs/*) printf "%s\\n" $GH_TAGS; exit 0 ;;',
        '  "api repos/"*) [ -n "$GH_MAJOR_AT" ] && printf "%s\\n" "$GH_MAJOR_AT" && exit 0; exit 1 ;;',
        'esac'
      ].join('\n') + '\n'
    )
    await chmod(join(bin, 'gh'), 0o755)
  }, 120_000)

  const ghEnv = () => ({
    PATH: `${bin}:${process.env.PATH}`,
    GH_LOG: log(),
    GH_TOKEN: 'token',
    TAG,
    VERSION,
    GITHUB_REPOSITORY: repository
  })

  it('build: packs the same tarball in another checkout, and refuses one whose SHA-256 is not the pin', async () => {
    const name = 'Pack the package; its SHA-256 must be the one release.json and the wrappers pin'
    const released = await sha256(join(clone, 'release-assets', TARBALL))
    // A pin the bytes do not match.
    const pinned = join(tagged, 'release.json')
    const text = await readFile(pinned, 'utf8')
    await writeFile(pinned, text.replace(released, '0'.repeat(64)))
    const refused = await runStep('build', name, tagged, { VERSION })
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(
      `SHA-256 ${released}; release.json and the wrappers pin ${'0'.repeat(64)}`
    )
    await writeFile(pinned, text)
    await rm(join(tagged, 'release-assets'), { recursive: true, force: true })

    const packed = await runStep('build', name, tagged, { VERSION })
    expect([packed.code, packed.output]).toEqual([0, expect.not.stringContaining('::error::')])
    const assets = join(tagged, 'release-assets')
    expect((await readdir(assets)).sort()).toEqual(
      [TARBALL, `${TARBALL}.sha256`, `mobile-build-deploy-orb-${VERSION}.yml`].sort()
    )
    expect(await sha256(join(assets, TARBALL))).toBe(released)
    expect(await readFile(join(assets, `mobile-build-deploy-orb-${VERSION}.yml`), 'utf8')).toBe(
      await readFile(join(tagged, 'orb/orb.yml'), 'utf8')
    )
  }, 300_000)

  it('publish: checks the tarball against the pin at the tag, makes the release with it and notes that publish the orb, moves the major tag', async () => {
    const pinCheck = 'The tarball is the one release.json pins at the tag'
    const pinned = join(tagged, 'release.json')
    const text = await readFile(pinned, 'utf8')
    const packed = await sha256(join(tagged, 'release-assets', TARBALL))
    await writeFile(pinned, text.replace(packed, '0'.repeat(64)))
    const refused = await runStep('publish', pinCheck, tagged, { VERSION })
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(`has SHA-256 ${packed}; release.json pins '${'0'.repeat(64)}'`)
    await writeFile(pinned, text)
    const checked = await runStep('publish', pinCheck, tagged, { VERSION })
    expect(checked).toEqual({ code: 0, output: '' })
    expect(await readFile(join(tagged, 'release-assets', `${TARBALL}.sha256`), 'utf8')).toBe(
      `${packed}  ${TARBALL}\n`
    )

    await rm(log(), { force: true })
    const released = await runStep(
      'publish',
      'The GitHub release, with the package, its SHA-256 and the orb',
      tagged,
      ghEnv()
    )
    expect(released).toEqual({ code: 0, output: '' })
    const orbFile = `mobile-build-deploy-orb-${VERSION}.yml`
    const assets = [TARBALL, `${TARBALL}.sha256`, orbFile].sort().map(f => `release-assets/${f}`)
    expect((await readFile(log(), 'utf8')).split('\n').filter(Boolean)).toEqual([
      `release view ${TAG}`,
      `release create ${TAG} ${assets.join(' ')} --verify-tag --title ${TAG} --notes-file release-notes.md`
    ])
    const notes = await readFile(join(tagged, 'release-notes.md'), 'utf8')
    const changelog = await readFile(join(tagged, 'CHANGELOG.md'), 'utf8')
    const section = changelog.split(/^## /m).find(s => s.startsWith(`[${VERSION}]`))!
    const firstEntry = section.split('\n').find(line => line.startsWith('- '))!
    expect(notes).toContain(firstEntry)
    expect(notes).not.toMatch(/^## \[/m)
    expect(notes).toContain(await sha256(join(tagged, 'release-assets', TARBALL)))
    expect(notes).toContain(`circleci orb publish ${orbFile} ${repository}@${VERSION}\n`)

    const head = await git(tagged, 'rev-parse', 'HEAD')
    const name = 'Move the major tag to the release'
    await rm(log(), { force: true })
    expect((await runStep('publish', name, tagged, ghEnv())).code).toBe(0)
    await runStep('publish', name, tagged, { ...ghEnv(), GH_MAJOR_AT: '1'.repeat(40) })
    await runStep('publish', name, tagged, { ...ghEnv(), GH_MAJOR_AT: head })
    // A newer release of the major exists: the major tag stays (only forward).
    const newer = `${MAJOR}.${Number(VERSION.split('.')[1]) + 1}.0`
    const older = await runStep('publish', name, tagged, {
      ...ghEnv(),
      GH_MAJOR_AT: '1'.repeat(40),
      GH_TAGS: `refs/tags/${TAG} refs/tags/${newer} refs/tags/${MAJOR}`
    })
    expect(older.output).toContain(`${TAG} is not the newest release of ${MAJOR} (${newer} is)`)
    const tags = `api repos/${repository}/git/matching-refs/tags/${MAJOR}. --jq .[].ref`
    const commits = `api repos/${repository}/commits/${MAJOR} --jq .sha`
    expect((await readFile(log(), 'utf8')).split('\n').filter(Boolean)).toEqual([
      tags,
      commits,
      `api --method POST repos/${repository}/git/refs -f ref=refs/tags/${MAJOR} -f sha=${head}`,
      tags,
      commits,
      `api --method PATCH repos/${repository}/git/refs/tags/${MAJOR} -f sha=${head} -F force=true`,
      tags,
      commits,
      tags
    ])
  }, 60_000)
})

describe("release.yml's npm step: trusted publishing, loud when npm is not set up", () => {
  const publishStep =
    "Publish to npm, by trusted publishing (GitHub's OIDC; provenance is automatic)"
  let npmBin: string
  let tagged: string

  beforeAll(async () => {
    // The step reads package.json's name and the tarball the build job packed.
    tagged = join(await freshWorkspace(), 'checkout')
    await cloneProject(ROOT, tagged, '--no-tags')
    await mkdir(join(tagged, 'release-assets'))
    await writeFile(join(tagged, 'release-assets', TARBALL), 'the tarball')
    // npm as the step meets it: its version, its answer for the name, and whether it publishes.
    npmBin = join(await freshWorkspace(), 'bin')
    await mkdir(npmBin)
    await writeFile(
      join(npmBin, 'npm'),
      [
        '#!/bin/sh',
        'printf "%s\\n" "$*" >> "$NPM_LOG"',
        'case "$1" in',
        '  --version) echo "$NPM_VERSION" ;;',
        '  view) [ -n "$NPM_VIEW_ERROR" ] && { echo "$NPM_VIEW_ERROR" >&2; exit 1; }',
        '    case "$2" in *@*) echo "$NPM_INTEGRITY" ;; *) echo "$2" ;; esac ;;',
        '  publish) exit "$NPM_PUBLISH_EXIT" ;;',
        'esac'
      ].join('\n') + '\n'
    )
    await chmod(join(npmBin, 'npm'), 0o755)
  }, 120_000)

  const publish = async (npm: Record<string, string>) => {
    const npmLog = join(npmBin, `npm-${Date.now()}.log`)
    const ran = await runStep('publish', publishStep, tagged, {
      PATH: `${npmBin}:${process.env.PATH}`,
      VERSION,
      NPM_LOG: npmLog,
      NPM_VERSION: '11.6.2',
      NPM_VIEW_ERROR: '',
      NPM_INTEGRITY: '',
      NPM_PUBLISH_EXIT: '0',
      ...npm
    })
    const calls = (await readFile(npmLog, 'utf8').catch(() => '')).split('\n').filter(Boolean)
    return { ...ran, calls }
  }

  it('publishes the release tarball with no token, once npm knows the package', async () => {
    const { code, calls } = await publish({})
    expect(code).toBe(0)
    expect(calls).toEqual([
      '--version',
      'view mobile-build-deploy name',
      `view mobile-build-deploy@${VERSION} dist.integrity`,
      `publish release-assets/${TARBALL} --access public`
    ])
  })

  it('takes a version published by hand as this release when its bytes are these, and refuses other bytes', async () => {
    const integrity = `sha512-${createHash('sha512').update('the tarball').digest('base64')}`
    const same = await publish({ NPM_INTEGRITY: integrity })
    expect(same.code).toBe(0)
    expect(same.output).toContain(
      `::notice title=On npm already::mobile-build-deploy@${VERSION} is on npm with this release's bytes.`
    )
    expect(same.calls.some(call => call.startsWith('publish'))).toBe(false)
    const other = await publish({ NPM_INTEGRITY: 'sha512-b3RoZXI=' })
    expect(other.code).toBe(1)
    expect(other.output).toContain(
      `::error title=npm has other bytes::mobile-build-deploy@${VERSION} is on npm with the integrity sha512-b3RoZXI=; this release's tarball has ${integrity}. npm never replaces a version`
    )
  })

  it.each([
    [
      'a package npm does not know yet',
      { NPM_VIEW_ERROR: 'npm error code E404' },
      /::error title=npm is not set up::mobile-build-deploy is not on npm yet\. Publish this release's tarball once by hand.*trusted publisher.*NPM_PUBLISH to false/
    ],
    [
      'npm out of reach',
      { NPM_VIEW_ERROR: 'npm error code ECONNRESET' },
      /::error title=npm did not answer::Could not look mobile-build-deploy up on npm: npm error code ECONNRESET/
    ],
    [
      'a publish npm refuses (no trusted publisher)',
      { NPM_PUBLISH_EXIT: '1' },
      /::error title=npm refused the publish::.*trusted publisher on npmjs\.com is not this repository's release\.yml/
    ],
    [
      'an npm older than trusted publishing',
      { NPM_VERSION: '10.9.2' },
      /::error title=npm too old::npm 10\.9\.2 cannot publish by trusted publishing \(11\.5\.1 or later can\)/
    ]
  ])('fails the job on %s, naming the fix', async (_title, npm, error) => {
    const { code, output, calls } = await publish(npm)
    expect(code).toBe(1)
    expect(output).toMatch(error)
    expect(calls.filter(call => call.startsWith('publish')).length).toBe(
      'NPM_PUBLISH_EXIT' in npm ? 1 : 0
    )
  })

  it('says so, loudly, when the repository releases without npm', async () => {
    const decided = await runStep(
      'publish',
      'Whether to publish to npm (the repository variable NPM_PUBLISH)',
      tagged,
      { NPM_PUBLISH: 'false', VERSION, GITHUB_OUTPUT: join(tagged, 'output') }
    )
    expect(decided.code).toBe(0)
    expect(decided.output).toContain(
      `::warning title=Not published to npm::The repository variable NPM_PUBLISH is false: ${VERSION} is released on GitHub only`
    )
    expect(await readFile(join(tagged, 'output'), 'utf8').catch(() => '')).toBe('')
    const unset = await runStep(
      'publish',
      'Whether to publish to npm (the repository variable NPM_PUBLISH)',
      tagged,
      { NPM_PUBLISH: '', VERSION, GITHUB_OUTPUT: join(tagged, 'output') }
    )
    expect([unset.code, unset.output]).toEqual([0, ''])
    expect(await readFile(join(tagged, 'output'), 'utf8')).toBe('publish=true\n')
  })
})

describe('npm run release:prepare, in a clone of its own', () => {
  let project: string
  const [major, minor] = VERSION.split('.').map(Number)
  const NEXT = `${major}.${minor! + 1}.0`
  const prepare = (...args: string[]) =>
    execute('npm', ['run', '--silent', 'release:prepare', '--', ...args], project)
  const read = (path: string) => readFile(join(project, path), 'utf8')

  beforeAll(async () => {
    project = join(await freshWorkspace(), 'project')
    await cloneProject(ROOT, project, '--no-tags')
    // Notes that cover the clone's history, whatever this checkout's last commits changed: the refusal
    // below is about the change the test makes, and the preparation about a history that is noted.
    const changelog = join(project, 'CHANGELOG.md')
    await writeFile(
      changelog,
      (await readFile(changelog, 'utf8')).replace(
        '## [Unreleased]\n',
        '## [Unreleased]\n\n- The release this test prepares.\n'
      )
    )
    await run('git', ['commit', '--quiet', '-am', 'Notes for the release'], { cwd: project })
  }, 120_000)

  it('refuses, writing nothing, a version not after the package’s and a change the notes leave out', async () => {
    const source = join(project, 'src/core/shared/version.ts')
    await writeFile(
      source,
      `${await readFile(source, 'utf8')}// A change with no line in the notes.\n`
    )
    await run('git', ['commit', '--quiet', '-am', 'A change with no line in the notes'], {
      cwd: project
    })
    // The bundle and the lock ship too: a change to either alone is a change the notes must name.
    for (const [file, subject] of [
      ['dist/licenses.txt', 'The bundle alone'],
      ['package-lock.json', 'The lock alone']
    ] as const) {
      const path = join(project, file)
      await writeFile(path, `${await readFile(path, 'utf8')}\n`)
      await run('git', ['commit', '--quiet', '-am', subject], { cwd: project })
    }
    const head = await git(project, 'rev-parse', 'HEAD')
    const { code, output } = await prepare(VERSION)
    expect(code).toBe(1)
    expect(output).toContain(`${VERSION} does not come after package.json's ${VERSION}`)
    expect(output).toMatch(
      /3 commit\(s\) changed what ships after CHANGELOG\.md last changed[^\n]*\n {2}\w+ The lock alone\n {2}\w+ The bundle alone\n {2}\w+ A change with no line in the notes\n/
    )
    expect([
      await git(project, 'rev-parse', 'HEAD'),
      await git(project, 'status', '--porcelain')
    ]).toEqual([head, ''])
    await run('git', ['reset', '--quiet', '--hard', 'HEAD~3'], { cwd: project })
  }, 60_000)

  it('moves [Unreleased] under the version and the date, sets the version everywhere it is written, and commits', async () => {
    const before = await read('CHANGELOG.md')
    const notes = unreleasedNotes(before)!
    expect(notes).toMatch(/^- /m)
    const { code, output } = await prepare(NEXT, '--date', '2026-12-01')
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    expect(output).toContain(`Prepared ${NEXT} (2026-12-01) in one commit`)
    expect(await read('CHANGELOG.md')).toBe(
      before.replace('## [Unreleased]\n', `## [Unreleased]\n\n## [${NEXT}] - 2026-12-01\n`)
    )
    const versionOf = async (path: string) =>
      (JSON.parse(await read(path)) as { version: string }).version
    const lock = JSON.parse(await read('package-lock.json')) as {
      version: string
      packages: Record<string, { version: string }>
    }
    expect([
      await versionOf('package.json'),
      await versionOf('release.json'),
      lock.version,
      lock.packages['']!.version
    ]).toEqual([NEXT, NEXT, NEXT, NEXT])
    expect(await read('src/core/shared/version.ts')).toContain(`PRODUCT_VERSION = '${NEXT}'`)
    expect(await read('dist/index.js')).toContain(`PRODUCT_VERSION = '${NEXT}'`)
    expect(await read('templates/deploy.yml')).toContain(
      `/releases/download/v${NEXT}/mobile-build-deploy-${NEXT}.tgz`
    )
    expect(await git(project, 'status', '--porcelain')).toBe('')
    expect(await git(project, 'log', '-1', '--format=%s')).toBe(
      `Release ${NEXT}: its notes and its version`
    )
    // What script/release checks of the notes and the versions now holds; a second prepare is refused.
    expect((await prepare(NEXT)).output).toContain(`CHANGELOG.md has a section for ${NEXT} already`)
  }, 300_000)
})

/**
 * The steps of `npm run release:rehearse` (script/rehearse.ts starts them in
 * a process group of their own, in the folder it gives as the argument, and
 * ends the group and removes the folder whatever happens): the whole
 * release, with the scripts and the commands the release runs, against
 * local stand-ins that are real servers, in a throwaway copy of the
 * project; nothing of this checkout changes.
 *
 * 1. A clone of the committed HEAD, its home named with `npm run home` as a
 *    maintainer names it before the first release (the GitHub repository
 *    and the GitLab project `rehearsal/mobile-build-deploy`, the npm name
 *    `@rehearsal/mobile-build-deploy`, the orb namespace `rehearsal`), whose
 *    `origin` is a local bare repository and `gitlab` another; the home's
 *    line in CHANGELOG.md's [Unreleased].
 * 2. `npm run release:prepare -- X.Y.Z` for the next minor version (the
 *    notes under X.Y.Z, the version everywhere, one commit), then
 *    `script/release X.Y.Z --push`: the checks, the tests (MBD_RELEASE_TESTS
 *    narrows them to the publishing rules, as the release's own test does),
 *    the tarball and its pin, the tags `vX.Y.Z` (origin) and `X.Y.Z` (gitlab).
 *    The major tag is not there yet: the release workflow moves it last.
 * 3. The release workflow's publish step against Verdaccio (a real npm
 *    registry, from the npm registry, on a loopback port): the tarball the
 *    release packed, checked against the pin, published with the workflow's
 *    own command (without `--provenance`, which needs GitHub's OIDC).
 * 4. A blank project installs `<name>@X.Y.Z` from it: the CLI prints its
 *    version, the library imports, and its types compile in a fresh
 *    TypeScript project set up as docs/library.md says.
 * 5. The release's assets served over HTTP as GitHub serves them, and the
 *    GitLab component, the orb, the Bitrise step and the docs' install lines
 *    installing the tarball from there by its pin, with only the host swapped,
 *    each deploying against the service emulator (script/rehearse-wrappers.ts).
 * 6. The major tag moved on the bare origin, only forward, as the workflow does.
 *
 * It prints what it published and installed. Not rehearsed here: GitHub's release and attestation (GitHub's own
 * services), and the orb registry and the StepLib.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../emulator/github-runner.js'
import { rehearseWrappers } from './rehearse-wrappers.js'
import { freePort, inherit, nextMinor, node24, startVerdaccio, until } from './rehearse-tools.js'

const run = promisify(execFile)
const IDENTITY = ['-c', 'user.name=Release Rehearsal', '-c', 'user.email=rehearsal@example.test']
const work = process.argv[2]
if (!work)
  throw new Error(
    'usage: tsx script/rehearse-steps.ts <folder> (npm run release:rehearse gives it)'
  )
{
  const project = join(work, 'project')
  // The release after this checkout's version, prepared as a maintainer prepares one.
  const current = (
    JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version
  const version = nextMinor(current)
  const name = '@rehearsal/mobile-build-deploy'
  const step = (text: string) => console.log(`\n== ${text} ==`)

  step('a clone of HEAD, its home named, with local remotes')
  await run('git', ['clone', '--quiet', '--no-hardlinks', '--no-tags', ROOT, project])
  const git = (...args: string[]) => run('git', [...IDENTITY, ...args], { cwd: project })
  await run('cp', ['-al', join(ROOT, 'node_modules'), join(project, 'node_modules')]).catch(() =>
    run('cp', ['-a', join(ROOT, 'node_modules'), join(project, 'node_modules')])
  )
  await inherit(
    'npm',
    [
      'run',
      '--silent',
      'home',
      '--',
      '--github',
      'rehearsal/mobile-build-deploy',
      '--gitlab',
      'rehearsal/mobile-build-deploy',
      '--npm',
      name,
      '--orb',
      'rehearsal'
    ],
    project
  )
  // The clone's own identity: script/release and release:prepare commit in it.
  await git('config', 'user.name', 'Release Rehearsal')
  await git('config', 'user.email', 'rehearsal@example.test')
  // Naming the home changes what ships, so its commit says so in the notes, as a maintainer's would.
  const changelog = join(project, 'CHANGELOG.md')
  await writeFile(
    changelog,
    (await readFile(changelog, 'utf8')).replace(
      '## [Unreleased]\n',
      `## [Unreleased]\n\n- Published at its home: ${name} on npm.\n`
    )
  )
  await git('commit', '--quiet', '-am', "The project's home")
  for (const remote of ['origin', 'gitlab']) {
    const bare = join(work, `${remote}.git`)
    await run('git', ['init', '--quiet', '--bare', bare])
    if (remote === 'origin') await git('remote', 'set-url', 'origin', bare)
    else await git('remote', 'add', 'gitlab', bare)
  }
  await git('push', '--quiet', 'origin', 'HEAD')

  step(`npm run release:prepare -- ${version}`)
  await inherit('npm', ['run', '--silent', 'release:prepare', '--', version], project)

  step(`script/release ${version} --push`)
  await inherit('bash', ['script/release', version, '--push'], project, {
    MBD_RELEASE_TESTS: '__tests__/unit/package/publishing.test.ts'
  })
  const tags = async (remote: string) =>
    (await run('git', ['ls-remote', '--tags', '--refs', join(work, `${remote}.git`)])).stdout
      .split('\n')
      .filter(Boolean)
      .map(line => line.split('refs/tags/')[1])
  const major = `v${version.split('.')[0]}`
  const origin = await tags('origin')
  if (!origin.includes(`v${version}`) || origin.includes(major))
    throw new Error(
      `origin has the tags ${origin.join(', ')}: v${version} and not yet ${major} expected`
    )
  if (!(await tags('gitlab')).includes(version))
    throw new Error(`the gitlab remote has no tag ${version}`)

  step('the release workflow publishes to a registry (Verdaccio)')
  const tarball = join(project, 'release-assets', `mobile-build-deploy-${version}.tgz`)
  const pinned = (
    JSON.parse(await readFile(join(project, 'release.json'), 'utf8')) as { cliSha256: string }
  ).cliSha256
  const actual = createHash('sha256')
    .update(await readFile(tarball))
    .digest('hex')
  if (!pinned || pinned !== actual)
    throw new Error(
      `${tarball} has SHA-256 ${actual}; release.json pins '${pinned}': not publishing`
    )
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const storage = join(work, 'registry')
  await mkdir(storage)
  await writeFile(
    join(storage, 'config.yaml'),
    [
      `storage: ${join(storage, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(storage, 'htpasswd')}`,
      'uplinks:',
      '  npmjs:',
      '    url: https://registry.npmjs.org/',
      // The package is this registry's own; everything else (a consumer's @types/node) comes from npm's.
      'packages:',
      `  '${name}':`,
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    proxy: npmjs',
      'log: { type: stdout, format: pretty, level: warn }',
      ''
    ].join('\n')
  )
  const registry = await startVerdaccio(join(work, 'verdaccio'), join(storage, 'config.yaml'), port)
  // Said for whoever checks that it ended (the rehearsal's end-to-end test): it renames its process.
  console.log(`Registry: pid ${registry.pid}`)
  // These steps end when they are done; the registry ends with the group (script/rehearse.ts).
  registry.unref()
  await until(
    async () => (await fetch(`${url}-/ping`).catch(() => undefined))?.ok === true,
    180_000
  )
  const user = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'rehearsal', password: 'rehearsal-password', type: 'user' })
  })
  const { token } = (await user.json()) as { token?: string }
  if (!token) throw new Error(`Verdaccio made no user: ${user.status}`)
  const npmrc = join(work, '.npmrc')
  await writeFile(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`)
  const npm = { npm_config_userconfig: npmrc, npm_config_registry: url }
  // The workflow's command, but --provenance (GitHub's OIDC): the tarball, not the folder.
  await inherit('npm', ['publish', tarball, '--access', 'public'], project, npm)
  console.log(`Published ${name}@${version} to ${url}`)

  step(`a blank project installs ${name}@${version}`)
  const blank = join(work, 'blank')
  await mkdir(blank)
  await run('npm', ['init', '-y'], { cwd: blank, env: { ...process.env, ...npm } })
  // As docs/library.md sets a TypeScript project up: an ES module package.
  await run('npm', ['pkg', 'set', 'type=module'], { cwd: blank })
  await inherit(
    'npm',
    ['install', '--no-audit', '--no-fund', `${name}@${version}`, '@types/node@24'],
    blank,
    npm
  )
  const cli = (
    await run(join(blank, 'node_modules', '.bin', 'mobile-build-deploy'), ['--version'])
  ).stdout.trim()
  if (cli !== version) throw new Error(`the installed CLI says ${cli}, not ${version}`)
  const imported = (
    await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import('${name}').then(m => console.log(Object.keys(m).sort().join(' ')))`
      ],
      { cwd: blank }
    )
  ).stdout
  if (!/\bdeployBuild\b/.test(imported)) throw new Error(`the library imports as ${imported}`)
  await writeFile(
    join(blank, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2022',
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        types: ['node']
      }
    })
  )
  await writeFile(
    join(blank, 'release.ts'),
    [
      `import { deployBuild, type DeployResult } from '${name}'`,
      "const result: DeployResult = await deployBuild({ apiKey: process.env.SERVICE_API_KEY ?? '', baseUrl: 'https://service.example.com', file: 'app.apk' })",
      "if (result.conclusion === 'failure') throw new Error(result.reason)",
      'console.log(result.runId)',
      'export {}',
      ''
    ].join('\n')
  )
  await inherit(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', blank],
    blank
  )
  console.log(
    `Installed ${name}@${version}: the CLI says ${cli}, the library imports, its types compile`
  )

  step("the wrappers and the docs' install lines install the release's tarball over HTTP")
  for (const line of await rehearseWrappers({
    project,
    work: await mkdtemp(join(work, 'wrappers-')),
    github: 'rehearsal/mobile-build-deploy',
    version,
    node24: await node24()
  }))
    console.log(line)

  step(`the major tag, last and only forward`)
  const newest = (await tags('origin'))
    .filter(tag => new RegExp(`^${major}\\.\\d+\\.\\d+$`).test(tag))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .at(-1)
  if (newest === `v${version}`) {
    await git('push', '--quiet', 'origin', `+v${version}^{commit}:refs/tags/${major}`)
    console.log(`${major} moved to v${version}`)
  } else console.log(`${major} stays: ${newest} is newer than v${version}`)

  console.log(`\nRehearsed: published ${name}@${version}, installed ${name}@${version}.`)
}

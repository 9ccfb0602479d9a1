/**
 * `npm run release:rehearse` as a maintainer runs it before the first
 * release: the release script against local bare remotes, the publish to a
 * real registry (Verdaccio), the install into a blank project. It must end
 * with what it published and installed, and leave nothing behind.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)

it('rehearses the release: publishes the version, installs it in a blank project, and cleans up', async () => {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    version: string
  }
  // The name the rehearsal gives the home's npm package (npm run home -- --npm): a scoped one, as most are.
  const name = '@rehearsal/mobile-build-deploy'
  const { stdout } = await run('npm', ['run', '--silent', 'release:rehearse'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024
  })
  expect(stdout).toContain(`Published ${name}@${version} to http://127.0.0.1:`)
  expect(stdout).toContain(
    `Installed ${name}@${version}: the CLI says ${version}, the library imports, its types compile`
  )
  // Every wrapper and every install line of the docs installed the release's tarball over HTTP.
  for (const leg of [
    'GitLab component deploy (gitlab-ci-local)',
    'CircleCI orb deploy_build (stand-in)',
    'Bitrise step (as Bitrise runs it)',
    'docs/cli.md (Install)',
    'docs/library.md (Set-up)'
  ])
    expect(stdout).toMatch(
      new RegExp(
        `^${leg.replace(/[().]/g, '\\$&')}: installed the release's tarball from http://127\\.0\\.0\\.1:\\d+`,
        'm'
      )
    )
  expect(stdout.trim().split('\n').at(-1)).toBe(
    `Rehearsed: published ${name}@${version}, installed ${name}@${version}.`
  )
  expect((await readdir(tmpdir())).filter(entry => entry.startsWith('rehearsal-'))).toEqual([])
  // The registry ended with the rehearsal.
  await expect(run('pgrep', ['-f', 'verdaccio --config'])).rejects.toThrow()
}, 900_000)

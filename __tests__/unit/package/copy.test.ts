/**
 * `npm run copy`: what it writes into an app's repository, and what it
 * refuses before it writes anything (its writes inside the app:
 * copy-inside.test.ts). The copies at work (installed, run,
 * deploying) are the end-to-end suites' (copies.e2e and each CI's).
 */
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import { copyInto } from '../../../script/copy.js'
import { BUILT, packedLike as packed } from '../../helpers/copies.js'

let app: string
let tarball: string
let bytes: Buffer
let sha256: string

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-'))
  app = join(dir, 'my-app')
  await mkdir(app)
  tarball = await packed(dir, 'packed.tgz', BUILT)
  bytes = await readFile(tarball)
  sha256 = createHash('sha256').update(bytes).digest('hex')
})
afterEach(() => rm(join(app, '..'), { recursive: true, force: true }))

describe('npm run copy', () => {
  it('github: action.yml and dist/ as they are here, and no tarball', async () => {
    const { files, tarball: copied } = await copyInto('github', app)
    expect(copied).toBeUndefined()
    const into = join(app, '.github/actions/mobile-build-deploy')
    expect(await readFile(join(into, 'action.yml'), 'utf8')).toBe(
      await readFile(join(ROOT, 'action.yml'), 'utf8')
    )
    expect(await readFile(join(into, 'dist/index.js'), 'utf8')).toBe(
      await readFile(join(ROOT, 'dist/index.js'), 'utf8')
    )
    expect(files).toContain('.github/actions/mobile-build-deploy/dist/index.js')
    // What GitHub's local-action looks for above the entrypoint: never a package to publish, ESM as the bundle.
    expect(JSON.parse(await readFile(join(into, 'package.json'), 'utf8'))).toMatchObject({
      private: true,
      type: 'module'
    })
  })

  it('gitlab: each component defaults to the copied tarball by its path, pinned to its SHA-256', async () => {
    await copyInto('gitlab', app, tarball)
    const into = join(app, '.gitlab/mobile-build-deploy')
    const version = (
      JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    ).version
    const name = `mobile-build-deploy-${version}.tgz`
    expect(await readFile(join(into, name))).toEqual(bytes)
    expect(await readFile(join(into, `${name}.sha256`), 'utf8')).toBe(`${sha256}  ${name}\n`)
    const components = (await readdir(into)).filter(file => file.endsWith('.yml')).sort()
    expect(components).toEqual([
      'collect.yml',
      'deploy.yml',
      'preview.yml',
      'skip.yml',
      'terminate.yml',
      'wait.yml'
    ])
    for (const file of components) {
      const [spec] = (await readFile(join(into, file), 'utf8')).split('\n---\n')
      const inputs = (parse(spec!) as { spec: { inputs: Record<string, { default?: string }> } })
        .spec.inputs
      expect([file, inputs['cli-package']!.default, inputs['cli-sha256']!.default]).toEqual([
        file,
        `.gitlab/mobile-build-deploy/${name}`,
        sha256
      ])
    }
  })

  it('bitrise: the step with its CLI package and SHA-256 defaults naming the copy', async () => {
    await copyInto('bitrise', app, tarball)
    const step = await readFile(join(app, '.bitrise/steps/mobile-build-deploy/step.yml'), 'utf8')
    expect(step).toMatch(
      /- cli_package: \.bitrise\/steps\/mobile-build-deploy\/mobile-build-deploy-[\d.]+\.tgz\n/
    )
    expect(step).toContain(`- cli_sha256: '${sha256}'`)
    expect(await readFile(join(app, '.bitrise/steps/mobile-build-deploy/step.sh'), 'utf8')).toBe(
      await readFile(join(ROOT, 'bitrise/step.sh'), 'utf8')
    )
  })

  it("circleci: the orb inlined in place of the config's import, the rest of the config kept", async () => {
    await mkdir(join(app, '.circleci'))
    const config = [
      '# The app.',
      'version: 2.1',
      'orbs:',
      '  mobile-build-deploy: owner/mobile-build-deploy@1',
      '  node: circleci/node@7 # another orb',
      'workflows:',
      '  build:',
      '    jobs: [android]',
      ''
    ].join('\n')
    await writeFile(join(app, '.circleci/config.yml'), config)
    await copyInto('circleci', app, tarball)
    const text = await readFile(join(app, '.circleci/config.yml'), 'utf8')
    expect(text).toMatch(/^# The app\.\n/)
    expect(text).toContain('node: circleci/node@7 # another orb')
    const orbs = (parse(text) as { orbs: Record<string, { commands: Record<string, unknown> }> })
      .orbs
    expect(Object.keys(orbs['mobile-build-deploy']!.commands).sort()).toEqual([
      'deploy_build',
      'skip',
      'terminate',
      'wait'
    ])
    expect(text).toContain(sha256)
  })

  it('refuses before writing anything: no app, no CircleCI config, no tarball where --tarball says', async () => {
    await expect(copyInto('cli', join(app, 'missing'), tarball)).rejects.toThrow(
      "my-app/missing is not a directory: give the app's repository"
    )
    await expect(copyInto('circleci', app, tarball)).rejects.toThrow(
      '.circleci/config.yml does not exist: write the config first'
    )
    await expect(copyInto('gitlab', app, join(app, 'nothing.tgz'))).rejects.toThrow(
      'nothing.tgz does not exist: give a tarball npm pack made'
    )
    expect(await readdir(app)).toEqual([])
  })

  it('refuses a tarball without the CLI (packed with its scripts ignored), naming what it lacks and the fix', async () => {
    const unbuilt = await packed(join(app, '..'), 'unbuilt.tgz', ['package/README.md'])
    const refused = copyInto('cli', app, unbuilt)
    await expect(refused).rejects.toThrow(
      /holds no build\/cli\/index\.js \(bin\.mobile-build-deploy\), .*build\/lib\/index\.js \(exports\["\."\]\.import\).*Give a tarball npm pack made with its scripts run/
    )
    const partial = await packed(
      join(app, '..'),
      'partial.tgz',
      BUILT.filter(path => !path.startsWith('package/build/cli/'))
    )
    await expect(copyInto('gitlab', app, partial)).rejects.toThrow(
      /holds no build\/cli\/index\.js \(bin\.mobile-build-deploy\): an install of it would have no CLI/
    )
    expect(await readdir(app)).toEqual([])
  })
})

/**
 * What works before any release is published, run as the docs' "Before the
 * first release" sections say: `npm run copy` into an app's repository, then
 * the copy used as the page shows (the vendored action by its path under
 * GitHub's runner emulation, the CLI's tarball by the install lines of
 * docs/cli.md, the library installed into a project). The GitLab, CircleCI
 * and Bitrise copies are run in those platforms' suites.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { copySection, runCopyBlock } from '../helpers/copies.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { env, HEAD, pullRequest } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { packedTarball } from '../helpers/tools.js'

const run = promisify(execFile)

let emulator: Emulator
let tarball: string
let sha256: string

beforeAll(async () => {
  emulator = await startEmulator()
  tarball = await packedTarball(await freshWorkspace())
  sha256 = createHash('sha256')
    .update(await readFile(tarball))
    .digest('hex')
}, 300_000)
afterAll(() => emulator.close())

interface Workflow {
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>
}

describe('docs/action.md, before the first release', () => {
  it('the action vendored into the repository runs by its path: the same bundle, the run and its verdict', async () => {
    const app = await freshWorkspace()
    await runCopyBlock('docs/action.md', app)
    const vendored = join(app, '.github/actions/mobile-build-deploy')
    expect(await readFile(join(vendored, 'action.yml'), 'utf8')).toBe(
      await readFile(join(ROOT, 'action.yml'), 'utf8')
    )
    expect((await readdir(join(vendored, 'dist'))).sort()).toEqual(
      (await readdir(join(ROOT, 'dist'))).sort()
    )

    const [block] = await copySection('docs/action.md', 'yaml')
    const workflow = parse(block!) as Workflow
    const ours = Object.values(workflow.jobs)[0]!.steps.find(
      s => s.uses === './.github/actions/mobile-build-deploy'
    )!
    const inputs: Record<string, string> = {}
    for (const [name, value] of Object.entries(ours.with ?? {})) inputs[name] = String(value)
    expect(inputs['api-key']).toBe('${{ secrets.SERVICE_API_KEY }}')
    inputs['api-key'] = DEMO_API_KEY
    inputs['base-url'] = emulator.baseUrl
    // The build gradle leaves where the step's glob looks, in the checkout of the app.
    const apk = join(app, inputs.file!.replace('*', 'app-release'))
    await mkdir(dirname(apk), { recursive: true })
    await copyFile((await writeArtifact('app.apk', 64 * 1024)).path, apk)

    const result = await step(emulator, inputs, {
      runner: 'bundle',
      main: join(vendored, 'dist', 'index.js'),
      workspace: app,
      env,
      ...pullRequest(HEAD)
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.verdict).toBe('passed')
    expect(emulator.runs.at(-1)).toMatchObject({ id: result.outputs.runId })
  }, 180_000)
})

describe('docs/cli.md, before the first release', () => {
  it('npm run copy packs the checkout itself, built even where npm ignores scripts; the install lines take the copy by its file:// URL and pin', async () => {
    const app = await freshWorkspace()
    // As written: no tarball given, the copy packs this checkout (npm pack), for a user whose npm
    // config says ignore-scripts=true (npm's prepack, which builds build/, would not run): no build/ to
    // fall back on, the copy must build what it pins.
    await rm(join(ROOT, 'build'), { recursive: true, force: true })
    const printed = await runCopyBlock('docs/cli.md', app, undefined, {
      ...process.env,
      npm_config_ignore_scripts: 'true'
    })
    const copied = join(app, 'ci/mobile-build-deploy')
    const name = (await readdir(copied)).find(file => file.endsWith('.tgz'))!
    const packed = createHash('sha256')
      .update(await readFile(join(copied, name)))
      .digest('hex')
    expect(printed).toContain(`The tarball's SHA-256: ${packed}`)
    expect(await readFile(join(copied, `${name}.sha256`), 'utf8')).toBe(`${packed}  ${name}\n`)

    // The page's two lines in place of the release's, the SHA-256 the copy printed filled in.
    const [, values] = await copySection('docs/cli.md', 'sh')
    const [install] = await codeBlocks('docs/cli.md', 'sh').then(blocks =>
      blocks.filter(block => block.includes('mobile-build-deploy.tgz: FAILED'))
    )
    const lines = install!
      .split('\n')
      .filter(line => !/^MBD_CLI_(PACKAGE|SHA256)=/.test(line))
      .join('\n')
    const script = `${values!.replace('<the SHA-256 npm run copy printed>', packed)}\n${lines}`
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: app })
    expect(stdout.trim().split('\n').at(-1)).toBe(
      (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string })
        .version
    )
  }, 300_000)
})

describe('docs/library.md, before the first release', () => {
  it('the copied tarball installs into the app, and the library imports from it', async () => {
    const app = await freshWorkspace()
    await run('npm', ['init', '-y'], { cwd: app })
    await runCopyBlock('docs/library.md', app, tarball)
    expect(
      await readFile(join(app, 'ci/mobile-build-deploy', `${tarballName()}.sha256`), 'utf8')
    ).toBe(`${sha256}  ${tarballName()}\n`)
    const [, install] = await copySection('docs/library.md', 'sh')
    await run('bash', ['-euo', 'pipefail', '-c', install!], { cwd: app })
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('mobile-build-deploy'); console.log(typeof m.deployBuild)"
      ],
      { cwd: app }
    )
    expect(stdout.trim()).toBe('function')
    const lock = JSON.parse(await readFile(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; integrity?: string }>
    }
    expect(lock.packages['node_modules/mobile-build-deploy']).toMatchObject({
      resolved: `file:ci/mobile-build-deploy/${tarballName()}`,
      integrity: expect.stringMatching(/^sha512-/)
    })
  }, 300_000)
})

function tarballName(): string {
  return tarball.split('/').pop()!
}

/**
 * The rehearsal's last leg: the release's assets served over HTTP as GitHub
 * serves a release's (`/<owner>/<repo>/releases/download/vX.Y.Z/<file>`),
 * and what installs from there run with only the host swapped:
 *
 * - the GitLab `deploy` component of the released checkout, in gitlab-ci-local;
 * - the packed orb, in the CircleCI stand-in (its Android example);
 * - the Bitrise step, as Bitrise runs a step;
 * - docs/cli.md's and docs/library.md's install lines, their pin the SHA-256
 *   the release notes publish (the asset's `.sha256`).
 *
 * Each installs the rehearsed tarball by the SHA-256 its release pinned and
 * deploys against the service emulator. A leg whose tool this machine lacks
 * (gitlab-ci-local's rsync, the docs' curl) says so instead of running; the
 * end-to-end suite, after npm run setup:e2e, requires every leg.
 */
import { execFile, spawn } from 'node:child_process'
import { chmod, copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { parse, stringify } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { missing, serveRelease } from './rehearse-tools.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'
import { runStep as runBitriseStep } from '../emulator/bitrise-step.js'
import { runWorkflow, type Orb } from '../emulator/circleci.js'
import { writeBuild } from '../emulator/builds.js'
import { sectionBlocks } from './docs-pages.js'

const run = promisify(execFile)

export interface Rehearsed {
  /** The released checkout. */
  project: string
  /** Where this leg works; removed with the rehearsal. */
  work: string
  /** release.json's home.github. */
  github: string
  version: string
  /** Node 24, for gitlab-ci-local (it needs 22 or later). */
  node24: string
}

/** What every wrapper's rehearsal shares: the release, the folders, the emulator, the swap of GitHub's host, and the lines said. */
interface Rehearsal {
  rehearsed: Rehearsed
  project: string
  work: string
  assets: string
  version: string
  host: string
  tmp: string
  apk: string
  emulator: Emulator
  /** A text with GitHub's host swapped for the local server's: the only change to what is run. */
  swapped(text: string): string
  /** Says what deployed, checking that it created one run since `before`. */
  deployed(what: string, before: number): void
  done: string[]
}

/** Runs every install of the release over HTTP; resolves with one line per wrapper. */
export async function rehearseWrappers(rehearsed: Rehearsed): Promise<string[]> {
  const { project, work, github, version } = rehearsed
  const assets = join(project, 'release-assets')
  const server = await serveRelease(assets, `/${github}/releases/download/v${version}/`)
  const emulator = await startEmulator()
  const host = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const done: string[] = []
  try {
    // The jobs' temporary files (the installed CLI) stay in the rehearsal's folder, removed with it.
    const tmp = join(work, 'tmp')
    await mkdir(tmp)
    const apk = join(work, 'app-release.apk')
    await writeBuild(apk, 64 * 1024)
    const rehearsal: Rehearsal = {
      rehearsed,
      project,
      work,
      assets,
      version,
      host,
      tmp,
      apk,
      emulator,
      swapped: text => text.replaceAll('https://github.com/', `${host}/`),
      deployed(what, before) {
        const runs = emulator.runs.slice(before)
        if (runs.length !== 1) throw new Error(`${what} created ${runs.length} runs, not one`)
        done.push(`${what}: installed the release's tarball from ${host}, run ${runs[0]!.id}`)
      },
      done
    }
    for (const wrapper of [rehearseGitLab, rehearseOrb, rehearseBitrise, rehearseDocs])
      await wrapper(rehearsal)
    return done
  } finally {
    await emulator.close()
    await new Promise(resolve => server.close(resolve))
  }
}

async function rehearseGitLab(rehearsal: Rehearsal): Promise<void> {
  const { project, work, apk, emulator, swapped, deployed, done, tmp, rehearsed } = rehearsal
  // GitLab: the released deploy component, included by path, in gitlab-ci-local (which copies the
  // project with rsync, a Debian package that npm run setup:e2e installs).
  const before = emulator.runs.length
  const repo = join(work, 'gitlab-project')
  await mkdir(join(repo, 'components'), { recursive: true })
  await writeFile(
    join(repo, 'components', 'deploy.yml'),
    swapped(await readFile(join(project, 'templates', 'deploy.yml'), 'utf8'))
  )
  await copyFile(apk, join(repo, 'app-release.apk'))
  await writeFile(
    join(repo, '.gitlab-ci.yml'),
    stringify({
      include: [
        {
          local: 'components/deploy.yml',
          inputs: {
            file: 'app-release.apk',
            'name-prefix': 'rehearsal',
            environment: 'staging',
            wait: true
          }
        }
      ]
    })
  )
  if (await missing('rsync'))
    done.push(
      'GitLab component deploy: not rehearsed, rsync is missing (npm run setup:e2e installs it)'
    )
  else {
    await gitlabPipeline(repo, rehearsed.node24, emulator, tmp)
    deployed('GitLab component deploy (gitlab-ci-local)', before)
  }
}

async function rehearseOrb(rehearsal: Rehearsal): Promise<void> {
  const { project, work, apk, emulator, swapped, deployed, tmp } = rehearsal
  // CircleCI: the packed orb's Android example, in the stand-in.
  const before = emulator.runs.length
  const orb = parse(swapped(await readFile(join(project, 'orb', 'orb.yml'), 'utf8'))) as Orb
  const checkout = join(work, 'circleci-checkout')
  await mkdir(checkout)
  await writeFile(
    join(checkout, 'gradlew'),
    `#!/usr/bin/env bash\nmkdir -p app/build/outputs/apk/release\ncp '${apk}' app/build/outputs/apk/release/app-release.apk\n`
  )
  await chmod(join(checkout, 'gradlew'), 0o755)
  const results = await runWorkflow(
    orb,
    orb.examples.android_job!.usage,
    join(work, 'circleci-jobs'),
    checkout,
    {
      CIRCLECI: 'true',
      CIRCLE_BRANCH: 'main',
      CIRCLE_SHA1: 'a'.repeat(40),
      CIRCLE_PROJECT_USERNAME: 'rehearsal',
      CIRCLE_PROJECT_REPONAME: 'app',
      SERVICE_API_KEY: DEMO_API_KEY,
      SERVICE_BASE_URL: emulator.baseUrl,
      MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1',
      TMPDIR: tmp
    }
  )
  const job = Object.values(results)[0]
  if (job === 'skipped' || !job || job.code !== 0)
    throw new Error(`the orb's example failed:\n${JSON.stringify(job, null, 2)}`)
  deployed('CircleCI orb deploy_build (stand-in)', before)
}

async function rehearseBitrise(rehearsal: Rehearsal): Promise<void> {
  const { project, work, apk, emulator, swapped, deployed, tmp } = rehearsal
  // Bitrise: the released step, from a path, as Bitrise runs it.
  const before = emulator.runs.length
  const source = join(work, 'bitrise-source')
  await mkdir(join(source, 'steps'), { recursive: true })
  await cp(join(project, 'bitrise'), join(source, 'steps', 'mobile-build-deploy'), {
    recursive: true
  })
  const stepYml = join(source, 'steps', 'mobile-build-deploy', 'step.yml')
  await writeFile(stepYml, swapped(await readFile(stepYml, 'utf8')))
  const step = await runBitriseStep(
    source,
    {
      CI: 'true',
      BITRISE_GIT_BRANCH: 'main',
      BITRISE_GIT_COMMIT: 'b'.repeat(40),
      BITRISE_APK_PATH: apk,
      TMPDIR: tmp,
      SERVICE_API_KEY: DEMO_API_KEY,
      SERVICE_BASE_URL: emulator.baseUrl,
      MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1'
    },
    { name_prefix: 'rehearsal', environment: 'staging' },
    { path: 'steps/mobile-build-deploy', copied: true }
  )
  if (step.code !== 0) throw new Error(`the Bitrise step failed:\n${step.output}`)
  deployed('Bitrise step (as Bitrise runs it)', before)
}

async function rehearseDocs(rehearsal: Rehearsal): Promise<void> {
  const { project, work, assets, version, host, swapped, done, tmp } = rehearsal
  // The docs' install lines, the pin the release notes publish filled in.
  const pin = (
    await readFile(join(assets, `mobile-build-deploy-${version}.tgz.sha256`), 'utf8')
  ).split(' ')[0]!
  for (const [page, heading] of [
    ['docs/cli.md', 'Install'],
    ['docs/library.md', 'Set-up']
  ] as const) {
    if (await missing('curl')) {
      done.push(`${page} (${heading}): not rehearsed, curl is missing`)
      continue
    }
    // The released checkout's pages: its home named.
    const [block] = await sectionBlocks(page, heading, 'sh', project)
    const dir = join(work, page.replace(/\W/g, '-'))
    await mkdir(dir)
    if (page === 'docs/library.md') await run('npm', ['init', '-y'], { cwd: dir })
    const script = swapped(block!).replace('<the SHA-256 in the release notes>', pin)
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      env: { ...process.env, TMPDIR: tmp }
    })
    if (page === 'docs/cli.md' && stdout.trim().split('\n').at(-1) !== version)
      throw new Error(`${page}'s install printed ${stdout}`)
    if (page === 'docs/library.md' && !(await readdir(join(dir, 'node_modules'))).length)
      throw new Error(`${page}'s install installed nothing`)
    done.push(`${page} (${heading}): installed the release's tarball from ${host}`)
  }
}

/** Runs the pipeline of `repo` in gitlab-ci-local on this machine's shell, against the emulator. */
async function gitlabPipeline(
  repo: string,
  node24: string,
  emulator: Emulator,
  tmp: string
): Promise<void> {
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.email=ci@example.test', '-c', 'user.name=ci', ...args], { cwd: repo })
  await git('init', '-q', '-b', 'main')
  await writeFile(join(repo, '.gitignore'), '.gitlab-ci-local/\n')
  await git('add', '-A')
  await git('commit', '-qm', 'an app')
  await git('remote', 'add', 'origin', 'git@gitlab.com:rehearsal/app.git')
  await git('update-ref', 'refs/remotes/origin/main', 'HEAD')
  await git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main')
  const variables = {
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1'
  }
  const args = [
    join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js'),
    // The component names an image; the job runs on this machine's shell, as with a shell executor.
    '--force-shell-executor',
    ...Object.entries(variables).flatMap(([name, value]) => ['--variable', `${name}=${value}`])
  ]
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(node24, args, {
      cwd: repo,
      env: { ...process.env, TMPDIR: tmp, PATH: `${dirname(node24)}:${process.env.PATH ?? ''}` }
    })
    let text = ''
    child.stdout.on('data', chunk => (text += chunk))
    child.stderr.on('data', chunk => (text += chunk))
    child.on('error', reject)
    child.on('close', code =>
      code === 0 ? resolve(text) : reject(new Error(`gitlab-ci-local exited ${code}:\n${text}`))
    )
  })
  if (!/mobile-build-deploy/.test(output)) throw new Error(`no deploy job ran:\n${output}`)
}

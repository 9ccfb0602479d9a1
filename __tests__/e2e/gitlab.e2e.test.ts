/**
 * The GitLab CI/CD components, proven by a real pipeline: gitlab-ci-local
 * (GitLab's pipeline semantics run locally, shell executor) runs a pipeline
 * (the one docs/gitlab.md shows) that includes the components by `include:
 * local` with inputs, in a throwaway git repository, against the emulator,
 * with the packed package as the CLI: the deploy job creates a run and waits for its verdict, a later job
 * reads runId from the dotenv hand-over, the JUnit file is there, and the
 * merge request's preview is ended by its stop job.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, requestsOf } from '../helpers/harness.js'
import { junitProblems } from '../helpers/junit.js'
import { codeBlocks } from '../helpers/docs.js'
import { parse, stringify } from 'yaml'
import { node24Binary, packedTarball } from '../helpers/tools.js'

const run = promisify(execFile)

let emulator: Emulator
let repo: string
let tarball: string
let node24: string

beforeAll(async () => {
  emulator = await startEmulator()
  const dir = await freshWorkspace()
  tarball = await packedTarball(dir)
  node24 = await node24Binary()
  repo = join(dir, 'project')
  await mkdir(repo)
  await cp(join(ROOT, 'templates'), join(repo, 'templates'), { recursive: true })
}, 300_000)
afterAll(() => emulator.close())

/**
 * The pipeline of docs/gitlab.md as a reader copies it, with the components
 * included from this checkout (`include: local`) and the packed package as
 * their CLI, where a project includes them from the catalog.
 */
async function pipelineOfTheDocs(): Promise<string> {
  const [block] = await codeBlocks('docs/gitlab.md', 'yaml')
  const pipeline = parse(block!) as { include: Record<string, unknown>[] }
  pipeline.include = pipeline.include.map(({ component, inputs }) => {
    const name = /\/mobile-build-deploy\/(\w+)@/.exec(String(component))![1]!
    return {
      local: `templates/${name}.yml`,
      inputs: { ...(inputs as object), 'cli-package': tarball }
    }
  })
  return stringify(pipeline)
}

/** Runs gitlab-ci-local in the repository under Node 24, as a GitLab runner with a shell executor would. */
function gitlabCiLocal(args: string[]): Promise<{ code: number | null; output: string }> {
  const variables: Record<string, string> = {
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1',
    GITLAB_CI: 'true',
    CI_MERGE_REQUEST_IID: '42',
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/login',
    CI_PROJECT_NAMESPACE: 'mobile',
    CI_PROJECT_NAME: 'shop'
  }
  const flags = Object.entries(variables).flatMap(([name, value]) => [
    '--variable',
    `${name}=${value}`
  ])
  return new Promise((resolve, reject) => {
    const child = spawn(
      node24,
      [
        join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js'),
        '--shell-isolation',
        // The components name an image; here every job runs on this machine's shell, as with a shell executor.
        '--force-shell-executor',
        '--ignore-predefined-vars',
        'GITLAB_CI,CI_PROJECT_NAMESPACE,CI_PROJECT_NAME',
        ...flags,
        ...args
      ],
      {
        cwd: repo,
        // Node 24 first on PATH: the jobs' npx and the tool itself run under it.
        env: { ...process.env, PATH: `${dirname(node24)}:${process.env.PATH ?? ''}` },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.on('error', reject)
    child.on('close', code => resolve({ code, output }))
  })
}

describe('the GitLab components in a real pipeline (gitlab-ci-local)', () => {
  it('needs rsync, as gitlab-ci-local does', async () => {
    // The project's set-up installs it (Debian package rsync); without it the pipeline below cannot run.
    await expect(run('rsync', ['--version'])).resolves.toBeDefined()
  })

  it('deploys, hands runId to a later job, reports JUnit, and the stop job ends the preview', async () => {
    await writeFile(join(repo, '.gitlab-ci.yml'), await pipelineOfTheDocs())
    await writeFile(join(repo, '.gitignore'), '.gitlab-ci-local/\n')
    // The project's build: a stand-in for gradle that writes the APK where gradle does.
    await writeFile(
      join(repo, 'gradlew'),
      '#!/usr/bin/env bash\nmkdir -p app/build/outputs/apk/release\nhead -c 131072 /dev/urandom > app/build/outputs/apk/release/app-release.apk\n',
      { mode: 0o755 }
    )
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.email=ci@example.test', '-c', 'user.name=ci', ...args], { cwd: repo })
    await git('init', '-q', '-b', 'main')
    await git('add', '-A')
    await git('commit', '-qm', 'a mobile project')
    await git('remote', 'add', 'origin', 'git@gitlab.com:mobile/shop.git')
    await git('update-ref', 'refs/remotes/origin/main', 'HEAD')
    await git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main')

    const result = await gitlabCiLocal(['--manual', 'mobile-build-preview-stop'])
    if (result.code !== 0) console.log(result.output)
    expect([result.code, result.output]).toEqual([0, expect.stringMatching(/PASS/)])

    // The deploy job's run, by the static environment's name, waited for until it passed.
    const staging = emulator.runs.find(r => r.environment === 'staging')!
    expect(staging).toMatchObject({ runInputPath: 'myapp-staging.apk', branch: 'feature/login' })
    // The preview's run, by the merge request's name, as an ephemeral environment.
    const preview = emulator.runs.find(r => r.environment === 'pr-42')!
    expect(preview).toMatchObject({
      runInputPath: 'myapp-mobile-shop-pr42.apk',
      mergeRequestNumber: 42,
      ephemeral: true
    })

    // A later job read the deploy job's outputs from its dotenv report.
    expect(result.output).toContain(`Run ${staging.id} tested myapp-staging.apk (passed)`)

    // The verdict as a JUnit report, valid for GitLab's reader.
    const junit = join(repo, 'mobile-build-deploy-junit.xml')
    expect(existsSync(junit)).toBe(true)
    expect(await junitProblems(await readFile(junit, 'utf8'))).toEqual([])

    // The stop job ended the preview environment at the service, by the id the deploy handed over.
    expect(requestsOf(emulator, 'terminate').map(r => r.body)).toEqual([
      { environmentId: 'env_pr-42' }
    ])
  }, 300_000)
})

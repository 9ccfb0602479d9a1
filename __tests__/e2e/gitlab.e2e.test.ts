/**
 * The GitLab CI/CD components in real pipelines: every pipeline of
 * docs/gitlab.md, as GitLab creates it for a push to the default branch and
 * for a merge request (helpers/gitlab.ts: the includes expanded with their
 * inputs, workflow:rules and job rules applied, the jobs GitLab leaves out
 * left out), run by gitlab-ci-local (shell executor) in a throwaway git
 * repository against the emulator, each job installing the packed package
 * through a file:// URL with its real SHA-256. Beside them: a wrong pin stops
 * the job before the CLI runs, and a wait after a deploy that created no run
 * says so.
 */
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { parse, stringify } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import {
  JOB_TOKEN as GITLAB_JOB_TOKEN,
  PROJECT_ID as GITLAB_PROJECT_ID,
  WRITE_TOKEN as GITLAB_WRITE_TOKEN
} from '../../emulator/gitlab-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { startSlack } from '../../emulator/slack.js'
import { expectReported, startReportTargets } from '../helpers/report-targets.js'
import {
  createPipeline,
  docsPipelines,
  eventVariables,
  expandIncludes,
  jobsOf,
  readProject,
  type CliPin,
  type Event
} from '../helpers/gitlab.js'
import { WRITTEN_APPS } from '../../emulator/builds.js'
import { buildToolScript, DEMO_API_KEY, freshWorkspace, requestsOf } from '../helpers/harness.js'
import { junitProblems } from '../helpers/junit.js'
import { node24Binary, packedTarball } from '../helpers/tools.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { copySection, runCopyBlock } from '../helpers/copies.js'

const run = promisify(execFile)

let emulator: Emulator
let cli: CliPin
let node24: string

beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  const tarball = await packedTarball(await freshWorkspace())
  cli = {
    package: pathToFileURL(tarball).href,
    sha256: createHash('sha256')
      .update(await readFile(tarball))
      .digest('hex')
  }
  node24 = await node24Binary()
}, 300_000)
afterAll(() => emulator.close())

const ON_MAIN: Event = { branch: 'main' }
const MERGE_REQUEST: Event = {
  mergeRequest: { iid: 42, source: 'feature/login', target: 'main', reference: 'mobile/shop!42' }
}

/** The pipeline GitLab creates from a configuration (with `include: local`) for an event, or undefined. */
function pipelineFor(config: Record<string, unknown>, event: Event) {
  return createPipeline(expandIncludes(config, readProject), eventVariables(event))
}

/**
 * Runs a pipeline GitLab created in gitlab-ci-local, under Node 24, in a fresh
 * git repository of a mobile project (a stand-in for gradle writes the APK),
 * with the event's predefined variables and the project's CI/CD variables.
 */
async function runPipeline(
  pipeline: Record<string, unknown>,
  event: Event,
  options: {
    apiKey?: string
    manual?: string[]
    ios?: boolean
    files?: string
    /** More CI/CD variables of the project, or predefined ones set as GitLab would. */
    variables?: Record<string, string>
  } = {}
): Promise<{ code: number | null; output: string; repo: string }> {
  const repo = join(await freshWorkspace(), 'project')
  await mkdir(repo)
  // The project's own files besides (a copy of the components, npm run copy's).
  if (options.files) await cp(options.files, repo, { recursive: true })
  await writeFile(join(repo, '.gitlab-ci.yml'), stringify(pipeline))
  await writeFile(join(repo, '.gitignore'), '.gitlab-ci-local/\n')
  const jobsTemp = join(repo, '..', 'tmp')
  await mkdir(jobsTemp)
  await writeFile(
    join(repo, 'gradlew'),
    await buildToolScript('app/build/outputs/apk/release/app-release.apk', 131072),
    { mode: 0o755 }
  )
  // xcodebuild's stand-in: its export leaves the IPA where the docs' job takes it.
  const bin = join(repo, '..', 'bin')
  await mkdir(bin)
  if (options.ios)
    await writeFile(
      join(bin, 'xcodebuild'),
      (await buildToolScript('build/ipa/App.ipa', 131072)).replace(
        '#!/usr/bin/env bash\n',
        '#!/usr/bin/env bash\n[ "$1" = -exportArchive ] || exit 0\n'
      ),
      { mode: 0o755 }
    )
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.email=ci@example.test', '-c', 'user.name=ci', ...args], { cwd: repo })
  await git('init', '-q', '-b', event.mergeRequest?.source ?? event.branch!)
  await git('add', '-A')
  await git('commit', '-qm', 'a mobile project')
  await git('remote', 'add', 'origin', 'git@gitlab.com:mobile/shop.git')
  await git('update-ref', 'refs/remotes/origin/main', 'HEAD')
  await git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main')

  const variables: Record<string, string> = {
    ...eventVariables(event),
    GITLAB_CI: 'true',
    CI_PROJECT_NAMESPACE: 'mobile',
    CI_PROJECT_NAME: 'shop',
    // The project's CI/CD variables.
    SERVICE_API_KEY: options.apiKey ?? DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1',
    ...options.variables
  }
  const args = [
    join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js'),
    '--shell-isolation',
    // The components name an image; here every job runs on this machine's shell, as with a shell executor.
    '--force-shell-executor',
    // The variables GitLab sets for this event stand where gitlab-ci-local would put its own.
    '--ignore-predefined-vars',
    Object.keys(variables).join(','),
    // GitLab sets no CI_COMMIT_BRANCH in a merge request's pipeline.
    ...(event.mergeRequest ? ['--unset-variable', 'CI_COMMIT_BRANCH'] : []),
    ...Object.entries(variables).flatMap(([name, value]) => ['--variable', `${name}=${value}`]),
    ...(options.manual ?? []).flatMap(job => ['--manual', job])
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(node24, args, {
      cwd: repo,
      // Node 24 first on PATH: the jobs' node and the tool itself run under it.
      // The jobs' temporary files (the installed CLI) stay in the test's workspace, removed with it.
      env: {
        ...process.env,
        PATH: `${dirname(node24)}:${bin}:${process.env.PATH ?? ''}`,
        TMPDIR: jobsTemp
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.on('error', reject)
    child.on('close', code => resolve({ code, output, repo }))
  })
}

/**
 * A file a job wrote in its own folder, where a GitLab runner collects its
 * reports from (gitlab-ci-local runs each job isolated in a folder of its
 * own, and copies back only `artifacts: paths` and the dotenv report).
 */
const jobFile = (repo: string, job: string, path: string) =>
  readFile(join(repo, '.gitlab-ci-local', 'builds', job, path), 'utf8')

/** Runs a pipeline and expects it to pass, showing its log when it does not. */
async function passes(...args: Parameters<typeof runPipeline>) {
  const result = await runPipeline(...args)
  if (result.code !== 0) console.log(result.output)
  expect([result.code, result.output]).toEqual([0, expect.stringMatching(/PASS/)])
  return result
}

/**
 * shellcheck's warnings and errors. Its infos are left out (the installer's
 * node -e program is single-quoted on purpose), and so is SC2154: in a job,
 * every variable comes from the runner's environment (the job's variables,
 * the dotenv reports of the jobs it needs), which shellcheck cannot see.
 */
function shellcheck(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'shellcheck',
      ['--shell=bash', '--severity=warning', '--exclude=SC2154', '--format=gcc', '-'],
      {
        stdio: ['pipe', 'pipe', 'inherit']
      }
    )
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.on('error', reject)
    child.on('close', () => resolve(output))
    child.stdin.end(script)
  })
}

/** The run the emulator recorded for a pipeline's commit and the environment's name. */
const runOf = (environment: string, branch: string) =>
  emulator.runs.filter(r => r.environment === environment && r.branch === branch).at(-1)

describe('the pipelines of docs/gitlab.md, as GitLab creates them (gitlab-ci-local)', () => {
  it("passes shellcheck: every job's script as the runner runs it, in bash", async () => {
    for (const { pipeline } of await docsPipelines()) {
      for (const event of [ON_MAIN, MERGE_REQUEST]) {
        const created = pipelineFor(pipeline, event)
        for (const [name, job] of Object.entries(created ? jobsOf(created) : {})) {
          const script = ['#!/bin/bash', ...(job.script as string[])].join('\n')
          const problems = await shellcheck(script)
          expect([name, problems]).toEqual([name, ''])
        }
      }
    }
  })

  it('no pipeline but the default branch sends a build to a static environment (GitLab rules applied)', async () => {
    const pipelines = await docsPipelines(cli)
    const feature: Event = { branch: 'feature/login' }
    const opened: Event = { branch: 'feature/login', openMergeRequest: 'mobile/shop!42' }
    for (const [index, { pipeline: config }] of pipelines.entries())
      for (const event of [MERGE_REQUEST, feature, opened]) {
        const created = pipelineFor(config!, event)
        const jobs = created ? jobsOf(created) : {}
        const staticDeploys = Object.entries(jobs)
          .filter(([, job]) => /staging/.test(JSON.stringify(job)))
          .map(([name]) => name)
        expect([index, event, staticDeploys]).toEqual([index, event, []])
      }
  })

  it('needs rsync, as gitlab-ci-local does', async () => {
    // The project's set-up installs it (Debian package rsync); without it no pipeline below can run.
    await expect(run('rsync', ['--version'])).resolves.toBeDefined()
  })

  it('the first, on the default branch: builds, deploys and waits, and a later job reads the run', async () => {
    const [, { pipeline: config }] = await docsPipelines(cli)
    const pipeline = pipelineFor(config!, ON_MAIN)!
    expect(Object.keys(jobsOf(pipeline))).not.toContain('mobile-build-preview')
    const { output, repo } = await passes(pipeline, ON_MAIN)

    // The deploy job's run, by the static environment's name, waited for until it passed.
    const staging = runOf('staging', 'main')!
    expect(staging).toMatchObject({ runInputPath: 'myapp-staging.apk' })
    // A later job read the deploy job's outputs from its dotenv report.
    expect(output).toContain(`Run ${staging.id} tested myapp-staging.apk (passed)`)
    // The verdict as a JUnit report, valid for GitLab's reader, and kept as an artifact.
    const junit = await jobFile(repo, 'mobile-build-deploy', 'mobile-build-deploy-junit.xml')
    expect(await junitProblems(junit)).toEqual([])
    expect(await readFile(join(repo, 'mobile-build-deploy-junit.xml'), 'utf8')).toBe(junit)
    // It says which app the run tested, as the build tool left it.
    expect(junit).toContain(`<property name="appId" value="${WRITTEN_APPS.apk.appId}"/>`)
  }, 300_000)

  it("the first, in a merge request: the preview deploys under the merge request's name and its stop job ends it", async () => {
    const [, { pipeline: config }] = await docsPipelines(cli)
    const pipeline = pipelineFor(config!, MERGE_REQUEST)!
    const terminated = requestsOf(emulator, 'terminate').length
    const { output } = await passes(pipeline, MERGE_REQUEST, {
      manual: ['mobile-build-preview-stop']
    })

    // The static environment is the default branch's: no merge request's build goes there.
    expect(Object.keys(jobsOf(pipeline))).not.toContain('mobile-build-deploy')
    expect(runOf('staging', 'feature/login')).toBeUndefined()
    expect(output).not.toContain('tested myapp-staging.apk')
    // The preview's run, by the merge request's name, as an ephemeral environment.
    expect(runOf('myapp-mobile-shop-pr42', 'feature/login')).toMatchObject({
      runInputPath: 'myapp-mobile-shop-pr42.apk',
      mergeRequestNumber: 42,
      ephemeral: true
    })
    // The stop job ended the preview environment at the service, by the id the deploy handed over.
    expect(
      requestsOf(emulator, 'terminate')
        .slice(terminated)
        .map(r => r.body)
    ).toEqual([{ environmentId: 'env_myapp-mobile-shop-pr42' }])
  }, 300_000)

  it('the second, on the default branch: the wait job waits for every run the two-build deploy job created', async () => {
    const [, , { pipeline: config }] = await docsPipelines(cli)
    // No workflow:rules: its jobs have no rules, so a merge request gets no pipeline of its own.
    expect(pipelineFor(config!, MERGE_REQUEST)).toBeUndefined()
    const runs = emulator.runs.length
    const { output, repo } = await passes(pipelineFor(config!, ON_MAIN)!, ON_MAIN, { ios: true })
    expect(output).toMatch(/PASS +mobile-build-wait\s/)
    const created = emulator.runs.slice(runs)
    expect(created.map(r => r.runInputPath).sort()).toEqual([
      'myapp-staging.apk',
      'myapp-staging.ipa'
    ])
    const junit = await jobFile(repo, 'mobile-build-wait', 'mobile-build-wait-junit.xml')
    expect(await junitProblems(junit)).toEqual([])
    // Each run judged: a suite each.
    expect(junit.match(/<testsuite /g)).toHaveLength(2)
    for (const run of created) expect(junit).toContain(run.id)
  }, 300_000)

  it.each([
    ['a project access token', GITLAB_WRITE_TOKEN, 'success'],
    ['the job token alone', GITLAB_JOB_TOKEN, undefined]
  ] as const)(
    'the second, with %s in GITLAB_TOKEN: the wait job writes a commit status per deployment in its own pipeline, or says which token to make',
    async (_name, token, state) => {
      const [, , { pipeline: config }] = await docsPipelines(cli)
      emulator.gitlab.reset()
      const { output } = await passes(pipelineFor(config!, ON_MAIN)!, ON_MAIN, {
        ios: true,
        variables: {
          GITLAB_TOKEN: token,
          CI_API_V4_URL: `${emulator.gitlab.url}/api/v4`,
          CI_PROJECT_ID: String(GITLAB_PROJECT_ID),
          CI_PIPELINE_ID: '777'
        }
      })
      const statuses = emulator.gitlab.statuses
      if (state) {
        expect(statuses.map(s => [s.status, s.pipeline_id])).toEqual([
          [state, 777],
          [state, 777]
        ])
        expect(new Set(statuses.map(s => s.name)).size).toBe(2)
      } else {
        expect(statuses).toEqual([])
        expect(output).toMatch(/access token with the api scope/)
      }
      expect(output).not.toContain(token)
    },
    300_000
  )

  it("the second, made a merge request's pipeline: two statuses and one note, which a rerun edits in place", async () => {
    const [, , { pipeline: docs }] = await docsPipelines(cli)
    // The docs' pipeline, its deploy and wait jobs run in merge-request pipelines instead of the default branch's.
    const inMergeRequests = [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]
    const config = structuredClone(docs!) as Record<string, Record<string, unknown>>
    config.workflow = { rules: inMergeRequests }
    config['mobile-build-deploy']!.rules = inMergeRequests
    config['mobile-build-wait']!.rules = inMergeRequests
    const pipeline = pipelineFor(config, MERGE_REQUEST)!
    emulator.gitlab.reset()
    emulator.gitlab.mergeRequests.push({
      iid: 42,
      state: 'opened',
      source_branch: 'feature/login',
      target_branch: 'main',
      sha: '0'.repeat(40)
    })
    const variables = (pipelineId: string) => ({
      GITLAB_TOKEN: GITLAB_WRITE_TOKEN,
      CI_API_V4_URL: `${emulator.gitlab.url}/api/v4`,
      CI_PROJECT_ID: String(GITLAB_PROJECT_ID),
      CI_PIPELINE_ID: pipelineId
    })
    await passes(pipeline, MERGE_REQUEST, { ios: true, variables: variables('801') })
    const first = emulator.gitlab.statuses.filter(s => s.pipeline_id === 801)
    expect(first.map(s => s.status)).toEqual(['success', 'success'])
    expect(emulator.gitlab.notes).toHaveLength(1)
    const note = emulator.gitlab.notes[0]!
    for (const { name } of first) expect(note.body).toContain(name)
    const written = note.updated_at
    // The pipeline run again: its own statuses, the same note.
    await passes(pipeline, MERGE_REQUEST, { ios: true, variables: variables('802') })
    const again = emulator.gitlab.statuses.filter(s => s.pipeline_id === 802)
    expect(again.map(s => [s.name, s.status]).sort()).toEqual(
      first.map(s => [s.name, 'success']).sort()
    )
    expect(emulator.gitlab.notes).toEqual([note])
    expect(note.updated_at >= written).toBe(true)
  }, 400_000)

  it('the third, on the default branch: the job without the components hands over the run', async () => {
    const [, , , { pipeline: config }] = await docsPipelines(cli)
    expect(pipelineFor(config!, MERGE_REQUEST)).toBeUndefined()
    const runs = emulator.runs.length
    const { repo } = await passes(pipelineFor(config!, ON_MAIN)!, ON_MAIN)
    const created = emulator.runs.slice(runs).find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(await readFile(join(repo, 'deploy.env'), 'utf8')).toContain(`runId=${created.id}\n`)
    expect(await junitProblems(await jobFile(repo, 'deploy-build', 'junit.xml'))).toEqual([])
  }, 300_000)
})

describe('docs/gitlab.md, before the first release', () => {
  it('the components copied into the project (npm run copy), included by include: local, install the copied tarball and deploy', async () => {
    const app = await freshWorkspace()
    const printed = await runCopyBlock(
      'docs/gitlab.md',
      app,
      decodeURIComponent(new URL(cli.package).pathname)
    )
    expect(printed).toContain(`The tarball's SHA-256: ${cli.sha256}`)
    const [config] = (await copySection('docs/gitlab.md', 'yaml')).map(
      block => parse(block) as Record<string, unknown>
    )
    const readApp = (path: string) => readFileSync(join(app, path), 'utf8')
    // No pin given in the pipeline: the copied components' own defaults name the tarball and its SHA-256.
    expect(JSON.stringify(config)).not.toMatch(/cli-package|cli-sha256/)
    const created = createPipeline(expandIncludes(config!, readApp), eventVariables(ON_MAIN))!
    expect(Object.keys(jobsOf(created)).sort()).toEqual(['build-app', 'mobile-build-deploy'])
    const before = emulator.runs.length
    const { code, output } = await runPipeline(created, ON_MAIN, { files: app })
    expect(output).toContain('mobile-build-deploy')
    expect(code).toBe(0)
    expect(emulator.runs.slice(before)).toEqual([
      expect.objectContaining({ runInputPath: 'myapp-staging.apk' })
    ])
  }, 300_000)
})

describe('docs/gitlab.md, two platforms from one commit', () => {
  it('the Android and the iOS build jobs, and one deploy job for both: a run and a JUnit suite each', async () => {
    const pipelines = await docsPipelines(cli)
    const { pipeline: config } = pipelines[4]!
    // The example's app ids, as the emulator's builds have them; everything else as written.
    const include = config!.include as { inputs: Record<string, unknown> }[]
    include[0]!.inputs['expected-app-id'] = 'android:com.example.inspect ios:com.example.written'
    const runs = emulator.runs.length
    const { repo } = await passes(pipelineFor(config!, ON_MAIN)!, ON_MAIN, { ios: true })
    const created = emulator.runs.slice(runs)
    expect(created.map(r => r.runInputPath).sort()).toEqual([
      'myapp-staging.apk',
      'myapp-staging.ipa'
    ])
    const junit = await jobFile(repo, 'mobile-build-deploy', 'mobile-build-deploy-junit.xml')
    expect(await junitProblems(junit)).toEqual([])
    expect(junit.match(/<testsuite /g)).toHaveLength(2)
  }, 300_000)
})

describe('the components on their own', () => {
  /** A pipeline of the build job and the given components (`include: local` with inputs, the CLI pinned). */
  const withComponents = (...includes: [string, Record<string, unknown>][]) => ({
    stages: ['build', 'deploy', 'verify'],
    include: includes.map(([name, inputs]) => ({
      local: `templates/${name}.yml`,
      inputs: { 'cli-package': cli.package, 'cli-sha256': cli.sha256, ...inputs }
    })),
    'build-app': {
      stage: 'build',
      script: ['./gradlew assembleRelease', 'cp app/build/outputs/apk/release/app-release.apk .'],
      artifacts: { paths: ['app-release.apk'] }
    }
  })

  it('a wrong SHA-256 stops the deploy job before the CLI runs, naming both', async () => {
    const wrong = '0'.repeat(64)
    const config = withComponents([
      'deploy',
      { file: 'app-release.apk', 'name-prefix': 'pinned', 'cli-sha256': wrong }
    ])
    const requests = emulator.requests.length
    const result = await runPipeline(pipelineFor(config, ON_MAIN)!, ON_MAIN)
    expect(result.code).not.toBe(0)
    expect(result.output).toContain(
      `the CLI tarball ${cli.package} has SHA-256 ${cli.sha256}, and ${wrong} is pinned: not running it.`
    )
    // The CLI never ran: the service heard nothing.
    expect(emulator.requests.slice(requests)).toEqual([])
  }, 300_000)

  it('dry-run: the deploy job checks the key by the signed-URL request alone; nothing uploaded or notified', async () => {
    const config = withComponents([
      'deploy',
      { file: 'app-release.apk', 'name-prefix': 'dry', environment: 'staging', 'dry-run': true }
    ])
    const requests = emulator.requests.length
    const objects = emulator.objects.size
    const result = await runPipeline(pipelineFor(config, ON_MAIN)!, ON_MAIN)
    expect(result.code).toBe(0)
    expect(emulator.requests.slice(requests).map(r => [r.route, r.query.file])).toEqual([
      ['signed-url', 'dry-staging.apk']
    ])
    expect(emulator.objects.size).toBe(objects)
    expect(result.output).toContain('Dry run done')
  }, 300_000)

  it('every option the table offers: Slack, the result webhook and the attestation from masked variables and inputs', async () => {
    const targets = await startReportTargets()
    try {
      const config = withComponents([
        'deploy',
        {
          file: 'app-release.apk',
          'name-prefix': 'reported',
          environment: 'staging',
          wait: true,
          'test-attestation': 'attestation',
          'min-upload-kib-per-second': 32
        }
      ])
      const result = await passes(pipelineFor(config, ON_MAIN)!, ON_MAIN, {
        variables: targets.variables
      })
      const folder = join(result.repo, '.gitlab-ci-local', 'builds', 'mobile-build-deploy')
      await expectReported(targets, result.output, join(folder, 'attestation'), 'passed')
    } finally {
      await targets.close()
    }
  }, 300_000)

  it('a wait after a deploy that created no run says so and fails as a deploy that created no run', async () => {
    const config = withComponents(
      [
        'deploy',
        {
          file: 'app-release.apk',
          'name-prefix': 'quiet',
          environment: 'staging',
          'fail-on-no-run': false
        }
      ],
      ['wait', { stage: 'verify' }]
    )
    const result = await runPipeline(pipelineFor(config, ON_MAIN)!, ON_MAIN, {
      apiKey: KEYS.noTriggers
    })
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/PASS +mobile-build-deploy\s/)
    expect(result.output).toContain(
      'Error: there is no run to wait for: the deploy job mobile-build-deploy handed over no runIds (it created no run, or it is not in needs; its log says why).'
    )
    expect(result.output).toMatch(
      /mobile-build-wait.*exit(?:ed with)? code 1\b|FAIL.*mobile-build-wait/
    )
    expect(result.output).not.toContain('--run-id')
  }, 300_000)

  describe('on GitLab, where its reviewers look', () => {
    const IN_MERGE_REQUESTS = { rules: [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }] }
    const SCHEDULED: Event = { branch: 'main', scheduled: true }
    const gitlabVariables = (pipelineId: string, token = GITLAB_WRITE_TOKEN) => ({
      GITLAB_TOKEN: token,
      CI_API_V4_URL: `${emulator.gitlab.url}/api/v4`,
      CI_PROJECT_ID: String(GITLAB_PROJECT_ID),
      CI_PIPELINE_ID: pipelineId
    })
    const openMergeRequest = () => {
      emulator.gitlab.reset()
      emulator.gitlab.mergeRequests.push({
        iid: 42,
        state: 'opened',
        source_branch: 'feature/login',
        target_branch: 'main',
        sha: '0'.repeat(40)
      })
    }

    it("docs/gitlab.md's report-later: the merge request's pipeline deploys, a scheduled one's collect completes the status in the deploy's pipeline and rewrites the one note", async () => {
      openMergeRequest()
      const { pipeline: docs } = (await docsPipelines(cli))[5]!
      const deploying = pipelineFor(docs, MERGE_REQUEST)!
      await passes(deploying, MERGE_REQUEST, {
        variables: gitlabVariables('901')
      })
      expect(emulator.gitlab.statuses.map(s => [s.status, s.pipeline_id])).toEqual([
        ['running', 901]
      ])
      expect(emulator.gitlab.notes).toHaveLength(1)
      expect(emulator.gitlab.notes[0]!.body).toMatch(/mobile-build-deploy facts=/)

      // The collect runs in scheduled pipelines only; never in a merge request's.
      expect(Object.keys(jobsOf(deploying))).not.toContain('mobile-build-collect')
      const scheduled = pipelineFor(docs, SCHEDULED)!
      expect(Object.keys(jobsOf(scheduled))).toContain('mobile-build-collect')
      // A job token alone: GitLab refuses it, and the job says which token to make.
      const refused = await runPipeline(scheduled, SCHEDULED, {
        variables: gitlabVariables('902', GITLAB_JOB_TOKEN)
      })
      expect(refused.code).not.toBe(0)
      expect(refused.output).toMatch(/access token with the api scope/)
      expect(refused.output).not.toContain(GITLAB_JOB_TOKEN)
      expect(emulator.gitlab.statuses.map(s => s.status)).toEqual(['running'])

      // The run ends within seconds here; a collect that finds it still going leaves it for the next.
      // The project's masked variable SLACK_WEBHOOK_URL: the collect posts what it completed.
      const slack = await startSlack()
      try {
        for (
          let tries = 0;
          emulator.gitlab.statuses[0]!.status === 'running' && tries < 5;
          tries++
        ) {
          await new Promise(resolve => setTimeout(resolve, 2000))
          const { repo, output } = await passes(scheduled, SCHEDULED, {
            variables: { ...gitlabVariables('903'), SLACK_WEBHOOK_URL: slack.url }
          })
          expect(output).not.toContain(slack.url)
          expect(
            await junitProblems(
              await jobFile(repo, 'mobile-build-collect', 'mobile-build-collect-junit.xml')
            )
          ).toEqual([])
        }
        expect(slack.messages).toHaveLength(1)
        expect(JSON.stringify(slack.messages[0])).toMatch(/passed/)
      } finally {
        await slack.close()
      }
      expect(emulator.gitlab.statuses.map(s => [s.status, s.pipeline_id, s.history])).toEqual([
        ['success', 901, ['running', 'success']]
      ])
      expect(emulator.gitlab.notes).toHaveLength(1)
      expect(emulator.gitlab.notes[0]!.body).not.toMatch(/The verdict is pending/)
    }, 400_000)

    it('the skip component writes each status the deploy would, skipped, under its names', async () => {
      openMergeRequest()
      const config = {
        ...withComponents([
          'skip',
          {
            'expected-app-id': 'android:com.example.inspect ios:com.example.written',
            'skip-reason': 'Only the docs changed.'
          }
        ]),
        workflow: IN_MERGE_REQUESTS
      }
      const requests = emulator.requests.length
      await passes(pipelineFor(config, MERGE_REQUEST)!, MERGE_REQUEST, {
        variables: gitlabVariables('904')
      })
      expect(emulator.gitlab.statuses.map(s => [s.name, s.status, s.pipeline_id]).sort()).toEqual([
        ['Mobile tests (Android: com.example.inspect)', 'skipped', 904],
        ['Mobile tests (iOS: com.example.written)', 'skipped', 904]
      ])
      expect(emulator.gitlab.statuses[0]!.description).toContain('Only the docs changed.')
      // Nothing of a skip goes to the service.
      expect(emulator.requests.slice(requests)).toEqual([])
    }, 300_000)
  })
})

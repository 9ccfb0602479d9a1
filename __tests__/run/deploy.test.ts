/**
 * The deploy through the action's run() in this process, against the emulator on loopback: the real
 * @actions/http-client on the wire, nothing mocked; and the emulator's own switches, as the CLI
 * meets them. The bundle's runs are in e2e/.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  afterEach,
  jest
} from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { PRODUCT_VERSION } from '../../src/core/shared/version.js'
import { WRITTEN_APPS, writeBuild } from '../../emulator/builds.js'
import {
  expectFailure,
  requestsOf,
  step,
  writeArtifact,
  scalarOutputs
} from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { render } from '../helpers/markdown.js'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { errorLines, parseFileCommand, ROOT } from '../../emulator/github-runner.js'
import type { Fault } from '../../emulator/faults.js'
import { DEMO_API_KEY, standaloneWorkspaces } from '../../emulator/workspaces.js'
import { run } from '../../src/action/main.js'
import { EXIT } from '../../src/cli/args.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

describe('the deploy', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
  const HEAD = 'feedfacefeedfacefeedfacefeedfacefeedface'

  describe('upload and notify', () => {
    it('uploads the bytes, notifies with RUN_INPUT_PATH, and sets every output', async () => {
      const built = await writeArtifact('app/build/outputs/apk/release/app-release.apk', 300 * 1024)
      const result = await step(
        emulator,
        { file: 'app/build/outputs/apk/release/*.apk' },
        { workspace: built.workspace }
      )

      expect(result.exitCode).toBe(0)
      const run = emulator.runs[0]!
      expect(scalarOutputs(result.outputs)).toEqual({
        playgroundFileLocation: 'app-release.apk',
        fileLocation: 'team_demo/app-release.apk',
        artifactSha256: built.sha256,
        artifactSize: String(built.size),
        outcome: 'success',
        runId: run.id,
        runIds: run.id,
        runUrl: `${emulator.baseUrl}/runs/${run.id}`,
        environmentId: 'env_staging',
        environmentIds: 'env_staging',
        ...WRITTEN_APPS.apk
      })
      expect(run.id).toMatch(/^run_[0-9a-f]{16}$/)
      expect(emulator.objects.get('team_demo/app-release.apk')).toMatchObject({
        size: built.size,
        sha256: built.sha256
      })

      const [get, put, post, page] = emulator.requests
      expect(emulator.requests.map(r => `${r.method} ${r.route} ${r.status}`)).toEqual([
        'GET signed-url 200',
        'PUT upload 200',
        'POST deploy 200',
        // The run's page, asked for once when the run is created.
        'GET greenlight 200'
      ])
      expect(page!.path).toBe(`/api/v0/ci-greenlight/${run.id}`)
      expect(page!.headers.authorization).toBe(`Bearer ${KEYS.main}`)
      expect(get!.query).toEqual({ file: 'app-release.apk' })
      expect(get!.headers.authorization).toBe(`Bearer ${KEYS.main}`)
      expect(get!.headers['user-agent']).toBe(`mobile-build-deploy/${PRODUCT_VERSION} (action)`)
      expect(put!.headers['content-type']).toBe('application/octet-stream')
      expect(put!.headers['content-length']).toBe(String(built.size))
      expect(put!.headers.authorization).toBeUndefined()
      expect(put!.headers['transfer-encoding']).toBeUndefined()
      expect(put!.headers.expect).toBe('100-continue')
      expect(put!.headers['user-agent']).toBe(`mobile-build-deploy/${PRODUCT_VERSION} (action)`)
      expect(post!.headers['content-type']).toBe('application/json')
      expect(post!.headers.authorization).toBe(`Bearer ${KEYS.main}`)
      expect(post!.body).toEqual({
        variables: { RUN_INPUT_PATH: 'app-release.apk' },
        // The branch and the build's destination: a newer deployment of this build supersedes this one, another build's never does.
        deduplication_key: 'main/app-release.apk',
        branch: 'main',
        sha: SHA,
        hosting_service: 'GitHub',
        commit_url: `https://github.com/octo-org/octo-app/commit/${SHA}`,
        repository: { owner: 'octo-org', name: 'octo-app' }
      })
      expect(run).toMatchObject({
        status: 'running',
        runInputPath: 'app-release.apk',
        artifact: { sha256: built.sha256 }
      })

      expect(result.summary).toContain(run.id)
      const summary = render(result.summary).html
      expect(summary).toContain(
        `<a href="${emulator.baseUrl}/runs/${run.id}"><code>${run.id}</code></a>`
      )
      expect(summary).toContain(built.sha256)
      expect(summary).toContain(`<a href="https://github.com/octo-org/octo-app/commit/${SHA}">`)
      expect(result.summary).toContain('run created')
      expect(result.stdout).toContain(`Run ${run.id} created on environment "staging"`)
    })

    it('builds a static-environment name with name-prefix and environment', async () => {
      const built = await writeArtifact('out/app.AAB')
      const result = await step(
        emulator,
        { file: 'out/app.AAB', 'name-prefix': 'myapp', environment: 'production' },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'signed-url')[0]!.query.file).toBe('myapp-production.aab')
      expect(emulator.runs[0]).toMatchObject({
        environment: 'production',
        runInputPath: 'myapp-production.aab'
      })
    })

    it('builds a pull-request name and sends the head of the pull request', async () => {
      const built = await writeArtifact('app.ipa')
      const result = await step(
        emulator,
        { file: 'app.ipa', 'name-prefix': 'myapp' },
        {
          workspace: built.workspace,
          eventName: 'pull_request',
          ref: 'refs/pull/42/merge',
          event: {
            number: 42,
            pull_request: { number: 42, head: { ref: 'feature/login', sha: HEAD } }
          }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs.playgroundFileLocation).toBe('myapp-octo-org-octo-app-pr42.ipa')
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        branch: 'feature/login',
        sha: HEAD,
        pull_request_number: 42,
        commit_url: `https://github.com/octo-org/octo-app/commit/${HEAD}`
      })
      expect(emulator.runs[0]).toMatchObject({
        environment: 'myapp-octo-org-octo-app-pr42',
        pullRequestNumber: 42
      })
    })

    it('uses a pull_request_target head too', async () => {
      const built = await writeArtifact('app.apk')
      const result = await step(
        emulator,
        { file: 'app.apk' },
        {
          workspace: built.workspace,
          eventName: 'pull_request_target',
          event: { pull_request: { number: 5, head: { ref: 'fork/feature', sha: HEAD } } }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        branch: 'fork/feature',
        sha: HEAD,
        pull_request_number: 5
      })
    })

    it('reads a merge_group event and its pull request', async () => {
      const built = await writeArtifact('app.apk')
      const headRef = `refs/heads/gh-readonly-queue/main/pr-77-${HEAD}`
      const result = await step(
        emulator,
        { file: 'app.apk' },
        {
          workspace: built.workspace,
          eventName: 'merge_group',
          event: { merge_group: { head_ref: headRef, head_sha: HEAD } }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        branch: `gh-readonly-queue/main/pr-77-${HEAD}`,
        sha: HEAD,
        pull_request_number: 77
      })
    })

    it('reads a deployment_status event and sends the deployment URL', async () => {
      const result = await step(
        emulator,
        {},
        {
          eventName: 'deployment_status',
          event: {
            deployment: { ref: 'release', sha: HEAD },
            deployment_status: { state: 'success', environment_url: 'https://preview.example.com/' }
          }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'deploy')[0]!.body).toEqual({
        branch: 'release',
        sha: HEAD,
        hosting_service: 'GitHub',
        commit_url: `https://github.com/octo-org/octo-app/commit/${HEAD}`,
        deployment_url: 'https://preview.example.com/',
        repository: { owner: 'octo-org', name: 'octo-app' }
      })
    })

    it.each(['failure', 'pending', 'in_progress', 'error'])(
      'sends nothing for a deployment_status event in state %s',
      async state => {
        const built = await writeArtifact('app.apk')
        const result = await step(
          emulator,
          { file: 'app.apk' },
          {
            workspace: built.workspace,
            eventName: 'deployment_status',
            event: { deployment: { ref: 'release', sha: HEAD }, deployment_status: { state } }
          }
        )
        expect(result.exitCode).toBe(0)
        expect(emulator.requests).toEqual([])
        expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'skipped' })
        expect(result.stdout).toMatch(
          new RegExp(
            `^::notice title=Deployment not healthy::This deployment_status event reports the state "${state}", not success.*if: github.event.deployment_status.state == 'success'`,
            'm'
          )
        )
      }
    )

    it('uses GITHUB_REF_NAME and GITHUB_SHA for other events, with a GitHub Enterprise server', async () => {
      const result = await step(
        emulator,
        {},
        {
          eventName: 'workflow_dispatch',
          ref: 'refs/heads/nightly',
          sha: HEAD,
          serverUrl: 'https://ghe.example.com'
        }
      )
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        branch: 'nightly',
        sha: HEAD,
        commit_url: `https://ghe.example.com/octo-org/octo-app/commit/${HEAD}`
      })
    })

    it('sends every optional field the inputs give', async () => {
      const built = await writeArtifact('app.apk')
      const result = await step(
        emulator,
        {
          'api-key': KEYS.labelled,
          file: 'app.apk',
          destination: 'builds/nightly/app.apk',
          'deployment-type': 'android',
          variables: '{"LOCALE": "en-GB", "RETRIES": 2, "VERBOSE": true}',
          branch: 'override-branch',
          sha: 'abcdef0123456',
          'hosting-service': 'GitLab',
          'commit-url': 'https://gitlab.example.com/c/1',
          'deployment-url': 'https://app.example.com',
          'deduplication-key': 'nightly-android',
          'ephemeral-environment': 'true',
          'pull-request-number': '9'
        },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs.fileLocation).toBe('team_labelled/builds/nightly/app.apk')
      expect(requestsOf(emulator, 'deploy')[0]!.body).toEqual({
        deployment_type: 'android',
        variables: {
          LOCALE: 'en-GB',
          RETRIES: '2',
          VERBOSE: 'true',
          RUN_INPUT_PATH: 'builds/nightly/app.apk'
        },
        branch: 'override-branch',
        sha: 'abcdef0123456',
        hosting_service: 'GitLab',
        commit_url: 'https://gitlab.example.com/c/1',
        deployment_url: 'https://app.example.com',
        deduplication_key: 'nightly-android',
        ephemeral_environment: true,
        // A number given for code hosted on GitLab is a merge request's.
        merge_request_number: 9,
        repository: { owner: 'octo-org', name: 'octo-app' }
      })
      expect(emulator.runs[0]).toMatchObject({
        deduplicationKey: 'nightly-android',
        ephemeral: true,
        deploymentType: 'android'
      })
    })

    it('accepts the newer interactiveRunFileLocation field', async () => {
      const built = await writeArtifact('app.apk')
      const result = await step(
        emulator,
        { 'api-key': KEYS.interactive, file: 'app.apk' },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs.playgroundFileLocation).toBe('app.apk')
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        variables: { RUN_INPUT_PATH: 'app.apk' }
      })
    })

    it('reports the same run for a repeated notification of the same deployment', async () => {
      const built = await writeArtifact('app.apk')
      const first = await step(emulator, { file: 'app.apk' }, { workspace: built.workspace })
      const second = await step(emulator, { file: 'app.apk' }, { workspace: built.workspace })
      expect(second.exitCode).toBe(0)
      expect(second.outputs.runId).toBe(first.outputs.runId)
      expect(second.stdout).toContain(
        `Run ${first.outputs.runId} already existed for this deployment`
      )
      expect(emulator.runs).toHaveLength(1)
    })

    it('supersedes the earlier run of the same branch and environment', async () => {
      const built = await writeArtifact('app.apk')
      const first = await step(
        emulator,
        { file: 'app.apk' },
        { workspace: built.workspace, sha: SHA }
      )
      const second = await step(
        emulator,
        { file: 'app.apk' },
        { workspace: built.workspace, sha: HEAD }
      )
      expect(second.outputs.runId).not.toBe(first.outputs.runId)
      expect(emulator.runs.map(r => [r.id, r.status])).toEqual([
        [first.outputs.runId, 'superseded'],
        [second.outputs.runId, 'running']
      ])
    })
  })

  describe('modes', () => {
    it('upload only: no notification, outcome skipped', async () => {
      const built = await writeArtifact('app.apk')
      const result = await step(
        emulator,
        { file: 'app.apk', notify: 'false' },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({
        outcome: 'skipped',
        playgroundFileLocation: 'app.apk',
        artifactSha256: built.sha256
      })
      expect(result.outputs.runId).toBeUndefined()
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    })

    it('notify only: an earlier upload is named by run-input-path', async () => {
      const built = await writeArtifact('app.apk')
      await step(
        emulator,
        { file: 'app.apk', notify: 'false', destination: 'ci/app.apk' },
        { workspace: built.workspace }
      )
      const result = await step(emulator, { 'run-input-path': 'ci/app.apk' })
      expect(result.exitCode).toBe(0)
      expect(scalarOutputs(result.outputs)).toEqual({
        playgroundFileLocation: 'ci/app.apk',
        outcome: 'success',
        runId: emulator.runs[0]!.id,
        runIds: emulator.runs[0]!.id,
        runUrl: `${emulator.baseUrl}/runs/${emulator.runs[0]!.id}`,
        environmentId: 'env_staging',
        environmentIds: 'env_staging'
      })
      expect(requestsOf(emulator, 'signed-url')).toHaveLength(1)
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        variables: { RUN_INPUT_PATH: 'ci/app.apk' }
      })
      expect(emulator.runs[0]).toMatchObject({
        status: 'running',
        artifact: { sha256: built.sha256 }
      })
    })

    it('notify only with a path the store does not hold: the service records artifact not found', async () => {
      const result = await step(emulator, { 'run-input-path': 'never-uploaded.apk' })
      expect(result.exitCode).toBe(0)
      expect(emulator.runs[0]).toMatchObject({
        status: 'artifact-not-found',
        error: 'Artifact not found: never-uploaded.apk'
      })
    })

    it('plain notification: no file, variables as given', async () => {
      const result = await step(emulator, { variables: '{"RUN_INPUT_PATH": "/abs/app.apk"}' })
      expect(result.exitCode).toBe(0)
      expect(result.outputs.playgroundFileLocation).toBeUndefined()
      expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({
        variables: { RUN_INPUT_PATH: '/abs/app.apk' }
      })
      // The notification, then the one ask for the created run's page.
      expect(emulator.requests.map(r => r.route)).toEqual(['deploy', 'greenlight'])
    })
  })

  describe('no run created', () => {
    it('fails when mobile triggers are not enabled', async () => {
      const built = await writeArtifact('app.apk')
      const result = await step(
        emulator,
        { 'api-key': KEYS.noTriggers, file: 'app.apk' },
        { workspace: built.workspace }
      )
      expectFailure(
        result,
        'The service created no run',
        'mobile triggers are enabled',
        'fail-on-no-run: false'
      )
      // The upload succeeded, so its outputs are set although the step failed.
      expect(result.outputs).toMatchObject({
        outcome: 'failed',
        playgroundFileLocation: 'app.apk',
        artifactSha256: built.sha256
      })
      // No run: runId is not set, so it reads as empty.
      expect(result.outputs.runId).toBeUndefined()
    })

    it('warns instead with fail-on-no-run: false', async () => {
      const result = await step(emulator, { 'api-key': KEYS.noTriggers, 'fail-on-no-run': 'false' })
      expect(result.exitCode).toBe(0)
      expect(result.stdout).toMatch(/::warning title=No run created::The service created no run/)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'failed' })
      expect(result.summary).toContain('no run created')
    })

    it('fails when deployment-type does not match the workspace label', async () => {
      const result = await step(emulator, { 'api-key': KEYS.labelled, 'deployment-type': 'ios' })
      expectFailure(result, 'created no run', 'deployment-type ("ios") matches its label')
    })

    it("shows a failed trigger's code and message", async () => {
      const result = await step(emulator, { 'api-key': KEYS.failing })
      expectFailure(result, 'a trigger failed (billing-prevented: The plan has no runs left)')
    })

    it('shows why a deployment was skipped', async () => {
      const result = await step(emulator, { 'api-key': KEYS.skipping })
      expectFailure(result, 'the service skipped the deployment: Deployments are paused')
    })

    it('shows the warning of the service', async () => {
      const result = await step(emulator, { 'api-key': KEYS.warning })
      expect(result.exitCode).toBe(0)
      expect(result.stdout).toContain(
        '::warning title=Service warning::The service warns: deployment_type is deprecated'
      )
      expect(result.summary).toContain('deployment_type is deprecated')
    })
  })
})

/**
 * run() in-process, against the emulator on loopback: the real @actions/http-client
 * on the wire, nothing mocked. The full matrix runs on the bundle in e2e/.
 */
describe("the action's step", () => {
  let emulator: Emulator
  let dir: string
  let printed: string
  const saved = { ...process.env }

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(() => emulator.close())

  beforeEach(async () => {
    emulator.reset()
    printed = ''
    // The step's log is captured, as the runner captures it.
    jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
      printed += String(chunk)
      return true
    })
    dir = await mkdtemp(join(tmpdir(), 'run-'))
    await writeBuild(join(dir, 'app.apk'), 4096)
    await writeFile(join(dir, 'output'), '')
    await writeFile(join(dir, 'summary'), '')
    Object.assign(process.env, {
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary'),
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_REF_NAME: 'main',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      GITHUB_REPOSITORY: 'octo/app',
      'INPUT_API-KEY': DEMO_API_KEY,
      'INPUT_BASE-URL': emulator.baseUrl,
      INPUT_FILE: 'app.apk'
    })
  })

  afterEach(async () => {
    jest.restoreAllMocks()
    process.env = { ...saved }
    process.exitCode = undefined
    await rm(dir, { recursive: true, force: true })
  })

  async function outputs(): Promise<Record<string, string>> {
    return parseFileCommand(await readFile(join(dir, 'output'), 'utf8'))
  }

  /** The sockets, timers and threads alive now, by kind. */
  function liveResources(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const kind of process.getActiveResourcesInfo()) {
      if (/TCPSocketWrap|Timeout|Worker|MessagePort|FileHandle/.test(kind))
        counts[kind] = (counts[kind] ?? 0) + 1
    }
    return counts
  }

  describe('run', () => {
    it.each<[string, Fault[], number | undefined]>([
      ['after a success', [], undefined],
      ['when the signed URL is refused', [{ route: 'signed-url', status: 403 }], 1],
      [
        'when the store cuts the connection before reading the body',
        [{ route: 'upload', reset: true }],
        1
      ],
      [
        'when the store cuts the connection mid-body',
        [{ route: 'upload', reset: { afterBytes: 1024 * 1024 } }],
        1
      ],
      ['after a retried upload', [{ route: 'upload', status: 503 }], undefined]
    ])('leaves no socket, timer, thread or open file behind %s', async (_, faults, exitCode) => {
      await writeBuild(join(dir, 'app.apk'), 3 * 1024 * 1024)
      process.env['INPUT_MAX-ATTEMPTS'] = faults.some(f => f.status === 503) ? '2' : '1'
      emulator.faults.add(...faults)
      const before = liveResources()
      await run(undefined, process.env)
      expect(process.exitCode).toBe(exitCode)
      // Kinds that outnumber what was alive before the step; timers of the test harness may end meanwhile.
      const added = (): string[] =>
        Object.entries(liveResources())
          .filter(([kind, count]) => count > (before[kind] ?? 0))
          .map(([kind]) => kind)
      // The hashing thread and the file belong to the action alone: gone when the step returns.
      expect(added().filter(kind => /Worker|MessagePort|FileHandle/.test(kind))).toEqual([])
      // The emulator's side of each connection closes a little after the action's, later on a busy machine;
      // anything of the action's (a 30 s connect timer, a 120 s idle timer) outlives this wait.
      for (let wait = 0; wait < 200 && added().length > 0; wait++) {
        await new Promise(resolve => setTimeout(resolve, 10))
      }
      expect(added()).toEqual([])
    })

    it.each([
      ['a folder', (): string => dir],
      ['a file that is not there', (): string => join(dir, 'gone', 'output')]
    ])('refuses a GITHUB_OUTPUT that is %s before any request', async (_, path) => {
      process.env.GITHUB_OUTPUT = path()
      await run(undefined, process.env)
      expect(process.exitCode).toBe(1)
      expect(emulator.requests).toEqual([])
      expect(errorLines(printed)).toEqual([
        expect.stringMatching(
          /^GITHUB_OUTPUT names .* which cannot be written .*nothing was sent\./
        )
      ])
    })

    it("counts the blocking bugs the answer lists when it gives no count, never '0 blocking'", async () => {
      emulator.faults.add({
        route: 'greenlight',
        status: 200,
        body: JSON.stringify({
          runStage: 'completed',
          greenlight: false,
          reproducedBugs: [
            { name: 'Crash', priority: 'urgent' },
            { name: 'Typo', priority: 'low' }
          ]
        })
      })
      process.env.INPUT_FILE = ''
      process.env['INPUT_RUN-ID'] = 'run_1'
      await run(undefined, process.env)
      expect(process.exitCode).toBe(1)
      expect(await outputs()).toMatchObject({ blockingBugsCount: '1', nonBlockingBugsCount: '1' })
      expect(await readFile(join(dir, 'summary'), 'utf8')).toContain('1 blocking, 1 non-blocking')
    })

    it('names the target of an artifact reached through a link that leaves the workspace', async () => {
      const outside = await mkdtemp(join(tmpdir(), 'outside-'))
      try {
        await writeBuild(join(outside, 'real.apk'), 4096)
        await symlink(join(outside, 'real.apk'), join(dir, 'linked.apk'))
        process.env.INPUT_FILE = 'linked.apk'
        await run(undefined, process.env)
        expect(process.exitCode).toBeUndefined()
        expect(printed).toMatch(
          new RegExp(
            `::notice title=Artifact outside the workspace::The artifact is a link that leads out of the working directory, to ".*real\\.apk"`
          )
        )
      } finally {
        await rm(outside, { recursive: true, force: true })
      }
    })

    it('calls a build reached through a linked folder no link: only a path that is itself one', async () => {
      // macOS's /tmp and /var are links to /private/…: a build under them is an ordinary file.
      const outside = await mkdtemp(join(tmpdir(), 'outside-'))
      try {
        await writeBuild(join(outside, 'app.apk'), 4096)
        await symlink(outside, join(dir, 'out'))
        process.env.INPUT_FILE = 'out/*.apk'
        await run(undefined, process.env)
        expect(process.exitCode).toBeUndefined()
        expect(printed).not.toMatch(/is a link/)
        expect(emulator.runs).toHaveLength(1)
      } finally {
        await rm(outside, { recursive: true, force: true })
      }
    })

    it('deploys one file reached by two names once: a glob deploys it, two patterns are refused naming both', async () => {
      await writeBuild(join(dir, 'app.apk'), 4096)
      await symlink(join(dir, 'app.apk'), join(dir, 'latest.apk'))
      process.env.INPUT_FILE = '*.apk'
      await run(undefined, process.env)
      expect(process.exitCode).toBeUndefined()
      expect(emulator.runs).toHaveLength(1)
      emulator.reset()
      printed = ''
      process.env.INPUT_FILE = 'app.apk\nlatest.apk'
      await run(undefined, process.env)
      expect(process.exitCode).toBe(1)
      expect(printed).toMatch(
        /::error title=Invalid input::Input 'file' names one build twice: "app\.apk" and "latest\.apk" are the same file/
      )
      expect(emulator.requests).toHaveLength(0)
    })

    it('matches a glob through folders named as macOS and Windows name them: parentheses, brackets', async () => {
      for (const folder of ['Build Products (Release)', 'out [arm64]']) {
        await mkdir(join(dir, folder), { recursive: true })
        await writeBuild(join(dir, folder, 'app.apk'), 4096)
        process.env.INPUT_FILE = `${folder}/*.apk`
        emulator.reset()
        await run(undefined, process.env)
        expect([folder, process.exitCode]).toEqual([folder, undefined])
        expect(emulator.runs).toHaveLength(1)
      }
      // In the glob itself too: ** then the folder with parentheses.
      process.env.INPUT_FILE = '**/Build Products (Release)/*.apk'
      emulator.reset()
      await run(undefined, process.env)
      expect(process.exitCode).toBeUndefined()
    })

    it('reads its own working directory as a path, never as a glob', async () => {
      // A checkout in a folder named build{1,2} next to build1/: the pattern is the user's alone.
      const parent = await mkdtemp(join(tmpdir(), 'parent-'))
      try {
        const workspace = join(parent, 'build{1,2}')
        await mkdir(workspace)
        await mkdir(join(parent, 'build1'))
        await writeBuild(join(workspace, 'app.apk'), 8192)
        await writeBuild(join(parent, 'build1', 'other.apk'), 4096)
        process.env.GITHUB_WORKSPACE = workspace
        process.env.INPUT_FILE = '*.apk'
        await run(undefined, process.env)
        expect(process.exitCode).toBeUndefined()
        expect(requestsOfRoute('signed-url')[0]!.query.file).toBe('app.apk')
        expect(emulator.objects.get('team_demo/app.apk')?.size).toBe(8192)
      } finally {
        await rm(parent, { recursive: true, force: true })
      }
    })
  })

  function requestsOfRoute(route: string) {
    return emulator.requests.filter(r => r.route === route)
  }
})

/**
 * The emulator's switches, as docs/development.md lists them: each key of
 * `npm run emulator` makes a deployment go the way the table says, seen
 * through the CLI's exit code and outputs; the runs list says how a run ended.
 */
describe("the emulator's switches", () => {
  const served = standaloneWorkspaces()
  let emulator: Emulator
  beforeAll(async () => {
    // The stages made instant (the endless one excepted), so that each verdict is the first answer.
    emulator = await startEmulator({
      workspaces: served.map(({ workspace }) => ({
        ...workspace,
        lifecycle: { initializingMs: 0, underReviewMs: 0, ...workspace.lifecycle }
      }))
    })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  async function deploy(key: string, ...flags: string[]) {
    const { workspace: cwd } = await writeArtifact('app.apk', 1024)
    return runCli(['deploy', '--file', 'app.apk', '--json', '--max-attempts', '1', ...flags], {
      env: cliEnv(emulator, { SERVICE_API_KEY: key, MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }),
      cwd
    })
  }

  describe("the emulator's switches", () => {
    it.each([
      ['emulator-demo-key-0123456789', EXIT.success, 'passed'],
      ['emulator-failing-key', EXIT['run-failed'], 'failed'],
      ['emulator-canceled-key', EXIT.canceled, 'canceled']
    ])('%s: the run ends as the table says', async (key, exit, verdict) => {
      const result = await deploy(key, '--wait')
      expect(result.exitCode).toBe(exit)
      const outputs = JSON.parse(result.stdout) as Record<string, unknown>
      expect(outputs.verdict).toBe(verdict)
      const listed = await fetch(`${emulator.baseUrl}/api/v0/runs`, {
        headers: { authorization: `Bearer ${key}` }
      })
      const { runs } = (await listed.json()) as { runs: { id: string; status: string }[] }
      expect(runs).toEqual([expect.objectContaining({ id: outputs.runId, status: verdict })])
    })

    it('emulator-failing-key: two blocking bugs and one not', async () => {
      const outputs = JSON.parse((await deploy('emulator-failing-key', '--wait')).stdout) as Record<
        string,
        string
      >
      expect([outputs.blockingBugsCount, outputs.nonBlockingBugsCount]).toEqual([2, 1])
    })

    it('emulator-endless-key: the wait ends at its timeout', async () => {
      const result = await deploy(
        'emulator-endless-key',
        '--wait',
        '--wait-timeout-minutes',
        '0.02'
      )
      expect(result.exitCode).toBe(EXIT['timed-out'])
      const listed = await fetch(`${emulator.baseUrl}/api/v0/runs`, {
        headers: { authorization: 'Bearer emulator-endless-key' }
      })
      expect(((await listed.json()) as { runs: { status: string }[] }).runs[0]?.status).toBe(
        'running'
      )
    })

    it.each([
      ['emulator-unavailable-key', /503/],
      ['emulator-no-such-key-000', /401|missing or invalid/],
      ['emulator-disabled-key', /403|disabled/]
    ])('%s: the deploy fails', async (key, words) => {
      const result = await deploy(key)
      expect(result.exitCode).toBe(EXIT['deploy-failed'])
      expect(result.stderr).toMatch(words)
    })

    it('docs/development.md lists every key the emulator serves', async () => {
      const text = await readFile(join(ROOT, 'docs/development.md'), 'utf8')
      const listed = [...text.matchAll(/^\| `(emulator-[a-z0-9-]+)` +\|/gm)].map(m => m[1])
      expect(listed).toEqual(served.map(s => s.key))
    })
  })
})

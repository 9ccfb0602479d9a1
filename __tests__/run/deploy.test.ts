// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { PRODUCT_VERSION } from '../../src/core/shared/version.js'
import { WRITTEN_APPS } from '../helpers/builds.js'
import {
  expectFailure,
  requestsOf,
  step,
  writeArtifact,
  scalarOutputs
} from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { render } from '../helpers/markdown.js'

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
    expect(second.stdout).toContain('the run already existed')
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
      environmentId: 'env_staging'
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

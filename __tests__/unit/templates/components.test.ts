/**
 * The GitLab CI/CD components (templates/) and the pipelines of
 * docs/gitlab.md, held to GitLab's own rules: each header against the spec of
 * GitLab's CI schema, each component's jobs once its inputs are interpolated
 * as GitLab does it (with the defaults, and with typical inputs), the docs'
 * pipelines expanded and checked the same way, and the pipelines GitLab
 * creates from them for a push and for a merge request. Each component
 * installs the CLI with wrappers/install-cli.sh's installer, word for word,
 * from release.json's tarball and pin. The pipelines themselves run in
 * gitlab-ci-local (e2e/gitlab).
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import {
  CANONICAL_INSTALLER,
  RELEASE,
  installerBlock,
  releaseTarballUrl
} from '../../helpers/cli-release.js'
import {
  createPipeline,
  docsPipelines,
  eventVariables,
  expandIncludes,
  gitlabSchema,
  interpolate,
  jobsOf,
  parseComponent,
  readProject,
  resolveInputs,
  type Component,
  type Inputs
} from '../../helpers/gitlab.js'

const run = promisify(execFile)
const schema = gitlabSchema()
const COMPONENTS = ['deploy', 'preview', 'wait', 'terminate', 'collect', 'skip'] as const
type Name = (typeof COMPONENTS)[number]

const component = (name: Name): Component =>
  parseComponent(readProject(`templates/${name}.yml`), `templates/${name}.yml`)

/** The jobs of a component as GitLab makes them from `include:` with these inputs. */
const jobsWith = (name: Name, given: Inputs) => {
  const { inputs, body } = component(name)
  return interpolate(body, resolveInputs(inputs, given, name)) as Record<
    string,
    { variables: Record<string, unknown>; script: string[] }
  >
}

/** The required inputs alone (every other input at its default), and the inputs a typical pipeline gives. */
const REQUIRED: Record<Name, Inputs> = {
  deploy: { file: 'app-release.apk' },
  preview: { file: 'app-release.apk', 'name-prefix': 'myapp' },
  wait: {},
  terminate: {},
  collect: {},
  skip: { 'expected-app-id': 'com.example.shop' }
}
const TYPICAL: Record<Name, Inputs> = {
  deploy: {
    'job-name': 'deploy-android',
    stage: 'test',
    file: 'app/build/outputs/apk/release/*.apk',
    'name-prefix': 'myapp',
    environment: 'staging',
    variables: '{"LOCALE":"de"}',
    'fail-on-no-run': false,
    wait: true,
    'wait-timeout-minutes': 90,
    'max-attempts': 3,
    'base-url': 'https://service.example.com'
  },
  preview: {
    file: 'app-release.apk',
    'name-prefix': 'myapp',
    wait: false,
    'environment-name': 'review/$CI_MERGE_REQUEST_IID',
    'auto-stop-in': '3 days'
  },
  wait: { 'deploy-job': 'deploy-android', stage: 'verify', 'wait-timeout-minutes': 90 },
  terminate: { 'deploy-job': 'deploy-android', 'environment-id': 'env_42' },
  collect: { stage: 'verify', 'wait-timeout-minutes': 120, 'collect-max-requests': 500 },
  skip: {
    'expected-app-id': 'android:com.example.shop ios:com.example.Shop',
    'skip-reason': 'Only the docs changed.'
  }
}

describe.each(COMPONENTS)('templates/%s.yml', name => {
  it("has a header GitLab's schema accepts: spec with inputs alone", () => {
    expect(schema.header(component(name).header)).toEqual([])
  })

  it.each([
    ['the defaults', REQUIRED[name]],
    ['typical inputs', TYPICAL[name]]
  ])("makes jobs GitLab's schema accepts, with %s", (_, given) => {
    const jobs = jobsWith(name, given)
    expect(Object.keys(jobs).length).toBeGreaterThan(0)
    expect(schema.config(jobs)).toEqual([])
  })

  it('gives every input a description, runs on a maintained Node, and says so', () => {
    const { inputs } = component(name)
    for (const [input, spec] of Object.entries(inputs))
      expect([input, spec?.description]).toEqual([input, expect.stringMatching(/\w/)])
    expect(inputs.image?.default).toMatch(/^node:(22|24)$/)
    expect(readProject(`templates/${name}.yml`)).not.toMatch(
      /Node 20|node:20|\bnpx\b|\bnpm (?:i|install|exec|ci)\b|mobile-build-deploy@/
    )
  })

  it("installs the CLI with wrappers/install-cli.sh's installer, from the tarball and pin of its inputs", () => {
    const jobs = jobsWith(name, {
      ...REQUIRED[name],
      'cli-package': 'file:///cli.tgz',
      'cli-sha256': 'f'.repeat(64)
    })
    for (const [job, { variables, script }] of Object.entries(jobs)) {
      const install = script.findIndex(line => line.includes('(begin)'))
      expect([job, installerBlock(script[install]!)]).toEqual([job, CANONICAL_INSTALLER])
      // The installer, then its call and nothing else; then the CLI it unpacked.
      expect(script[install]).toBe(
        `${CANONICAL_INSTALLER}mbd_install_cli "$MBD_CLI_PACKAGE" "$MBD_CLI_SHA256"\n`
      )
      // The CLI runs next: at once, or for each environment a terminate ends.
      expect(script[install + 1]).toMatch(
        /(^|\n)\s*node "\$MBD_CLI_JS" (deploy|wait|terminate|collect|skip) /
      )
      expect(variables).toMatchObject({
        MBD_CLI_PACKAGE: 'file:///cli.tgz',
        MBD_CLI_SHA256: 'f'.repeat(64)
      })
    }
  })

  it("defaults to release.json's tarball and pinned SHA-256", () => {
    const { inputs } = component(name)
    expect(inputs['cli-package']?.default).toBe(releaseTarballUrl())
    expect(inputs['cli-sha256']?.default).toBe(RELEASE.cliSha256)
  })
})

describe('the components as GitLab interpolates them', () => {
  it('keeps booleans and numbers typed where a whole value is one input', () => {
    const [deploy] = Object.values(jobsWith('deploy', TYPICAL.deploy))
    expect(deploy!.variables).toMatchObject({
      MBD_WAIT: true,
      MBD_FAIL_ON_NO_RUN: false,
      MBD_WAIT_TIMEOUT_MINUTES: 90
    })
  })

  it('refuses what GitLab refuses: a wrong type, an unknown input, a missing name prefix, a name prefix with a space', () => {
    expect(() => jobsWith('deploy', { file: 'a.apk', wait: 'true' })).toThrow('not a boolean')
    expect(() => jobsWith('deploy', { file: 'a.apk', 'cli-version': '1' })).toThrow('unknown input')
    expect(() => jobsWith('preview', { file: 'a.apk' })).toThrow('`name-prefix` input: required')
    // A deploy of an earlier upload gives no file: GitLab takes it, and the CLI refuses a deploy with neither.
    expect(jobsWith('deploy', { 'run-input-path': 'builds/app.apk' })).toBeDefined()
    expect(() => jobsWith('preview', { file: 'a.apk', 'name-prefix': 'my app' })).toThrow(
      'does not match'
    )
    // A required name given empty would name nothing: every merge request's preview one destination.
    expect(() => jobsWith('preview', { file: 'a.apk', 'name-prefix': '' })).toThrow(
      'does not match'
    )
    expect(() => jobsWith('skip', { 'expected-app-id': '' })).toThrow('does not match')
    expect(() => jobsWith('skip', {})).toThrow('`expected-app-id` input: required')
  })

  it("the preview's stop job checks nothing out and runs by hand; its environment links the run", () => {
    const jobs = jobsWith('preview', REQUIRED.preview) as unknown as Record<
      string,
      Record<string, unknown>
    >
    expect(jobs['mobile-build-preview']).toMatchObject({
      environment: { url: '$runUrl', on_stop: 'mobile-build-preview-stop' }
    })
    expect(jobs['mobile-build-preview-stop']).toMatchObject({
      variables: { GIT_STRATEGY: 'none' },
      rules: [{ if: '$CI_MERGE_REQUEST_IID', when: 'manual' }],
      environment: { action: 'stop' }
    })
  })

  it("checks the project out in every job but the preview's stop job, so a copied CLI tarball is there (docs/gitlab.md)", () => {
    const unchecked = COMPONENTS.flatMap(name =>
      Object.entries(
        jobsWith(name, REQUIRED[name]) as unknown as Record<
          string,
          { variables?: Record<string, unknown> }
        >
      )
        .filter(([, job]) => job.variables?.GIT_STRATEGY === 'none')
        .map(([job]) => job)
    )
    expect(unchecked).toEqual(['mobile-build-preview-stop'])
  })

  it('the header GitLab refused before (spec: description) stays refused', () => {
    const { header } = component('deploy')
    const spec = header.spec as object
    expect(schema.header({ spec: { description: 'Uploads a mobile build.', ...spec } })).toEqual([
      expect.stringContaining('"additionalProperty":"description"')
    ])
  })
})

describe('the wait job after a deploy that created no run', () => {
  it('says the deploy job created no run and exits 1 (the deploy failed), naming no flag', async () => {
    const [wait] = Object.values(jobsWith('wait', {}))
    const guard = wait!.script[0]!
    expect(guard).not.toContain('mbd_install_cli')
    const result = await run('sh', ['-c', guard], {
      env: { PATH: process.env.PATH, MBD_RUN_ID: '', MBD_DEPLOY_JOB: 'mobile-build-deploy' }
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      'Error: there is no run to wait for: the deploy job mobile-build-deploy handed over no runIds (it created no run, or it is not in needs; its log says why).\n'
    )
    // With a run id the guard lets the job go on.
    await expect(
      run('sh', ['-c', guard], { env: { PATH: process.env.PATH, MBD_RUN_ID: 'run_1' } })
    ).resolves.toBeDefined()
  })
})

describe('the terminate job', () => {
  /** Its loop as the runner runs it, the CLI a function that prints each call's arguments. */
  const endAll = (ids: string) => {
    const [terminate] = Object.values(jobsWith('terminate', { 'environment-id': ids }))
    const loop = terminate!.script.find(line => line.includes('for mbd_id'))!
    return run('sh', ['-c', `node() { printf '[%s]' "$@"; echo; }\n${loop}`], {
      env: {
        ...Object.fromEntries(Object.entries(terminate!.variables).map(([k, v]) => [k, String(v)])),
        PATH: process.env.PATH,
        MBD_CLI_JS: 'cli.js'
      }
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error
    )
  }

  it('ends each environment handed over in turn, and fails naming the input when there is none', async () => {
    const two = await endAll('env_1 env_2')
    expect(two.stdout).toBe(
      '[cli.js][terminate][--environment-id][env_1][--max-attempts=5]\n[cli.js][terminate][--environment-id][env_2][--max-attempts=5]\n'
    )
    for (const none of ['', '   ']) {
      const ended = await endAll(none)
      expect([ended.code, ended.stdout]).toEqual([2, ''])
      expect(ended.stderr).toMatch(/^Error: no environment to end: environment-id is empty/)
    }
  })
})

describe('docs/gitlab.md', () => {
  const BRANCH = eventVariables({ branch: 'main' })
  const BRANCH_WITH_MR = eventVariables({
    branch: 'feature/login',
    openMergeRequest: 'mobile/shop!42'
  })
  const MERGE_REQUEST = eventVariables({
    mergeRequest: { iid: 42, source: 'feature/login', target: 'main', reference: 'mobile/shop!42' }
  })
  const jobNames = (pipeline: Record<string, unknown> | undefined) =>
    pipeline && Object.keys(jobsOf(pipeline)).sort()

  it("includes this catalog's components at the release's version, with inputs their specs declare and require", async () => {
    const pipelines = await docsPipelines()
    expect(pipelines.flatMap(p => p.versions)).toEqual(Array(7).fill(RELEASE.version))
    // expandIncludes refuses an unknown input and a missing required one, as GitLab does.
    for (const { pipeline } of pipelines)
      expect(() => expandIncludes(pipeline, readProject)).not.toThrow()
  })

  it("makes configurations GitLab's schema accepts", async () => {
    for (const { pipeline } of await docsPipelines())
      expect(schema.config(expandIncludes(pipeline, readProject))).toEqual([])
  })

  it('creates the pipelines GitLab would, one per push, never two for a merge request', async () => {
    const created = (await docsPipelines()).map(({ pipeline }) => {
      const config = expandIncludes(pipeline, readProject)
      return [BRANCH, MERGE_REQUEST, BRANCH_WITH_MR].map(event =>
        jobNames(createPipeline(config, event))
      )
    })
    expect(created).toEqual([
      // From a copy (include: local): the deploy to the static environment on the default branch only.
      [['build-app', 'mobile-build-deploy'], undefined, ['build-app']],
      // The static environment's deploy (and the job that reads it) on the default branch only.
      [
        ['build-app', 'mobile-build-deploy', 'report'],
        ['build-app', 'mobile-build-preview', 'mobile-build-preview-stop'],
        // The branch's pipeline while its merge request is open: workflow:rules leave it out.
        undefined
      ],
      // No workflow:rules: jobs without rules run in branch pipelines only; the deploy and its wait on the default one.
      [
        ['build-android', 'build-ios', 'mobile-build-deploy', 'mobile-build-wait'],
        undefined,
        ['build-android', 'build-ios']
      ],
      [['build-app', 'deploy-build'], undefined, ['build-app']],
      // Two platforms: both build jobs on every branch, the one deploy job on the default one.
      [
        ['build-android', 'build-ios', 'mobile-build-deploy'],
        undefined,
        ['build-android', 'build-ios']
      ],
      // report-later: merge requests' pipelines deploy; a push makes none.
      [undefined, ['build-app', 'mobile-build-deploy'], undefined]
    ])
  })

  it("report-later's pipeline: a schedule's runs the collect alone", async () => {
    const { pipeline } = (await docsPipelines())[5]!
    const scheduled = eventVariables({ branch: 'main', scheduled: true })
    expect(jobNames(createPipeline(expandIncludes(pipeline, readProject), scheduled))).toEqual([
      'mobile-build-collect'
    ])
  })

  it("installs the CLI from release.json's tarball and pin, never from a registry", async () => {
    const text = await readFile(join(ROOT, 'docs/gitlab.md'), 'utf8')
    expect(text.match(/\bnpx\b|\bnpm (?:i|install|exec)\b|mobile-build-deploy@/g)).toBeNull()
    const plain = (await docsPipelines())[3]!.pipeline
    expect(jobsOf(plain)['deploy-build']!.variables).toEqual({
      MBD_CLI_PACKAGE: releaseTarballUrl(),
      MBD_CLI_SHA256: RELEASE.cliSha256
    })
  })
})

describe("the components' own GitLab project (.gitlab-ci.yml)", () => {
  const config = async () =>
    parse(await readFile(join(ROOT, '.gitlab-ci.yml'), 'utf8')) as Record<string, unknown>
  const tag = (name: string) => ({
    CI_COMMIT_TAG: name,
    CI_COMMIT_REF_NAME: name,
    CI_DEFAULT_BRANCH: 'main',
    CI_PIPELINE_SOURCE: 'push'
  })

  it("is a configuration GitLab's schema accepts", async () => {
    expect(schema.config(await config())).toEqual([])
  })

  it('releases by the release keyword on a semantic-version tag, the name the docs include @', async () => {
    const pipeline = createPipeline(await config(), tag(RELEASE.version))!
    const release = jobsOf(pipeline)['release-components']!
    expect(release.release).toMatchObject({ tag_name: '$CI_COMMIT_TAG' })
    const text = await readFile(join(ROOT, 'docs/gitlab.md'), 'utf8')
    const included = [...text.matchAll(/\$CI_SERVER_FQDN\/\S+\/\w+@(\S+)/g)].map(m => m[1])
    expect(new Set(included)).toEqual(new Set([RELEASE.version]))
    // GitHub's tag (vX.Y.Z) and a branch of another name release nothing here.
    expect(createPipeline(await config(), tag(`v${RELEASE.version}`))).toBeUndefined()
    const onMain = createPipeline(await config(), eventVariables({ branch: 'main' }))!
    expect(Object.keys(jobsOf(onMain))).toEqual(['check-components'])
  })
})

import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse, parseAllDocuments } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import { ACTION_REFERENCE } from '../../helpers/cli-release.js'
import { readAction } from '../../../script/docs.js'
import {
  githubParser,
  checkWorkflow,
  repositoryWorkflows,
  unpinnedActions,
  type Workflow,
  type WorkflowSource
} from '../../../script/workflow-check.js'
import {
  codeBlocks,
  docsWorkflows,
  fencedBlocks,
  PAGES,
  workflowShape
} from '../../../script/docs-pages.js'

const WORKFLOWS = join(ROOT, '.github', 'workflows')
const local = (uses: string): boolean => uses === './'
/** This action as the docs use it: published, or copied into the app (npm run copy) and used by its path. */
const COPIED = './.github/actions/mobile-build-deploy'
const published = (uses: string): boolean => uses === ACTION_REFERENCE || uses === COPIED

describe('workflow files', () => {
  it('exist: ci, check-dist, self-test, codeql, release', async () => {
    expect((await readdir(WORKFLOWS)).sort()).toEqual([
      'check-dist.yml',
      'ci.yml',
      'codeql.yml',
      'github-openapi.yml',
      'release.yml',
      'self-test.yml'
    ])
  })

  it('pass only declared inputs to uses: ./ and read only outputs that exist', async () => {
    const action = await readAction()
    for (const file of await readdir(WORKFLOWS)) {
      const workflow = parse(await readFile(join(WORKFLOWS, file), 'utf8')) as Workflow
      expect(checkWorkflow(workflow, action, local, file)).toEqual([])
    }
  })

  it('give every job least-privilege permissions', async () => {
    for (const file of await readdir(WORKFLOWS)) {
      const workflow = parse(await readFile(join(WORKFLOWS, file), 'utf8')) as {
        permissions?: unknown
        jobs: Record<string, { permissions?: unknown }>
      }
      expect([file, workflow.permissions]).toEqual([file, { contents: 'read' }])
      for (const [name, job] of Object.entries(workflow.jobs))
        expect([file, name, job.permissions === undefined]).toEqual([file, name, false])
    }
  })

  it('self-test chains the outputs into a second job', async () => {
    const workflow = parse(await readFile(join(WORKFLOWS, 'self-test.yml'), 'utf8')) as {
      jobs: Record<string, Record<string, unknown>>
    }
    const [first, second] = Object.values(workflow.jobs)
    expect(JSON.stringify(first!.steps)).toContain('"uses":"./"')
    expect(Object.values(first!.outputs as Record<string, string>).join(' ')).toMatch(
      /outputs\.runId.*outputs\.playgroundFileLocation/
    )
    expect(JSON.stringify(second)).toContain('needs.deploy.outputs.run-id')
  })
})

describe("the GitHub examples of the README and the action's page", () => {
  it('pass only declared inputs and read only outputs that exist', async () => {
    const action = await readAction()
    const pages = ['README.md', 'docs/action.md']
    const blocks = (await Promise.all(pages.map(page => codeBlocks(page, 'yaml')))).flat()
    expect(blocks.length).toBeGreaterThanOrEqual(10)
    for (const [index, block] of blocks.entries()) {
      const document = parseAllDocuments(block)[0]!.toJS() as unknown
      // A bare step list is checked as the steps of one job.
      const workflow: Workflow = Array.isArray(document)
        ? { jobs: { example: { steps: document } } }
        : (document as Workflow)
      expect(checkWorkflow(workflow, action, published, `example ${index + 1}`)).toEqual([])
    }
  })
})

describe('checkWorkflow', () => {
  const action = { inputs: { 'api-key': { required: true }, file: {} }, outputs: { runId: {} } }

  it('finds an undeclared input, a missing required one, and outputs that do not exist', () => {
    const workflow: Workflow = {
      jobs: {
        a: {
          outputs: { id: '${{ steps.m.outputs.runID }}' },
          steps: [{ id: 'm', uses: './', with: { fiel: 'x.apk' } }]
        },
        b: {
          needs: 'a',
          steps: [
            {
              uses: 'x/y@v1',
              with: { v: '${{ needs.a.outputs.nope }} ${{ needs.c.outputs.id }}' }
            },
            { run: 'echo "${{ needs.a.outputs.id }}"' }
          ]
        },
        c: { steps: [{ uses: 'x/y@v1', with: { v: '${{ steps.ghost.outputs.id }}' } }] }
      }
    }
    expect(checkWorkflow(workflow, action, local, 'w.yml')).toEqual([
      "w.yml: job a, step m passes input 'fiel', which action.yml does not declare",
      "w.yml: job a, step m lacks the required input 'api-key'",
      'w.yml: job a reads steps.m.outputs.runID, which action.yml does not declare',
      'w.yml: job b, step 2 expands ${{ needs.a.outputs.id }} inside run:; pass it through env: instead',
      'w.yml: job b reads needs.a.outputs.nope, which job a does not declare',
      'w.yml: job b reads needs.c.outputs.id, but does not need c',
      "w.yml: job c reads steps.ghost.outputs.id, but has no step 'ghost'"
    ])
  })

  it('accepts a consistent workflow', () => {
    const workflow: Workflow = {
      jobs: {
        a: {
          outputs: { id: '${{ steps.m.outputs.runId }}' },
          steps: [{ id: 'm', uses: './', with: { 'api-key': 'k', file: 'x' } }]
        },
        b: { needs: ['a'], steps: [{ uses: 'x/y@v1', with: { v: '${{ needs.a.outputs.id }}' } }] }
      }
    }
    expect(checkWorkflow(workflow, action, local, 'w.yml')).toEqual([])
  })
})

describe('the pins of the actions', () => {
  // actionlint over every workflow of the repository and the docs is npm run lint:workflows' (in npm run check);
  // what it refuses is the end-to-end suite's (workflows.e2e.test.ts): its Go wasm takes seconds to compile.
  const bad: WorkflowSource = {
    path: 'bad.yml',
    lineOf: line => line,
    text: readFileSync(join(ROOT, '__tests__/fixtures/github/bad.yml'), 'utf8')
  }

  it('find an action pinned to a tag, and a SHA without its version', () => {
    expect(unpinnedActions(bad)).toEqual([
      'bad.yml:8: job test, step 1 uses actions/checkout@v4, not pinned to a full commit SHA',
      'bad.yml:12: job test, step 3 uses actions/setup-node@0123456789abcdef0123456789abcdef01234567 without its version in a comment (# vX.Y.Z)'
    ])
  })

  it("map each line of a docs workflow to the page's line, around the lines that wrap a fragment", async () => {
    const shown = await docsWorkflows()
    expect(shown.length).toBeGreaterThanOrEqual(10)
    let checked = 0
    for (const source of shown) {
      const page = (await readFile(join(ROOT, source.path), 'utf8')).split('\n')
      const blocks = await fencedBlocks(source.path, 'yaml')
      const inBlock = (at: number) =>
        blocks.some(b => at >= b.line && at < b.line + b.text.split('\n').length - 1)
      for (const [index, line] of source.text.split('\n').entries()) {
        const at = source.lineOf(index + 1)
        // The lines that wrap a fragment map above its block, outside it.
        if (!inBlock(at)) continue
        checked++
        expect([source.path, at, page[at - 1]!.trim()]).toEqual([source.path, at, line.trim()])
      }
    }
    expect(checked).toBeGreaterThan(200)
  })
})

describe("the docs' GitHub workflows", () => {
  const GITHUB_PAGES = ['README.md', 'docs/action.md', 'docs/troubleshooting.md']

  it("are every YAML block of the GitHub pages, and none of the other CIs' pages", async () => {
    for (const page of PAGES) {
      for (const block of await fencedBlocks(page, 'yaml')) {
        const github = workflowShape(block.text) !== undefined
        expect([page, block.line, github]).toEqual([page, block.line, GITHUB_PAGES.includes(page)])
      }
    }
  })

  interface Job {
    environment?: unknown
    permissions?: Record<string, string>
    steps?: { uses?: string; with?: Record<string, unknown> }[]
  }
  interface Shown {
    on?: unknown
    permissions?: Record<string, string>
    jobs?: Record<string, Job>
  }
  /** Each GitHub workflow of the docs as written, and the events that start it ('unknown' for a fragment). */
  async function shownWorkflows(): Promise<{ where: string; workflow: Shown; events: string[] }[]> {
    const found = []
    for (const page of GITHUB_PAGES) {
      for (const block of await fencedBlocks(page, 'yaml')) {
        const shape = workflowShape(block.text)
        if (!shape) continue
        const parsed = parse(block.text) as unknown
        const workflow = (
          shape === 'steps' ? { jobs: { example: { steps: parsed } } } : parsed
        ) as Shown
        const on = workflow.on
        const events =
          shape !== 'workflow'
            ? ['unknown']
            : typeof on === 'string'
              ? [on]
              : Array.isArray(on)
                ? (on as string[])
                : Object.keys(on as object)
        found.push({ where: `${page}:${block.line}`, workflow, events })
      }
    }
    return found
  }
  const PULL_REQUEST = ['pull_request', 'pull_request_target', 'workflow_run', 'unknown']
  const thisAction = (uses: string | undefined) => uses !== undefined && published(uses)
  /** A step that uploads and notifies: a deployment under some environment's name. */
  const deploys = (input: Record<string, unknown>) => 'file' in input && input.notify !== false
  /** A static environment on pushes only: empty, so the pull request's name, on any other event. */
  const PUSH_ONLY = /^\$\{\{ github\.event_name == 'push' && '[\w-]+' \|\| '' \}\}$/

  it("deploy a pull request's build under the pull request's own environment (name-prefix alone), never a static one", async () => {
    let checked = 0
    for (const { where, workflow, events } of await shownWorkflows()) {
      if (!events.some(event => PULL_REQUEST.includes(event))) continue
      for (const job of Object.values(workflow.jobs ?? {})) {
        for (const step of job.steps ?? []) {
          if (!thisAction(step.uses) || !deploys(step.with ?? {})) continue
          const input = step.with!
          checked++
          expect([where, 'name-prefix' in input, 'destination' in input]).toEqual([
            where,
            true,
            false
          ])
          if ('environment' in input)
            expect([where, input.environment]).toEqual([where, expect.stringMatching(PUSH_ONLY)])
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4)
  })

  it('give a job that reports the verdict on a pull request checks: write and pull-requests: write, the quick start among them', async () => {
    const shown = await shownWorkflows()
    let checked = 0
    for (const { where, workflow, events } of shown) {
      if (!events.some(event => PULL_REQUEST.includes(event))) continue
      for (const job of Object.values(workflow.jobs ?? {})) {
        const waits = (job.steps ?? []).some(
          step =>
            thisAction(step.uses) && (step.with?.wait === true || 'run-id' in (step.with ?? {}))
        )
        if (!waits) continue
        checked++
        const permissions = job.permissions ?? workflow.permissions ?? {}
        expect([where, permissions]).toEqual([
          where,
          expect.objectContaining({ checks: 'write', 'pull-requests': 'write' })
        ])
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3)
    // The quick start: the README's first workflow, on pull requests, with every permission it needs.
    const [quickStart] = shown
    expect(quickStart!.where).toMatch(/^README\.md:/)
    expect(quickStart!.events).toEqual(['pull_request'])
    const [job] = Object.values(quickStart!.workflow.jobs!)
    expect(job!.permissions).toEqual({
      contents: 'read',
      checks: 'write',
      'pull-requests': 'write'
    })
  })

  it("deploy a fork's build (workflow_run) from a job behind a GitHub environment, for its required reviewers", async () => {
    let checked = 0
    for (const { where, workflow, events } of await shownWorkflows()) {
      if (!events.includes('workflow_run')) continue
      for (const job of Object.values(workflow.jobs ?? {})) {
        if (!(job.steps ?? []).some(step => thisAction(step.uses) && deploys(step.with ?? {})))
          continue
        checked++
        expect([where, job.environment]).toEqual([where, expect.any(String)])
      }
    }
    expect(checked).toBe(1)
  })

  it('use the major versions of the actions the project pins in its own workflows', async () => {
    const pinned = new Map<string, string>()
    for (const source of await repositoryWorkflows())
      for (const [, action, major] of source.text.matchAll(
        /uses: ([\w./-]+)@[0-9a-f]{40} # (v\d+)\./g
      ))
        pinned.set(action!, major!)
    let checked = 0
    for (const page of GITHUB_PAGES) {
      for (const block of await fencedBlocks(page, 'yaml')) {
        for (const [, action, version] of block.text.matchAll(/uses: ([\w./-]+)@(v\d+)\b/g)) {
          if (!pinned.has(action!)) continue
          checked++
          expect([page, action, version]).toEqual([page, action, pinned.get(action!)])
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5)
  })
})

describe('dependabot.yml', () => {
  it("keeps the npm packages and the workflows' pinned actions current, weekly", async () => {
    const config = parse(await readFile(join(ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string } }[]
    }
    expect(
      config.updates.map(u => [u['package-ecosystem'], u.directory, u.schedule.interval])
    ).toEqual([
      ['npm', '/', 'weekly'],
      ['github-actions', '/', 'weekly']
    ])
  })
})

describe('release.yml', () => {
  interface Step {
    name?: string
    uses?: string
    if?: string
    run?: string
    env?: Record<string, string>
    with?: Record<string, string>
  }
  interface Job {
    needs?: string
    permissions: Record<string, string>
    env?: Record<string, string>
    steps: Step[]
  }
  const release = async () =>
    parse(await readFile(join(WORKFLOWS, 'release.yml'), 'utf8')) as {
      on: { push: { tags: string[] } }
      concurrency: unknown
      jobs: { build: Job; publish: Job }
    }

  it('runs on a version tag, one release at a time: the checks and every test, then packs the package it checks against the pin', async () => {
    const { on, jobs, concurrency } = await release()
    expect(concurrency).toEqual({ group: 'release', 'cancel-in-progress': false })
    expect(on).toEqual({ push: { tags: ['v*.*.*'] } })
    const runs = jobs.build.steps.flatMap(step => step.run ?? [])
    const order = ['npm ci', 'npm run check', 'npm test', 'npm run test:e2e', 'npm pack'].map(
      command => runs.findIndex(run => run.includes(command))
    )
    expect(order.every(index => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(jobs.build.permissions).toEqual({ contents: 'read' })
  })

  it('publishes after the build: a release with the tarball, its .sha256 and the orb, an attestation, npm by trusted publishing, the major tag', async () => {
    const { publish } = (await release()).jobs
    expect(publish.needs).toBe('build')
    expect(publish.permissions).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write'
    })
    // Trusted publishing: no npm token anywhere, the job's OIDC token is npm's credential.
    expect(JSON.stringify(publish)).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN|registry-url/)
    expect(publish.steps.map(step => step.name).filter(name => name?.includes('npm'))).toEqual([
      'Whether to publish to npm (the repository variable NPM_PUBLISH)',
      "Publish to npm, by trusted publishing (GitHub's OIDC; provenance is automatic)"
    ])
    // No code of the project, its dependencies or its tests runs in the job that publishes.
    const commands = publish.steps.map(step => step.run ?? '').join('\n')
    expect(commands).not.toMatch(/\bnpm (ci|install|test|run)\b|\bnpx\b|\btsx\b|node -e|require\(/)
    const pinCheck = publish.steps.find(step => step.run?.includes('jq -r .cliSha256 release.json'))
    expect(pinCheck?.name).toBe('The tarball is the one release.json pins at the tag')
    const attest = publish.steps.find(step =>
      step.uses?.startsWith('actions/attest-build-provenance@')
    )
    expect(attest?.with?.['subject-path']?.split('\n').filter(Boolean)).toEqual([
      'dist/index.js',
      'release-assets/mobile-build-deploy-*.tgz'
    ])
    const npm = publish.steps.find(step => step.run?.includes('npm publish'))!
    expect(npm.if).toBe("steps.npm.outputs.publish == 'true'")
    expect(npm.run).toMatch(
      /^tarball="release-assets\/[^"]+\.tgz"$[\s\S]*^if ! npm publish "\$tarball" --access public; then$/m
    )
    const runs = publish.steps.map(step => step.run ?? '').join('\n')
    expect(runs).toContain('gh release create "$TAG" "${assets[@]}" --verify-tag')
    expect(runs).toContain('circleci orb publish')
    expect(runs).toMatch(/refs\/tags\/\$major/)
  })
})

describe("GitHub's own workflow parser (@actions/workflow-parser)", () => {
  it('refuses what GitHub refuses: an unknown key, a permission level that does not exist', async () => {
    const problems = await githubParser({
      path: 'bad.yml',
      lineOf: line => line,
      text: [
        'on: push',
        'jobs:',
        '  a:',
        '    runs-on: ubuntu-latest',
        '    stepz: []',
        '    permissions:',
        '      checks: writ'
      ].join('\n')
    })
    expect(problems).toEqual([
      "bad.yml: bad.yml (Line: 5, Col: 5): Unexpected value 'stepz' [workflow-parser]",
      "bad.yml: bad.yml (Line: 7, Col: 15): Unexpected value 'writ' [workflow-parser]"
    ])
  })
})

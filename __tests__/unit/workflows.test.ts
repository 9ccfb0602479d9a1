import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse, parseAllDocuments } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { readAction } from '../../script/docs.js'
import { checkWorkflow, type Workflow } from '../../script/workflow-check.js'
import { codeBlocks } from '../helpers/docs.js'

const WORKFLOWS = join(ROOT, '.github', 'workflows')
const local = (uses: string): boolean => uses === './'
const published = (uses: string): boolean => uses === '<owner>/<repo>@v1'

describe('workflow files', () => {
  it('exist: ci, check-dist, self-test, codeql', async () => {
    expect((await readdir(WORKFLOWS)).sort()).toEqual([
      'check-dist.yml',
      'ci.yml',
      'codeql.yml',
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

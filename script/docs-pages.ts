/** The code blocks of the docs, so that tests run the examples as a reader copies them. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'

/** A fenced block of a page and the line of the page its first line is on. */
export interface Block {
  page: string
  line: number
  text: string
}

/** Every fenced block of `language` in a page of the project (README.md, docs/x.md), in order, with its line. */
export async function fencedBlocks(page: string, language: string): Promise<Block[]> {
  const text = await readFile(join(ROOT, page), 'utf8')
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm')
  return [...text.matchAll(fence)].map(m => ({
    page,
    // The block starts on the line after its opening fence.
    line: text.slice(0, m.index).split('\n').length + 1,
    text: m[1]!
  }))
}

/** Every fenced block of `language` in a page of the project (README.md, docs/x.md), in order. */
export async function codeBlocks(page: string, language: string): Promise<string[]> {
  return (await fencedBlocks(page, language)).map(block => block.text)
}

/** The pages of the docs: the README and every page under docs/. */
export const PAGES = [
  'README.md',
  'docs/action.md',
  'docs/cli.md',
  'docs/library.md',
  'docs/gitlab.md',
  'docs/bitbucket.md',
  'docs/circleci.md',
  'docs/bitrise.md',
  'docs/jenkins.md',
  'docs/fastlane.md',
  'docs/troubleshooting.md',
  'docs/development.md'
] as const

/** The keys a step of a GitHub workflow may have; a CircleCI or Bitrise step list has others. */
const STEP_KEYS = new Set([
  'id',
  'if',
  'name',
  'uses',
  'run',
  'shell',
  'with',
  'env',
  'working-directory',
  'continue-on-error',
  'timeout-minutes'
])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What a YAML block of the docs is, for a GitHub workflow's lint: a whole
 * workflow (`on:` and `jobs:`), a workflow's jobs without its trigger, a bare
 * list of steps (a step "after the one that builds the app"), or something
 * else (a GitLab pipeline, a CircleCI config, a Bitrise workflow).
 */
export function workflowShape(block: string): 'workflow' | 'jobs' | 'steps' | undefined {
  const document = parseAllDocuments(block)[0]?.toJS() as unknown
  if (Array.isArray(document)) {
    const steps = document.every(
      step => isObject(step) && Object.keys(step).every(key => STEP_KEYS.has(key))
    )
    return steps && document.some(step => 'uses' in step) ? 'steps' : undefined
  }
  if (!isObject(document) || !isObject(document.jobs)) return undefined
  // A GitHub job runs on a runner (runs-on) or calls a reusable workflow (uses); CircleCI's have executors.
  const jobs = Object.values(document.jobs)
  if (!jobs.every(job => isObject(job) && ('runs-on' in job || 'uses' in job))) return undefined
  return 'on' in document ? 'workflow' : 'jobs'
}

/**
 * Every GitHub workflow shown in the docs, as actionlint reads a workflow
 * file. A block that is a whole workflow is linted as it is. The others are
 * wrapped into the smallest workflow that holds them, and only with lines
 * above the block, so that a line of the lint maps back to the page's line:
 * jobs without a trigger get `on: push`; a bare list of steps becomes, indented,
 * the steps of one job on `ubuntu-latest`, under `on: push`.
 */
export async function docsWorkflows(pages: readonly string[] = PAGES): Promise<WorkflowSource[]> {
  const sources: WorkflowSource[] = []
  for (const page of pages) {
    for (const block of await fencedBlocks(page, 'yaml')) {
      const shape = workflowShape(block.text)
      if (!shape) continue
      const header =
        shape === 'workflow'
          ? []
          : shape === 'jobs'
            ? ['on: push']
            : ['on: push', 'jobs:', '  example:', '    runs-on: ubuntu-latest', '    steps:']
      const body = shape === 'steps' ? block.text.replace(/^(?=.)/gm, '      ') : block.text
      sources.push({
        path: page,
        text: [...header, body].join('\n'),
        lineOf: line => block.line + line - 1 - header.length
      })
    }
  }
  return sources
}

/** The fenced blocks of `language` in a page's section (from its `## heading` to the next), in the checkout `root`. */
export async function sectionBlocks(
  page: string,
  heading: string,
  language: string,
  root = ROOT
): Promise<string[]> {
  const text = await readFile(join(root, page), 'utf8')
  const from = text.indexOf(`\n## ${heading}\n`)
  if (from === -1) throw new Error(`${page} has no section "${heading}"`)
  const to = text.indexOf('\n## ', from + 1)
  const section = text.slice(from, to === -1 ? undefined : to)
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm')
  return [...section.matchAll(fence)].map(m => m[1]!)
}

/** A workflow to lint: a file of .github/workflows, or one shown in a page of the docs. */
export interface WorkflowSource {
  /** The file, or the page that shows it, relative to the project. */
  path: string
  /** The workflow as actionlint reads a file. */
  text: string
  /** The line of `path` that line `line` of `text` is. */
  lineOf: (line: number) => number
}

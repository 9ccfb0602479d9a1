/** The code blocks of the docs, so that tests run the examples as a reader copies them. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from '../../emulator/github-runner.js'

/** Every fenced block of `language` in a page of the project (README.md, docs/x.md), in order. */
export async function codeBlocks(page: string, language: string): Promise<string[]> {
  const text = await readFile(join(ROOT, page), 'utf8')
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm')
  return [...text.matchAll(fence)].map(m => m[1]!)
}

/** The pages of the docs: the README and every page under docs/. */
export const PAGES = [
  'README.md',
  'docs/action.md',
  'docs/cli.md',
  'docs/library.md',
  'docs/gitlab.md',
  'docs/circleci.md',
  'docs/bitrise.md',
  'docs/jenkins.md',
  'docs/fastlane.md',
  'docs/troubleshooting.md',
  'docs/development.md'
] as const

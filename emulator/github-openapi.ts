/**
 * GitHub's own description of its REST API (`@octokit/openapi`, the
 * api.github.com version) as the judge of every request the GitHub stand-in
 * receives (openapi-judge.ts), read from its extract
 * (github-openapi/description.json). The package itself (394 MB installed)
 * is no dependency of the project; `npm run github-openapi` fetches the
 * pinned version and writes the extract again, and a scheduled workflow
 * checks it against the newest description every week.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { descriptionJudge } from './openapi-judge.js'

export type { DescriptionExtract, Operation, Parameter, Refusal } from './openapi-judge.js'

/** The API version the description is for, and the one every request must ask for. */
export const API_VERSION = '2022-11-28'

/** The operations the emulator answers; every other operation of GitHub's is a violation when asked for. */
export const EMULATED_OPERATIONS = [
  'users/get-authenticated',
  'checks/create',
  'checks/update',
  'checks/get',
  'checks/list-for-ref',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'pulls/list',
  'repos/get',
  'repos/list-commits',
  'repos/list-pull-requests-associated-with-commit'
] as const

/** Where the extract is kept, beside this file. */
export const EXTRACT_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  'github-openapi',
  'description.json'
)

/** The package and the file in it the extract is made from, and what it keeps. */
export const GITHUB_DESCRIPTION = {
  package: '@octokit/openapi',
  file: 'generated/api.github.com.json',
  extractPath: EXTRACT_PATH,
  emulated: EMULATED_OPERATIONS
} as const

const judge = descriptionJudge({ name: 'GitHub', extractPath: EXTRACT_PATH, key: 'github' })

/** Checks one request against GitHub's description: the operation it is, or why GitHub would refuse it. */
export const checkRequest = judge.check

/** Reads the extract once; the first call pays for it (a few milliseconds), the rest reuse it. */
export const githubDescription = judge.describe

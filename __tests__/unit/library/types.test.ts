/**
 * The library's option types are the option table's: each function's type
 * takes exactly the options its command takes in the library (and the
 * callbacks), checked here both by the compiler (`npm run typecheck`) and at
 * run time against the table, and the run-time check of a call refuses what
 * the type refuses.
 */
import { describe, expect, it } from '@jest/globals'
import { optionsOf, spelling, type Command } from '../../../src/core/index.js'
import {
  uploadBuild,
  type DeployOptions,
  type NotifyOptions,
  type TerminateOptions,
  type UploadOptions,
  type WaitOptions
} from '../../../src/index.js'
import { CALLBACK_OPTIONS } from '../../../src/library/types.js'

/** The keys of an options type, each named once: the compiler refuses a missing key and one too many. */
function keysOf<T>() {
  return <K extends Record<keyof T, true>>(keys: K & Record<Exclude<keyof K, keyof T>, never>) =>
    keys
}
const CALLS = { signal: true, log: true } as const
const BUILD = { ...CALLS, workingDirectory: true, onProgress: true } as const
const CONNECTION = { apiKey: true, baseUrl: true, maxAttempts: true } as const
const TIMING = { waitTimeoutMinutes: true, pollIntervalSeconds: true } as const
const NAMING = { destination: true, namePrefix: true, environment: true } as const
const CHECKED = { expectedAppId: true, platform: true, minUploadKibPerSecond: true } as const
const SENT = {
  deploymentType: true,
  variables: true,
  runVariable: true,
  failOnNoRun: true,
  deduplicationKey: true,
  ephemeralEnvironment: true,
  deploymentUrl: true
} as const

const KEYS: Record<Command, Record<string, true>> = {
  deploy: keysOf<DeployOptions>()({
    ...CONNECTION,
    ...BUILD,
    ...NAMING,
    ...CHECKED,
    ...SENT,
    ...TIMING,
    file: true,
    runInputPath: true,
    dryRun: true,
    wait: true,
    onStatus: true,
    git: true
  }),
  upload: keysOf<UploadOptions>()({
    ...CONNECTION,
    ...BUILD,
    ...NAMING,
    ...CHECKED,
    file: true,
    dryRun: true,
    git: true
  }),
  notify: keysOf<NotifyOptions>()({
    ...CONNECTION,
    ...CALLS,
    ...SENT,
    ...TIMING,
    runInputPath: true,
    dryRun: true,
    wait: true,
    onStatus: true,
    git: true
  }),
  wait: keysOf<WaitOptions>()({
    ...CONNECTION,
    ...CALLS,
    ...TIMING,
    runId: true,
    onStatus: true
  }),
  terminate: keysOf<TerminateOptions>()({
    ...CONNECTION,
    ...CALLS,
    environmentId: true,
    environmentAlias: true,
    deploymentUrl: true
  })
}

describe("the library's option types", () => {
  it.each(Object.keys(KEYS) as Command[])(
    '%s: exactly the options the table gives its command in the library, and the callbacks',
    command => {
      const fromTable = optionsOf('library', command).map(key => spelling('library', key))
      const topLevel = fromTable.filter(name => !name.startsWith('git.'))
      const expected = new Set([...topLevel, ...CALLBACK_OPTIONS[command]])
      expect(new Set(Object.keys(KEYS[command]))).toEqual(expected)
    }
  )

  it("refuses an upload's notification option by type and at run time alike", async () => {
    const options = {
      apiKey: 'key-12345678',
      baseUrl: 'https://service.example.com',
      file: 'app.apk',
      deploymentUrl: 'https://preview.example.com'
    }
    const typed: UploadOptions = {
      ...options,
      // @ts-expect-error an upload sends no notification, so it takes no deployment URL
      deploymentUrl: options.deploymentUrl
    }
    const result = await uploadBuild(typed)
    expect(result).toMatchObject({ outcome: 'aborted', cause: 'usage' })
    expect(result.reason).toContain("'deploymentUrl' is not an option of uploadBuild")
  })

  it('takes the git fields the table gives a command, and no other', () => {
    const gitOf = (command: Command) =>
      optionsOf('library', command)
        .map(key => spelling('library', key))
        .filter(name => name.startsWith('git.'))
        .map(name => name.slice(4))
        .sort()
    type UploadGit = NonNullable<UploadOptions['git']>
    const upload = keysOf<UploadGit>()({
      branch: true,
      sha: true,
      pullRequestNumber: true,
      mergeRequestNumber: true,
      repository: true
    })
    expect(Object.keys(upload).sort()).toEqual(gitOf('upload'))
  })
})

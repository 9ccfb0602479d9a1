/**
 * The library's option types are the option table's: derived by the type
 * system (a wrong derivation fails `npm run typecheck` on the assertions
 * below), and the run-time check of a call refuses exactly what the types
 * refuse. Nothing here lists the table's options again: a new option needs
 * no change to this file.
 */
import { describe, expect, it } from '@jest/globals'
import { optionsOf, spelling, type Command } from '../../../src/core/index.js'
import {
  collectVerdicts,
  skipDeployments,
  deployBuild,
  notifyDeployment,
  terminateEnvironment,
  uploadBuild,
  waitForVerdict,
  type DeployOptions,
  type NotifyOptions,
  type TerminateOptions,
  type UploadOptions,
  type WaitOptions
} from '../../../src/index.js'

/** Compile-time: `A` and `B` are the same type. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
function holds<T extends true>(): T | undefined {
  return undefined
}
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T]

// What must be given: the key and the base URL everywhere, the build to upload, the run to wait for.
holds<Equal<RequiredKeys<DeployOptions>, 'apiKey' | 'baseUrl'>>()
holds<Equal<RequiredKeys<UploadOptions>, 'apiKey' | 'baseUrl' | 'file'>>()
holds<Equal<RequiredKeys<WaitOptions>, 'apiKey' | 'baseUrl' | 'runId'>>()
holds<Equal<RequiredKeys<TerminateOptions>, 'apiKey' | 'baseUrl'>>()
// Each value of the type its kind reads to.
holds<Equal<DeployOptions['maxAttempts'], number | undefined>>()
holds<Equal<DeployOptions['platform'], 'android' | 'ios' | undefined>>()
holds<Equal<NotifyOptions['wait'], boolean | undefined>>()
holds<Equal<NonNullable<DeployOptions['git']>['pullRequestNumber'], number | undefined>>()
// The notification's options are not an upload's, nor the wait's a build's.
holds<Equal<'deploymentUrl' extends keyof UploadOptions ? true : false, false>>()
holds<Equal<'commitUrl' extends keyof NonNullable<UploadOptions['git']> ? true : false, false>>()
holds<Equal<'file' extends keyof WaitOptions ? true : false, false>>()
holds<Equal<'git' extends keyof TerminateOptions ? true : false, false>>()

const FUNCTIONS: Record<Command, (options: never) => Promise<{ cause: string; reason?: string }>> =
  {
    deploy: deployBuild,
    upload: uploadBuild,
    notify: notifyDeployment,
    wait: waitForVerdict,
    terminate: terminateEnvironment,
    collect: collectVerdicts,
    skip: skipDeployments
  }

/** The library's names of a command's options, from the table: top level and inside `git`. */
function namesOf(command: Command): { top: string[]; git: string[] } {
  const names = optionsOf('library', command).map(key => spelling('library', key))
  return {
    top: names.filter(name => !name.startsWith('git.')),
    git: names.filter(name => name.startsWith('git.')).map(name => name.slice(4))
  }
}

const stray = (reason: string | undefined) =>
  /is not an option of|is not a field of git/.test(reason ?? '')
// A base URL no request reaches: every call ends before its first request, refused or not.
const CONNECTION = {
  apiKey: 'key-12345678',
  baseUrl: 'https://service.example.com',
  maxAttempts: 1
}

describe("the library's run-time check follows the same table", () => {
  it.each(Object.keys(FUNCTIONS) as Command[])(
    '%s: refuses by name every option the table gives another command only',
    async command => {
      const own = namesOf(command)
      const others = (Object.keys(FUNCTIONS) as Command[])
        .flatMap(other => namesOf(other).top)
        .filter(name => !own.top.includes(name))
      for (const name of new Set(others)) {
        const result = await FUNCTIONS[command]({ ...CONNECTION, [name]: 'x' } as never)
        expect([name, result.cause, stray(result.reason)]).toEqual([name, 'usage', true])
      }
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
})

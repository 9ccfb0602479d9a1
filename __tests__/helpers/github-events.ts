import type { Emulator } from '../../emulator/server.js'
import { step, type Built } from './harness.js'

/** The GitHub events, commits and runs the GitHub suites deploy with. */
export const HEAD = 'feedfacefeedfacefeedfacefeedfacefeedface'
export const HEAD2 = 'c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff'
export const MERGE = '1111111111111111111111111111111111111111'
export const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }

/** The variables of a deploy whose emulated run goes as `fields` say (short stages by default). */
export const run = (fields: object = {}): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 300, underReviewMs: 300, ...fields })
  })

/** A pull_request event for PR #7 at `head`, the runner's GITHUB_SHA being the merge commit. */
export function pullRequest(head: string) {
  return {
    eventName: 'pull_request',
    ref: 'refs/pull/7/merge',
    sha: MERGE,
    event: { number: 7, pull_request: { number: 7, head: { ref: 'feature/login', sha: head } } }
  }
}

/** A deploy of `built` that waits for the verdict, with `inputs` over the defaults, on `event`. */
export function deployer(emulator: () => Emulator, built: () => Built) {
  return (
    inputs: Record<string, string>,
    event: NonNullable<Parameters<typeof step>[2]> = pullRequest(HEAD)
  ) =>
    step(
      emulator(),
      { file: 'app.apk', wait: 'true', variables: run(), ...inputs },
      { workspace: built().workspace, env, ...event }
    )
}

/** Waits until `condition` holds, asking every 50 ms, for a minute at most. */
export async function until(condition: () => boolean): Promise<void> {
  for (const stop = Date.now() + 60_000; !condition();) {
    if (Date.now() > stop) throw new Error('The condition never held')
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

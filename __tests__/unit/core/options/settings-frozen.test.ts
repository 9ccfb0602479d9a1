/**
 * Settings are read-only all the way down: a write to them, at any depth,
 * does not compile (each `@ts-expect-error` below fails `npm run typecheck`
 * the day the write would compile), and the resolver's result is what the
 * type says.
 */
import { describe, expect, it } from '@jest/globals'
import { resolveOptions, type Settings } from '../../../../src/core/options/resolve.js'

/** Writes that must not compile; never run. */
export function writes(settings: Settings): void {
  // @ts-expect-error a setting is read-only
  settings.wait = true
  // @ts-expect-error an option's value is read-only
  settings.values.reportLater = true
  // @ts-expect-error a list of an option is read-only
  settings.values.file?.push('other.apk')
  // @ts-expect-error the Git facts are read-only
  settings.git.sha = 'f'.repeat(40)
  // @ts-expect-error the runs to wait for are read-only
  settings.runIds.push('run_x')
}

describe('Settings', () => {
  it('are what the resolver read, and a front end cannot change them by their type', () => {
    const settings = resolveOptions({
      frontEnd: 'cli',
      command: 'deploy',
      values: {
        apiKey: 'key-0123456789',
        baseUrl: 'https://service.example.com',
        file: ['app.apk']
      },
      workingDirectory: '/tmp'
    })
    expect(settings.values.file).toEqual(['app.apk'])
    expect(typeof writes).toBe('function')
  })
})

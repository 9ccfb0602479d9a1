/**
 * The committed bundle, dist/index.js, started as a GitHub runner starts a
 * node24 action (under Node 24 when NODE24_BINARY names it): the situations of
 * the parity suite give the outputs the in-process runs give, hostile names
 * stay sanitized, faults are survived, and no secret reaches what it prints.
 */
import { cp, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { comparable, viaAction, viaLibrary, type Situation } from '../helpers/front-ends.js'
import {
  expectFailure,
  freshWorkspace,
  foreignCommands,
  requestsOf,
  step,
  stepWithBuild,
  writeArtifact
} from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

const WINDOWS = process.platform === 'win32'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  workspace = (await writeArtifact('app.apk', 256 * 1024)).workspace
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
const lifecycle = (fields: object): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200, ...fields })
  })

describe('the bundle gives what the core gives', () => {
  const situations: [string, Situation][] = [
    [
      'a deploy',
      {
        command: 'deploy',
        options: { file: 'app.apk', namePrefix: 'myapp', environment: 'staging' }
      }
    ],
    ['an upload only', { command: 'upload', options: { file: 'app.apk' } }],
    ['no run created', { command: 'notify', options: { apiKey: KEYS.noTriggers } }],
    [
      'a verdict with blocking bugs',
      {
        command: 'notify',
        options: {
          wait: true,
          variables: lifecycle({ final: 'failed', bugs: [{ name: 'Crash' }] })
        }
      }
    ],
    ['ending an environment', { command: 'terminate', options: { environmentAlias: 'staging' } }],
    ['a bad option', { command: 'deploy', options: { file: 'app.apk', waitTimeoutMinutes: 0 } }]
  ]

  it.each(situations)('%s', async (_title, situation) => {
    const bundle = await viaAction(emulator, situation, workspace, env, 'bundle')
    emulator.reset()
    const library = await viaLibrary(emulator, situation, workspace, env)
    expect(comparable(bundle.outputs)).toEqual(comparable(library.outputs))
    expect(bundle.exitCode).toBe(library.exitCode)
    expect(foreignCommands({ stdout: bundle.text, stderr: '' } as never)).toEqual([])
  })
})

describe('the bundle under faults and hostile names', () => {
  it('uploads whole after the store cuts the connection mid-body, with debug lines on and no secret in them', async () => {
    emulator.faults.add({ route: 'upload', reset: { afterBytes: 64 * 1024 } })
    const { built, result } = await stepWithBuild(
      emulator,
      {},
      { runner: 'bundle', size: 512 * 1024, env: { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' } }
    )
    expect(result.exitCode).toBe(0)
    expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    expect(result.stdout).toMatch(/^::debug::/m)
  })

  it('deploys and waits for 64 builds in one step with 96 file descriptors allowed, and warns of no listener', async () => {
    const many = await freshWorkspace()
    const files: string[] = []
    for (let i = 0; i < 64; i++) {
      files.push(`app-${String(i).padStart(2, '0')}.apk`)
      await writeArtifact(files.at(-1)!, 512 * 1024, many)
    }
    const result = await step(
      emulator,
      { file: files.join('\n'), wait: 'true', variables: lifecycle({}) },
      {
        runner: 'bundle',
        workspace: many,
        env,
        // A runner's descriptors, as a tight container allows them (prlimit keeps the INPUT_ names a shell would drop).
        node: 'prlimit',
        nodeArgs: ['--nofile=96', process.env.NODE24_BINARY ?? process.execPath]
      }
    )
    if (result.exitCode !== 0)
      console.log(result.stdout.split('\n').filter(l => /::error|EMFILE/.test(l)))
    expect(result.exitCode).toBe(0)
    expect(emulator.runs).toHaveLength(64)
    expect(result.outputs.runIds!.split(' ')).toHaveLength(64)
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/EMFILE|MaxListenersExceeded/)
  }, 120_000)

  it('answers a tool that loads it with the step, and tells that tool’s own error as the tool’s', async () => {
    // A loader as GitHub's local-action is one: it imports the bundle and awaits run(); then it calls
    // what the bundle does not have.
    const loader = join(workspace, 'loader.mjs')
    const bundle = pathToFileURL(join(ROOT, 'dist', 'index.js')).href
    await writeFile(
      loader,
      `const bundle = await import(${JSON.stringify(bundle)})\nawait bundle.run()\nconsole.log('run() answered')\nbundle.main()\n`
    )
    const result = await step(
      emulator,
      { file: 'app.apk' },
      { workspace, main: loader, runner: 'bundle', env }
    )
    expect(result.exitCode).toBe(1)
    expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
    expect(result.stdout).toContain('run() answered')
    expect(result.stdout).toMatch(
      /^::error::An error was raised after the step ended, outside it, by whatever loaded the bundle: bundle\.main is not a function\./m
    )
    expect(result.stdout).not.toMatch(/Please report/)
  })

  it('fails with one error line and no stack when the service refuses the key', async () => {
    const result = await step(
      emulator,
      { 'api-key': 'not-a-key-of-any-workspace' },
      { runner: 'bundle' }
    )
    expectFailure(result, '401 Unauthorized', 'api-key')
    expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
  })

  const names = WINDOWS ? describe.skip : describe
  names('names a fork can choose', () => {
    it.each(['\n::stop-commands::token\n', ' ##[add-mask]z', '\u202egnp.apk'])(
      'a file named app%j.apk and a branch of the same name write no command',
      async name => {
        const built = await writeArtifact(`app${name}.apk`)
        const result = await step(
          emulator,
          { file: '*.apk', destination: 'app.apk' },
          {
            runner: 'bundle',
            workspace: built.workspace,
            eventName: 'pull_request',
            event: { pull_request: { number: 3, head: { ref: `x${name}`, sha: 'abcdef0' } } }
          }
        )
        expect(result.exitCode).toBe(0)
        expect(foreignCommands(result)).toEqual([])
        expect(result.stdout).not.toMatch(/[\u202a-\u202e]/)
      }
    )
  })
})

describe('the bundle reports on GitHub through the real Octokit', () => {
  const HEAD = 'feedfacefeedfacefeedfacefeedfacefeedface'
  const events: [string, object, string, number | undefined][] = [
    [
      'pull_request',
      {
        eventName: 'pull_request',
        ref: 'refs/pull/7/merge',
        sha: '1111111111111111111111111111111111111111',
        event: { number: 7, pull_request: { number: 7, head: { ref: 'feature', sha: HEAD } } }
      },
      HEAD,
      7
    ],
    [
      'push',
      { eventName: 'push', sha: HEAD, event: { ref: 'refs/heads/main', after: HEAD } },
      HEAD,
      undefined
    ],
    [
      'merge_group',
      {
        eventName: 'merge_group',
        event: {
          merge_group: {
            head_ref: `refs/heads/gh-readonly-queue/main/pr-9-${HEAD}`,
            head_sha: HEAD
          }
        }
      },
      HEAD,
      9
    ],
    [
      'workflow_run',
      {
        eventName: 'workflow_run',
        event: {
          workflow_run: {
            event: 'pull_request',
            head_sha: HEAD,
            head_branch: 'feature',
            head_repository: { owner: { login: 'octo-org' } },
            pull_requests: [
              {
                number: 11,
                head: { sha: HEAD },
                base: { repo: { url: 'https://api.github.com/repos/octo-org/octo-app' } }
              }
            ]
          }
        }
      },
      HEAD,
      11
    ]
  ]

  it.each(events)(
    '%s: the check on the head commit, the comment on the pull request',
    async (_title, event, sha, pull) => {
      const result = await step(
        emulator,
        { file: 'app.apk', wait: 'true', variables: lifecycle({ final: 'passed' }) },
        { runner: 'bundle', workspace, env, ...event }
      )
      expect(result.exitCode).toBe(0)
      expect(emulator.github.checkRuns).toEqual([
        expect.objectContaining({ head_sha: sha, status: 'completed', conclusion: 'success' })
      ])
      expect(emulator.github.comments.map(c => c.issue)).toEqual(pull === undefined ? [] : [pull])
    }
  )

  it('runs without the GitHub client at all when reporting is off: it is loaded only when used', async () => {
    const copy = join(await freshWorkspace(), 'dist')
    await cp(join(ROOT, 'dist'), copy, { recursive: true })
    const chunks = (await readdir(copy)).filter(name => /^\d+\.index\.js/.test(name))
    expect(chunks.length).toBeGreaterThan(0)
    for (const chunk of chunks) await rm(join(copy, chunk))
    const result = await step(
      emulator,
      {
        file: 'app.apk',
        wait: 'true',
        check: 'false',
        'pr-comment': 'false',
        variables: lifecycle({})
      },
      { runner: 'bundle', workspace, env, main: join(copy, 'index.js') }
    )
    expect(result.exitCode).toBe(0)
    expect(emulator.github.requests).toEqual([])
  })
})

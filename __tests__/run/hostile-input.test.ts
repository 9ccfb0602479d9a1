/**
 * Hostile input through the bundle: every case ends in one `::error::` that
 * names the input (or variable) and the fix, exit code 1, no stack trace, no
 * request to the service, and nothing injected into the outputs or the summary.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, symlink } from 'node:fs/promises'
import { createServer } from 'node:net'
import { statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { actionInputs } from '../../emulator/github-runner.js'
import { OPTIONS, optionsOf, spelling } from '../../src/core/index.js'
import { BY_KIND, INJECTED } from '../helpers/hostile-values.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import {
  expectFailure,
  foreignCommands,
  requestsOf,
  step,
  writeArtifact,
  type Built
} from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

// Windows has no FIFOs or Unix sockets here, no mode-000 files, and refuses : and line breaks in names.
const WINDOWS = process.platform === 'win32'
const POSIX_ONLY = new Set(['file: a FIFO', 'file: a socket', 'file: a dangling symlink'])
const onPosix = (title: string): string =>
  WINDOWS ? `${title} (skipped: not on Windows, which cannot make such a file)` : title

/** Whether every folder from the root down to `dir` lets other users pass. */
function reachableByOthers(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false
    if (dirname(at) === at) return true
  }
}

let emulator: Emulator
let built: Built
// Kept listening while the tests run: closing it removes its socket file.
const socketServer = createServer()
beforeAll(async () => {
  emulator = await startEmulator()
  built = await writeArtifact('app.apk')
  const ws = built.workspace
  await writeArtifact('second.apk', 10, ws)
  await writeArtifact('empty.apk', 0, ws)
  await writeArtifact('notes.txt', 10, ws)
  await writeArtifact('secret/locked.apk', 10, ws)
  await mkdir(join(ws, 'folder.apk'))
  if (WINDOWS) return
  await chmod(join(ws, 'secret/locked.apk'), 0o000)
  execFileSync('mkfifo', [join(ws, 'pipe.apk')])
  await symlink(join(ws, 'missing-target.apk'), join(ws, 'dangling.apk'))
  await new Promise<void>(resolve => socketServer.listen(join(ws, 'socket.apk'), resolve))
})
afterAll(async () => {
  socketServer.close()
  await emulator.close()
})
beforeEach(() => emulator.reset())

type Case = [
  title: string,
  inputs: Record<string, string>,
  named: string,
  fix: string,
  env?: Record<string, string>
]

const cases: Case[] = [
  ['variables: malformed JSON', { variables: '{"A": ' }, "'variables'", 'Give a JSON object'],
  [
    'variables: a nested object',
    { variables: '{"A": {"B": "c"}}' },
    "'variables'",
    'string, number or boolean'
  ],
  [
    'variables: an array value',
    { variables: '{"A": [1, 2]}' },
    "'variables'",
    'string, number or boolean'
  ],
  [
    'variables: a null value',
    { variables: '{"A": null}' },
    "'variables'",
    'string, number or boolean'
  ],
  ['variables: an array', { variables: '["A"]' }, "'variables'", 'Give a JSON object'],
  [
    'variables: very large',
    { variables: `{"A": "${'x'.repeat(100 * 1024)}"}` },
    "'variables'",
    'fewer or shorter'
  ],
  [
    'variables: a control character in a name',
    { variables: '{"A\\u0000": "x"}' },
    "'variables'",
    'without control characters'
  ],
  [
    'variables: RUN_INPUT_PATH with a file',
    { variables: '{"RUN_INPUT_PATH": "x.apk"}' },
    "'variables'",
    'Remove RUN_INPUT_PATH'
  ],
  [
    'environment: a carriage return',
    { 'name-prefix': 'app', environment: `staging\r${INJECTED}` },
    "'environment'",
    'single-line'
  ],
  [
    'name-prefix: an escape character',
    { 'name-prefix': 'app\u001b[31m' },
    "'name-prefix'",
    'single-line'
  ],
  // A line break separates two builds: the second line is a path that matches nothing, quoted.
  ['file: a line break', { file: `app.apk\n${INJECTED}` }, "'file'", 'matched no file'],
  [
    'expected-app-id: markup',
    { 'expected-app-id': '<img src=x>' },
    "'expected-app-id'",
    'package name or bundle id'
  ],
  [
    'platform: a workflow command',
    { platform: '::warning::x' },
    "'platform'",
    'Use android or ios'
  ],
  ['api-key: empty', { 'api-key': '' }, "'api-key'", 'SERVICE_API_KEY'],
  [
    'destination: ..',
    { destination: 'builds/../../etc/app.apk' },
    "'destination'",
    'relative path'
  ],
  ['destination: absolute', { destination: '/etc/app.apk' }, "'destination'", 'relative path'],
  [
    'destination: backslashes',
    { destination: 'builds\\app.apk' },
    "'destination'",
    'relative path'
  ],
  [
    'destination: no accepted extension',
    { destination: 'builds/app.exe' },
    "'destination'",
    'relative path'
  ],
  [
    'destination with name-prefix',
    { destination: 'a.apk', 'name-prefix': 'app' },
    "'destination'",
    'not both'
  ],
  ['file: a directory', { file: 'folder.apk' }, "'file'", 'built .apk'],
  ['file: a FIFO', { file: 'pipe.apk' }, "'file'", 'built .apk'],
  ['file: a socket', { file: 'socket.apk' }, "'file'", 'built .apk'],
  ['file: a dangling symlink', { file: 'dangling.apk' }, "'file'", 'build ran before'],
  ['file: empty', { file: 'empty.apk' }, "'file'", 'wrote it'],
  ['file: a glob matching nothing', { file: 'build/**/*.ipa' }, "'file'", 'build ran before'],
  [
    'file: a glob from the root',
    { file: '/**/*.apk' },
    "'file'",
    "Start the pattern in the build's folder"
  ],
  ['file: into /proc', { file: '/proc/self/*' }, "'file'", 'build output of your project'],
  ['file: a glob matching several', { file: '*.apk' }, "'file'", 'exactly one build'],
  ['file: not a build type', { file: 'notes.txt' }, "'file'", 'ending in one of'],
  [
    'file with run-input-path',
    { 'run-input-path': 'a.apk' },
    "'run-input-path'",
    'or run-input-path alone'
  ],
  [
    'base-url: credentials',
    { 'base-url': 'https://user:pass@service.example.com' },
    "'base-url'",
    'authenticate with api-key'
  ],
  [
    'base-url: a query',
    { 'base-url': 'https://service.example.com/?x=1' },
    "'base-url'",
    'with neither'
  ],
  [
    'base-url: plain http to a remote host',
    { 'base-url': 'http://service.example.com' },
    "'base-url'",
    'Use https'
  ],
  ['base-url: not a URL', { 'base-url': 'service.example.com' }, "'base-url'", 'e.g. https://'],
  ['max-attempts: 0', { 'max-attempts': '0' }, "'max-attempts'", 'from 1 to 10'],
  ['max-attempts: too many', { 'max-attempts': '1000' }, "'max-attempts'", 'from 1 to 10'],
  ['fail-on-no-run: yes', { 'fail-on-no-run': 'yes' }, "'fail-on-no-run'", 'Use true or false'],
  [
    'ephemeral-environment: on',
    { 'ephemeral-environment': 'on' },
    "'ephemeral-environment'",
    'Use true or false'
  ],
  [
    'pull-request-number: not a number',
    { 'pull-request-number': '#12' },
    "'pull-request-number'",
    'whole number'
  ],
  ['sha: not hexadecimal', { sha: 'HEAD~1' }, "'sha'", 'hexadecimal commit id'],
  [
    'deployment-url: not http(s)',
    { 'deployment-url': 'javascript:alert(1)' },
    "'deployment-url'",
    'full URL'
  ],
  [
    'environment without name-prefix',
    { environment: 'staging' },
    "'environment'",
    'Set name-prefix too'
  ],
  ['name-prefix: a slash', { 'name-prefix': 'my/app' }, "'name-prefix'", 'letters, digits'],
  [
    'min-upload-kib-per-second: 0, which would wait for ever',
    { 'min-upload-kib-per-second': '0' },
    "'min-upload-kib-per-second'",
    'from 1 to 1048576'
  ],
  ['notify: false without a file', { file: '', notify: 'false' }, "'notify'", 'Set file to upload'],
  [
    'wait-timeout-minutes: not a number',
    { wait: 'true', 'wait-timeout-minutes': 'an hour' },
    "'wait-timeout-minutes'",
    'such as 60'
  ],
  [
    'poll-interval-seconds: 0, which would ask without pause',
    { wait: 'true', 'poll-interval-seconds': '0' },
    "'poll-interval-seconds'",
    'from 1 to 600'
  ],
  [
    'poll-interval-seconds: not a number',
    { wait: 'true', 'poll-interval-seconds': 'NaN' },
    "'poll-interval-seconds'",
    'from 1 to 600'
  ],
  ['run-variable: a space', { 'run-variable': 'BUILD PATH' }, "'run-variable'", 'without spaces'],
  ['pr-comment: yes', { 'pr-comment': 'yes' }, "'pr-comment'", 'Use true or false'],
  [
    'report-later: with wait',
    { 'report-later': 'true', wait: 'true' },
    "'report-later'",
    'free the runner'
  ],
  [
    'collect-max-requests: 5, too few to look anywhere',
    { 'collect-max-requests': '5' },
    "'collect-max-requests'",
    'from 10 to 5000'
  ],
  [
    'environment-alias: beside environment-id',
    {
      file: '',
      'terminate-environment': 'true',
      'environment-id': 'env_a',
      'environment-alias': 'a'
    },
    "'environment-alias'",
    'exactly one of'
  ],
  [
    'a timeout variable that is not a number',
    {},
    'MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS',
    'Remove it for the default',
    { MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS: 'soon' }
  ]
]

const byKind: Case[] = optionsOf('action', undefined).flatMap(key => {
  const hostile = BY_KIND[OPTIONS[key].kind]
  const input = spelling('action', key)
  return hostile
    ? [
        [
          `${input}: ${OPTIONS[key].kind}`,
          { [input]: hostile.value },
          `'${input}'`,
          hostile.fix
        ] as Case
      ]
    : []
})

describe('hostile input', () => {
  it('covers every input of action.yml, each by its kind', async () => {
    const covered = new Set(byKind.map(([, inputs]) => Object.keys(inputs)[0]))
    expect(Object.keys(await actionInputs()).filter(name => !covered.has(name))).toEqual([])
  })

  const all = [...byKind, ...cases]
  const runnable = WINDOWS ? all.filter(([title]) => !POSIX_ONLY.has(title)) : all
  if (WINDOWS) it.skip.each([...POSIX_ONLY].map(onPosix))('%s', () => undefined)

  // A rest parameter, so that jest does not take a missing env for a done callback.
  it.each(runnable)('%s', async (...[, inputs, named, fix, env]: Case) => {
    const result = await step(
      emulator,
      { file: 'app.apk', ...inputs },
      { workspace: built.workspace, env }
    )
    expectFailure(result, named, fix)
    expect(foreignCommands(result)).toEqual([])
    expect(emulator.requests).toHaveLength(0)
    // Nothing was done: the only outputs say so, for each build given.
    const { deployments, ...scalars } = result.outputs
    expect(scalars).toEqual({ outcome: 'aborted' })
    const entries = JSON.parse(deployments!) as { outcome: string }[]
    expect(entries.map(entry => entry.outcome)).toEqual(entries.map(() => 'aborted'))
    // The value may be quoted in the summary's problem, never on a line of its own.
    expect(result.summary).not.toMatch(/^\s*::set-output/m)
  })

  // A mode-000 file is unreadable to every user but root; as root, the step runs as nobody
  // instead, which needs a temporary folder that nobody can reach.
  const asRoot = process.getuid?.() === 0
  const unreadable = WINDOWS
    ? ' (skipped: Windows has no mode-000 files)'
    : asRoot && !reachableByOthers(tmpdir())
      ? ` (skipped: run as root with a private temporary folder ${tmpdir()}, which no other user can enter)`
      : ''
  ;(unreadable ? it.skip : it)(`a file the step cannot read${unreadable}`, async () => {
    const result = await step(
      emulator,
      { file: 'secret/locked.apk' },
      {
        workspace: built.workspace,
        // Root reads any file: the step then runs as nobody, which takes a process of its own.
        ...(asRoot ? { user: { uid: 65534, gid: 65534 }, runner: 'bundle' as const } : {})
      }
    )
    expectFailure(result, "'file'", 'cannot be read', 'permissions')
    expect(emulator.requests).toHaveLength(0)
  })
})

// Names a fork or a build can choose: a Linux file name may hold a line break.
const HOSTILE = [
  '\n::stop-commands::token\n',
  '\n::warning title=x::y',
  '%0A::error::',
  ' ##[add-mask]z'
]

describe('hostile names reach the log sanitized', () => {
  // A file system that refuses these names cannot make the files; the branch and the service's words still run.
  const names = WINDOWS ? describe.skip : describe
  names(onPosix('in files and folders'), () => {
    it.each(HOSTILE)('a file named app%j.apk, uploaded under a given destination', async name => {
      const built = await writeArtifact(`app${name}.apk`)
      const result = await step(
        emulator,
        { file: '*.apk', destination: 'app.apk' },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(foreignCommands(result)).toEqual([])
      expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    })

    it.each(HOSTILE)('a folder named build%j', async name => {
      const built = await writeArtifact(`build${name}/app.apk`)
      const result = await step(
        emulator,
        { file: 'build*/app.apk' },
        { workspace: built.workspace }
      )
      expect(result.exitCode).toBe(0)
      expect(foreignCommands(result)).toEqual([])
      expect(result.outputs.playgroundFileLocation).toBe('app.apk')
    })

    it.each(HOSTILE.slice(0, 2))(
      'a file named app%j.apk cannot be its own destination',
      async name => {
        const built = await writeArtifact(`app${name}.apk`)
        const result = await step(emulator, { file: '*.apk' }, { workspace: built.workspace })
        expectFailure(result, "Input 'file'", 'Set destination')
        expect(foreignCommands(result)).toEqual([])
        expect(emulator.requests).toHaveLength(0)
      }
    )

    it.each(HOSTILE.slice(2))('a file named app%j.apk is its own destination', async name => {
      const built = await writeArtifact(`app${name}.apk`)
      const result = await step(emulator, { file: '*.apk' }, { workspace: built.workspace })
      expect(result.exitCode).toBe(0)
      expect(foreignCommands(result)).toEqual([])
      expect(result.outputs.playgroundFileLocation).toBe(`app${name}.apk`)
      expect(emulator.objects.get(`team_demo/app${name}.apk`)?.sha256).toBe(built.sha256)
    })

    it('several hostile names matched by one glob are listed sanitized', async () => {
      const built = await writeArtifact(`a${HOSTILE[0]}.apk`)
      for (const name of HOSTILE.slice(1)) await writeArtifact(`b${name}.apk`, 10, built.workspace)
      const result = await step(emulator, { file: '*.apk' }, { workspace: built.workspace })
      expectFailure(result, 'matched 4 files')
      expect(foreignCommands(result)).toEqual([])
    })
  })

  it.each(HOSTILE)('a pull request branch named feature%j', async name => {
    const branch = `feature${name}`
    const result = await step(
      emulator,
      {},
      {
        eventName: 'pull_request_target',
        event: {
          number: 5,
          pull_request: { number: 5, head: { ref: branch, sha: 'abcdef1234567' } }
        }
      }
    )
    expect(result.exitCode).toBe(0)
    expect(foreignCommands(result)).toEqual([])
    // The service still gets the branch as the event gave it.
    expect(requestsOf(emulator, 'deploy')[0]!.body).toMatchObject({ branch })
  })

  it("the service's words", async () => {
    emulator.faults.add({
      route: 'deploy',
      status: 400,
      body: JSON.stringify({ error: `bad\n::stop-commands::t\n::warning title=x::y ##[add-mask]q` })
    })
    const result = await step(emulator, {})
    expectFailure(result, '400 Bad Request')
    expect(foreignCommands(result)).toEqual([])
  })
})

import { describe, expect, it } from '@jest/globals'
import { readInputs } from '../../../../src/action/inputs.js'
import { ACTION_VOCABULARY } from '../../../../src/action/vocabulary.js'
import { CLI_VOCABULARY } from '../../../../src/cli/vocabulary.js'
import { LIBRARY_VOCABULARY } from '../../../../src/library/vocabulary.js'
import { resolveOptions, type Settings } from '../../../../src/core/options/resolve.js'
import { optionsOf } from '../../../../src/core/options/offers.js'
import { readOption } from '../../../../src/core/options/values.js'
import {
  kebab,
  render,
  spelling,
  type Vocabulary
} from '../../../../src/core/options/vocabulary.js'
import { InputError } from '../../../../src/core/shared/errors.js'
import type { GitContext } from '../../../../src/core/shared/git-context.js'
import type { OptionKey } from '../../../../src/core/shared/option-refs.js'
import { hasControlCharacter } from '../../../../src/core/shared/text.js'
import type { FrontEnd } from '../../../../src/core/shared/version.js'

const base: Record<string, string> = {
  'api-key': 'key-12345678',
  'base-url': 'https://service.example.com',
  file: 'app.apk'
}

/** The inputs as the action reads them (empty is not given), then resolved by the core. */
function parse(overrides: Record<string, string>, derived: GitContext = {}): Settings {
  const values = { ...base, ...overrides }
  return resolveOptions({
    frontEnd: 'action',
    values: readInputs(name => values[name] ?? ''),
    derived,
    workingDirectory: '/work'
  })
}

function failure(overrides: Record<string, string>): InputError & { option: OptionKey } {
  try {
    parse(overrides)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    // Every option of the table is named by its key.
    expect((error as InputError).option).toEqual(expect.any(String))
    return error as InputError & { option: OptionKey }
  }
  throw new Error(`expected ${JSON.stringify(overrides)} to fail`)
}

const VOCABULARIES: Record<FrontEnd, Vocabulary> = {
  action: ACTION_VOCABULARY,
  cli: CLI_VOCABULARY,
  library: LIBRARY_VOCABULARY
}

describe('resolveOptions', () => {
  it('builds one typed object with the defaults of the option table', () => {
    expect(parse({})).toEqual({
      mode: 'deploy',
      values: {
        apiKey: 'key-12345678',
        baseUrl: 'https://service.example.com',
        check: true,
        collect: false,
        collectMaxRequests: 300,
        dryRun: false,
        ephemeralEnvironment: false,
        failOnNoRun: true,
        file: ['app.apk'],
        maxAttempts: 5,
        minUploadKibPerSecond: 64,
        notify: true,
        pollIntervalSeconds: 30,
        prComment: true,
        reportLater: false,
        runVariable: 'RUN_INPUT_PATH',
        skip: false,
        skipReason: 'Nothing to deploy: the workflow skipped the deploy for this commit.',
        terminateEnvironment: false,
        wait: false,
        waitTimeoutMinutes: 60
      },
      // Beside the values, only what is derived from them: units, defaults across front ends, the mode's own.
      apiKey: 'key-12345678',
      baseUrl: 'https://service.example.com',
      maxAttempts: 5,
      minUploadBytesPerSecond: 64 * 1024,
      failOnNoRun: true,
      git: {},
      wait: false,
      waitTimeoutMs: 3_600_000,
      pollIntervalMs: 30_000,
      runIds: [],
      environmentRef: undefined,
      check: true,
      prComment: true,
      workingDirectory: '/work'
    })
  })

  it.each([
    [{}, 'deploy'],
    [{ notify: 'false' }, 'upload'],
    [{ file: '', 'run-input-path': 'a.apk' }, 'notify'],
    [{ file: '' }, 'plain'],
    [{ file: '', 'run-id': 'run_1' }, 'wait'],
    [{ file: '', 'terminate-environment': 'true', 'environment-id': 'env_1' }, 'terminate']
  ])('%j is the %s mode', (overrides, mode) => {
    expect(parse(overrides).mode).toBe(mode)
  })

  it('waits in wait-only mode without being asked', () => {
    expect(parse({ file: '', 'run-id': 'run_1' })).toMatchObject({ wait: true, mode: 'wait' })
  })

  it.each([
    [{ notify: 'False', file: 'a.apk' }, 'mode', 'upload'],
    [{ 'fail-on-no-run': 'FALSE' }, 'failOnNoRun', false],
    [{ 'ephemeral-environment': 'True' }, 'ephemeralEnvironment', true],
    [{ 'max-attempts': '1' }, 'maxAttempts', 1],
    [{ 'max-attempts': '10' }, 'maxAttempts', 10],
    [{ 'max-attempts': '' }, 'maxAttempts', 5],
    [{ 'base-url': 'https://service.example.com/' }, 'baseUrl', 'https://service.example.com'],
    [{ 'base-url': 'https://service.example.com//' }, 'baseUrl', 'https://service.example.com'],
    [{ 'base-url': 'http://localhost:8080' }, 'baseUrl', 'http://localhost:8080'],
    [{ 'base-url': 'http://127.0.0.5:1' }, 'baseUrl', 'http://127.0.0.5:1'],
    [{ 'base-url': 'http://[::1]:9000' }, 'baseUrl', 'http://[::1]:9000'],
    [{ 'wait-timeout-minutes': '2.5' }, 'waitTimeoutMs', 150_000],
    [{ 'min-upload-kib-per-second': '1024' }, 'minUploadBytesPerSecond', 1024 * 1024],
    [{ 'min-upload-kib-per-second': '1.5' }, 'minUploadBytesPerSecond', 1536],
    [{ 'poll-interval-seconds': '1' }, 'pollIntervalMs', 1000],
    [{ 'run-variable': 'BUILD_PATH' }, 'runVariable', 'BUILD_PATH'],
    [{ variables: '{"A": "x", "N": 3, "B": true}' }, 'variables', { A: 'x', N: '3', B: 'true' }],
    [{ file: '', 'run-input-path': 'builds/app.apk' }, 'runInputPath', 'builds/app.apk'],
    [
      { file: '', variables: '{"RUN_INPUT_PATH": "x.apk"}' },
      'variables',
      { RUN_INPUT_PATH: 'x.apk' }
    ],
    [{ destination: 'dir/sub/My App.IPA' }, 'destination', { all: 'dir/sub/My App.IPA' }]
  ] as [Record<string, string>, string, unknown][])('%j sets %s', (overrides, field, expected) => {
    // A value as read is in values; what is derived from one (units, defaults) beside it.
    const settings = parse(overrides) as unknown as Record<string, unknown> & {
      values: Record<string, unknown>
    }
    expect(field in settings ? settings[field] : settings.values[field]).toEqual(expected)
  })

  it('applies every override over the derived context', () => {
    const HEAD = 'abcabcabcabcabcabcabcabcabcabcabcabcabca'
    const derived: GitContext = {
      branch: 'main',
      sha: HEAD,
      commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
      repository: { owner: 'octo', name: 'app' },
      hostingService: 'GitHub'
    }
    expect(
      parse(
        {
          branch: 'feature/x',
          sha: 'ABCDEF1234567',
          'deployment-url': 'https://preview.example.com',
          'pull-request-number': '42'
        },
        derived
      ).git
    ).toEqual({
      branch: 'feature/x',
      sha: 'ABCDEF1234567',
      // An overridden commit gets the derived link with its own hash.
      commitUrl: 'https://github.com/octo/app/commit/ABCDEF1234567',
      deploymentUrl: 'https://preview.example.com',
      pullRequestNumber: 42,
      repository: { owner: 'octo', name: 'app' },
      hostingService: 'GitHub'
    })
    expect(
      parse({ 'commit-url': 'https://c.example.com/1', sha: 'fedcba9876543' }, derived).git
        .commitUrl
    ).toBe('https://c.example.com/1')
    expect(parse({}, derived).git).toEqual(derived)
  })

  it("sends a number given on GitLab as a merge request's", () => {
    const git = parse({ 'pull-request-number': '9', 'hosting-service': 'GitLab' }).git
    expect(git).toMatchObject({ mergeRequestNumber: 9, hostingService: 'GitLab' })
    expect(git.pullRequestNumber).toBeUndefined()
  })

  it.each([
    [{ 'api-key': '' }, 'api-key', 'SERVICE_API_KEY'],
    [{ 'wait-timeout-minutes': '0' }, 'wait-timeout-minutes', 'above 0 to 360'],
    [{ 'wait-timeout-minutes': 'soon' }, 'wait-timeout-minutes', 'above 0 to 360'],
    [{ 'wait-timeout-minutes': '361' }, 'wait-timeout-minutes', 'above 0 to 360'],
    [{ 'poll-interval-seconds': '0' }, 'poll-interval-seconds', 'from 1 to 600'],
    [{ 'poll-interval-seconds': 'NaN' }, 'poll-interval-seconds', 'from 1 to 600'],
    [{ 'poll-interval-seconds': '0.5' }, 'poll-interval-seconds', 'from 1 to 600'],
    [{ 'run-id': 'run/1', file: '' }, 'run-id', 'not a run id'],
    [{ 'run-id': 'run_1' }, 'run-id', 'cannot be combined with file'],
    [{ wait: 'true', notify: 'false' }, 'wait', 'no deploy notification is sent'],
    [
      { 'terminate-environment': 'true' },
      'file',
      'cannot be combined with terminate-environment: true'
    ],
    [
      { file: '', 'terminate-environment': 'true' },
      'environment-id',
      'is empty, and so are the other ways'
    ],
    [
      {
        file: '',
        'terminate-environment': 'true',
        'environment-id': 'e',
        'environment-alias': 'a'
      },
      'environment-alias',
      'is set beside environment-id'
    ],
    [{ 'base-url': 'https://us er:hunter2@service example.com' }, 'base-url', 'is not a URL'],
    [{ 'api-key': 'two words' }, 'api-key', 'white space'],
    [{ 'base-url': '' }, 'base-url', 'is empty'],
    [{ 'base-url': 'service.example.com' }, 'base-url', 'is not a URL'],
    [{ 'base-url': 'http://service.example.com' }, 'base-url', 'Use https'],
    [{ 'base-url': 'http://10.0.0.1' }, 'base-url', 'clear text'],
    [{ 'base-url': 'ftp://service.example.com' }, 'base-url', 'not an https URL'],
    [{ 'base-url': 'https://user:pw@service.example.com' }, 'base-url', 'credentials'],
    [{ 'base-url': 'https://service.example.com?x=1' }, 'base-url', 'query'],
    [{ 'base-url': 'https://service.example.com/#frag' }, 'base-url', 'fragment'],
    [{ 'max-attempts': 'five' }, 'max-attempts', 'from 1 to 10'],
    [{ 'max-attempts': '0' }, 'max-attempts', 'from 1 to 10'],
    [{ 'max-attempts': '11' }, 'max-attempts', 'from 1 to 10'],
    [{ 'max-attempts': '2.5' }, 'max-attempts', 'whole number'],
    [{ 'max-attempts': '-1' }, 'max-attempts', 'whole number'],
    [{ notify: 'yes' }, 'notify', 'Use true or false'],
    [{ notify: 'ture' }, 'notify', 'not a boolean'],
    [{ 'fail-on-no-run': '1' }, 'fail-on-no-run', 'not a boolean'],
    [{ 'ephemeral-environment': 'on' }, 'ephemeral-environment', 'not a boolean'],
    [{ variables: '{' }, 'variables', 'not valid JSON'],
    [{ variables: '[1]' }, 'variables', 'not an object'],
    [{ variables: 'null' }, 'variables', 'not an object'],
    [{ variables: '"text"' }, 'variables', 'not an object'],
    [{ variables: '{"A": null}' }, 'variables', 'null for "A"'],
    [{ variables: '{"A": [1]}' }, 'variables', 'an array for "A"'],
    [{ variables: '{"A": {"B": "c"}}' }, 'variables', 'an object for "A"'],
    [{ variables: '{"": "x"}' }, 'variables', 'invalid name'],
    [{ variables: `{"A": "${'x'.repeat(70 * 1024)}"}` }, 'variables', 'larger than 64 KiB'],
    [{ variables: '{"RUN_INPUT_PATH": "x.apk"}' }, 'variables', 'ambiguous'],
    [
      { file: '', 'run-input-path': 'a.apk', variables: '{"RUN_INPUT_PATH": "x.apk"}' },
      'variables',
      'ambiguous'
    ],
    [{ 'run-input-path': 'a.apk' }, 'run-input-path', 'cannot be combined with file'],
    [{ file: '', 'run-input-path': '../a.apk' }, 'run-input-path', '..'],
    [{ destination: 'a.apk', 'name-prefix': 'app' }, 'destination', 'name-prefix'],
    [{ destination: '../a.apk' }, 'destination', '.. segment'],
    [{ destination: '/abs/a.apk' }, 'destination', 'starts with /'],
    [{ destination: 'dir\\a.apk' }, 'destination', 'backslash'],
    [{ destination: 'a.exe' }, 'destination', 'does not end'],
    [{ destination: 'dir//a.apk' }, 'destination', 'empty or . segment'],
    [{ destination: 'a\u0007.apk' }, 'destination', 'control character'],
    [{ file: '', destination: 'a.apk' }, 'destination', 'file is empty'],
    [{ file: '', 'name-prefix': 'app' }, 'name-prefix', 'file is empty'],
    [{ 'name-prefix': 'my app' }, 'name-prefix', 'not a valid name part'],
    [{ 'name-prefix': 'app', environment: 'stag/ing' }, 'environment', 'not a valid name part'],
    [{ environment: 'staging' }, 'environment', 'without name-prefix'],
    [{ file: '', notify: 'false' }, 'notify', 'nothing to do'],
    [{ file: '', 'run-input-path': 'a.apk', notify: 'false' }, 'notify', 'run-input-path'],
    [{ branch: 'main\nx=1' }, 'branch', 'line break'],
    [{ 'deployment-type': 'android\r' }, 'deployment-type', 'control character'],
    [{ file: 'a.apk\n' + 'a.apk' }, 'file', 'names "a.apk" twice'],
    [{ file: 'a.apk\u0007\n' + 'b.apk' }, 'file', 'control character'],
    [{ sha: 'not-a-sha' }, 'sha', 'not a commit hash'],
    [{ 'commit-url': 'javascript:alert(1)' }, 'commit-url', 'not an http(s) URL'],
    [{ 'deployment-url': 'nope' }, 'deployment-url', 'not an http(s) URL'],
    [{ 'min-upload-kib-per-second': '0' }, 'min-upload-kib-per-second', 'from 1'],
    [{ 'pull-request-number': '0' }, 'pull-request-number', 'from 1'],
    [{ 'pull-request-number': '#12' }, 'pull-request-number', 'whole number']
  ] as [Record<string, string>, string, string][])(
    '%j fails naming %s',
    (overrides, input, words) => {
      const error = failure(overrides)
      const message = render(error.message, ACTION_VOCABULARY)
      expect(kebab(error.option)).toBe(input)
      expect(message).toContain(`'${input}'`)
      expect(message).toContain(words)
      expect(message).not.toContain('hunter2')
      // Every message also says what to do: a sentence after the problem.
      expect(message.split('. ').length).toBeGreaterThan(1)
      expect(hasControlCharacter(message)).toBe(false)

      // The CLI and the library refuse the same value with the same words: one message, rendered their way.
      for (const frontEnd of ['cli', 'library'] as const) {
        if (!optionsOf(frontEnd).includes(error.option)) continue
        const given = { ...base, ...overrides }
        const values: Partial<Record<OptionKey, unknown>> = {}
        for (const option of optionsOf(frontEnd))
          if (given[kebab(option)] !== undefined && given[kebab(option)] !== '')
            values[option] = given[kebab(option)]
        let other: unknown
        try {
          resolveOptions({ frontEnd, values, workingDirectory: '/work' })
        } catch (e) {
          other = e
        }
        // A combination only the action allows (terminate-environment with file) has no twin elsewhere.
        if (other instanceof InputError && other.option === error.option)
          expect(other.message).toBe(error.message)
        expect(render(error.message, VOCABULARIES[frontEnd])).toContain(
          VOCABULARIES[frontEnd].subject(error.option)
        )
      }
    }
  )

  describe('a command that deploys a build refuses to go without one', () => {
    const connection = { apiKey: 'key-12345678', baseUrl: 'https://service.example.com' }
    const refusal = (frontEnd: FrontEnd, command: 'deploy' | 'upload', file?: string) => {
      try {
        resolveOptions({
          frontEnd,
          command,
          values: file === undefined ? connection : { ...connection, file },
          workingDirectory: '/work'
        })
      } catch (error) {
        expect(error).toBeInstanceOf(InputError)
        expect((error as InputError).option).toBe('file')
        return render((error as Error).message, VOCABULARIES[frontEnd])
      }
      throw new Error(`expected ${command} without a build to be refused`)
    }

    it.each(['', '   '])(
      'an empty --file (%j) says an unset CI variable is the likely cause',
      file => {
        const message = refusal('cli', 'deploy', file)
        expect(message).toContain('--file is empty (an unset CI variable expands to nothing)')
        expect(message).toContain("use the 'notify' command")
      }
    )

    it('no --file at all is missing, and the library names notifyDeployment', () => {
      expect(refusal('cli', 'deploy')).toMatch(
        /--file is missing\. Give the path or a glob .*; for a build uploaded earlier, give --run-input-path instead;/
      )
      expect(refusal('library', 'deploy')).toMatch(/^Option 'file' is missing\..*notifyDeployment/)
      expect(refusal('library', 'deploy', '')).toContain(
        "Option 'file' is empty (an unset CI variable expands to nothing)"
      )
      expect(refusal('cli', 'upload', '')).not.toContain('notify')
    })

    it('deploy with an earlier upload, notify without a build and the action without a file stay allowed', () => {
      const resolve = (
        frontEnd: FrontEnd,
        command: 'deploy' | 'notify' | undefined,
        values: object
      ) =>
        resolveOptions({
          frontEnd,
          command,
          values: { apiKey: 'key-12345678', baseUrl: 'https://service.example.com', ...values },
          workingDirectory: '/work'
        }).mode
      expect(resolve('cli', 'deploy', { runInputPath: 'setup/a.apk' })).toBe('notify')
      expect(resolve('cli', 'notify', { file: '' })).toBe('plain')
      expect(resolve('library', 'notify', {})).toBe('plain')
      expect(resolve('action', undefined, { file: '' })).toBe('plain')
    })
  })

  it('never quotes the API key in a message', () => {
    const error = failure({ 'api-key': 'k3y-v4lue with space' })
    expect(error.message).not.toContain('k3y-v4lue')
  })
})

describe('reading values by kind', () => {
  const variables = (raw: unknown) => readOption('variables', raw)

  it('keeps a __proto__ name as a plain variable', () => {
    const read = variables('{"__proto__": "x"}') as Record<string, string>
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(JSON.stringify(read)).toBe('{"__proto__":"x"}')
  })

  it('accepts multi-line JSON as a YAML block gives it, and an object from the library', () => {
    expect(variables('{\n  "LOCALE": "en-GB"\n}\n')).toEqual({ LOCALE: 'en-GB' })
    expect(variables({ LOCALE: 'en-GB', N: 2, B: false })).toEqual({
      LOCALE: 'en-GB',
      N: '2',
      B: 'false'
    })
  })

  it('reads several builds one per line, or from a list, blank lines left out', () => {
    expect(readOption('file', 'app.apk\n\n  ios/App.ipa  \r\n')).toEqual(['app.apk', 'ios/App.ipa'])
    expect(readOption('file', ['app.apk', 'a.ipa\nb.zip'])).toEqual(['app.apk', 'a.ipa', 'b.zip'])
    expect(readOption('file', ' \n ')).toBeUndefined()
    expect(() => readOption('file', 'a.apk\na.apk')).toThrow(/names "a\.apk" twice/)
    expect(parse({ file: 'app.apk\napp.ipa' }).values.file).toEqual(['app.apk', 'app.ipa'])
    expect(() => parse({ file: 'app.apk\napp.ipa', destination: 'x.apk' })).toThrow(
      /names one path in the storage, and {{file}} gives 2 builds/
    )
  })

  it.each([
    ['com.example.shop', { all: 'com.example.shop' }],
    [
      'android:com.example.shop ios:com.example.Shop',
      { android: 'com.example.shop', ios: 'com.example.Shop' }
    ],
    ['ANDROID:com.a,  iOS:com.b', { android: 'com.a', ios: 'com.b' }],
    ['ios:com.example.Shop', { ios: 'com.example.Shop' }]
  ])('reads the expected app id %j as one for all or one per platform', (text, ids) => {
    expect(readOption('expectedAppId', text)).toEqual(ids)
  })

  it.each([
    ['com.a ios:com.b', /one for a platform/],
    ['android:com.a android:com.b', /two Android app ids/],
    ['com.a com.b', /two app ids/],
    ['android:<img>', /is not an app id/]
  ])('refuses the expected app id %j', (text, why) => {
    expect(() => readOption('expectedAppId', text)).toThrow(why)
  })

  it.each([
    ['https://service.example.com/api', '"/api"', 'https://service.example.com'],
    ['https://service.example.com/api/v0/', '"/api/v0"', 'https://service.example.com'],
    [
      'https://gw.example.com/testing/api/webhooks/',
      '"/api/webhooks"',
      'https://gw.example.com/testing'
    ]
  ])(
    'refuses the base URL %s, which reaches into the API, naming the address to use',
    (url, path, base) => {
      expect(() => readOption('baseUrl', ` ${url} `)).toThrow(
        `reaches into the service's API (${path}). Use the address the requests start from, "${base}": they add /api/... themselves`
      )
    }
  )

  it.each([
    ['https://gw.example.com/testing/', 'https://gw.example.com/testing'],
    ['https://gw.example.com/tenants/acme', 'https://gw.example.com/tenants/acme'],
    ['https://service.example.com/', 'https://service.example.com']
  ])("takes a gateway's path prefix %s, kept on every request", (url, base) => {
    expect(readOption('baseUrl', url)).toBe(base)
  })

  it.each([
    ['maxAttempts', 3, 3],
    ['maxAttempts', '3', 3],
    ['wait', true, true],
    ['wait', 'false', false],
    ['waitTimeoutMinutes', 0.5, 0.5],
    ['pollIntervalSeconds', '2.5', 2.5]
  ] as [OptionKey, unknown, unknown][])(
    '%s reads %j from any front end as %j',
    (key, raw, value) => {
      expect(readOption(key, raw)).toEqual(value)
    }
  )

  it.each([
    ['file', 42, 'is a number, not text'],
    ['wait', 'yes', 'not a boolean'],
    ['maxAttempts', 2.5, 'not a whole number'],
    ['pollIntervalSeconds', Number.NaN, 'not a number from 1 to 600'],
    ['pollIntervalSeconds', 0, 'not a number from 1 to 600'],
    ['waitTimeoutMinutes', Infinity, 'not a number above 0 to 360'],
    ['repository', { owner: 'a b', name: 'x' }, 'is not a repository']
  ] as [OptionKey, unknown, string][])('%s refuses %j', (key, raw, words) => {
    expect(() => readOption(key, raw)).toThrow(words)
  })
})

describe('names in each front end', () => {
  it.each([
    ['action', 'junitReport', 'junit-report'],
    ['cli', 'junitReport', 'junit'],
    ['library', 'sha', 'git.sha'],
    ['library', 'deploymentUrl', 'deploymentUrl'],
    ['cli', 'waitTimeoutMinutes', 'wait-timeout-minutes']
  ] as [FrontEnd, OptionKey, string][])('%s spells %s as %s', (frontEnd, key, name) => {
    expect(spelling(frontEnd, key)).toBe(name)
  })

  it('renders references in each vocabulary', () => {
    const text = 'Set {{failOnNoRun=false}}, check {{baseUrl}}; {{file!}} is odd.'
    expect(render(text, ACTION_VOCABULARY)).toBe(
      "Set fail-on-no-run: false, check base-url; Input 'file' is odd."
    )
    expect(render(text, CLI_VOCABULARY)).toBe(
      'Set --fail-on-no-run=false, check --base-url (or SERVICE_BASE_URL); Flag --file is odd.'
    )
    expect(render(text, LIBRARY_VOCABULARY)).toBe(
      "Set failOnNoRun: false, check baseUrl; Option 'file' is odd."
    )
    expect(render('{{notAnOption}} stays', ACTION_VOCABULARY)).toBe('{{notAnOption}} stays')
  })
})

describe('a value per platform with nothing after the platform', () => {
  it.each([
    ['expected-app-id', 'ios:'],
    ['expected-app-id', 'android:com.example.shop ios:'],
    ['expected-app-id', 'android:com.example.shop,ios:'],
    ['name-prefix', 'android:'],
    ['environment', 'ios: android:staging'],
    ['destination', 'android:builds/app.apk ios:']
  ])('%s %j is refused in every front end, naming it', (input, value) => {
    const key = (
      {
        'expected-app-id': 'expectedAppId',
        'name-prefix': 'namePrefix',
        environment: 'environment',
        destination: 'destination'
      } as const
    )[input as 'environment']
    const extra: Partial<Record<OptionKey, unknown>> =
      key === 'environment' ? { namePrefix: 'myapp' } : {}
    for (const frontEnd of ['action', 'cli', 'library'] as const)
      expect(() =>
        resolveOptions({
          frontEnd,
          command: frontEnd === 'action' ? undefined : 'deploy',
          values: {
            apiKey: 'key-12345678',
            baseUrl: 'https://service.example.com',
            file: 'app.apk',
            ...extra,
            [key]: value
          },
          workingDirectory: '/work'
        })
      ).toThrow(/with nothing after the platform/)
  })
})

import { describe, expect, it } from '@jest/globals'
import { ACTION_WORDS, parseInputs } from '../../src/action/inputs.js'
import { InputError } from '../../src/core/errors.js'
import { hasControlCharacter } from '../../src/core/naming.js'
import { resolveOptions, type Settings } from '../../src/core/options.js'
import { parseBaseUrl, parseVariables } from '../../src/core/validate.js'
import { kebab } from '../../src/core/words.js'

const base: Record<string, string> = {
  'api-key': 'key-123',
  'base-url': 'https://service.example.com',
  file: 'app.apk',
  notify: 'true',
  'fail-on-no-run': 'true',
  'hosting-service': 'GitHub',
  'ephemeral-environment': 'false',
  'max-attempts': '5'
}

type Parsed = Settings & ReturnType<typeof parseInputs>

/** The inputs as the action reads them, then validated by the core in the action's words. */
function parse(overrides: Record<string, string>): Parsed {
  const values = { ...base, ...overrides }
  const inputs = parseInputs(name => values[name] ?? '')
  const settings = resolveOptions(
    { ...inputs.options, git: { hostingService: inputs.hostingService } },
    ACTION_WORDS
  )
  return { ...inputs, ...settings }
}

function failure(overrides: Record<string, string>): InputError {
  try {
    parse(overrides)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return error as InputError
  }
  throw new Error(`expected ${JSON.stringify(overrides)} to fail`)
}

describe('parseInputs', () => {
  it('builds one typed object with the defaults of action.yml', () => {
    const { options, overrides, failOnNoRun, hostingService } = parse({})
    expect({ options, overrides, failOnNoRun, hostingService }).toEqual({
      options: {
        apiKey: 'key-123',
        baseUrl: 'https://service.example.com',
        file: 'app.apk',
        destination: '',
        namePrefix: '',
        environment: '',
        deploymentType: '',
        variables: '',
        runInputPath: '',
        notify: true,
        deduplicationKey: '',
        ephemeralEnvironment: false,
        maxAttempts: 5,
        wait: false,
        waitTimeoutMinutes: undefined,
        runId: ''
      },
      overrides: {
        branch: '',
        sha: '',
        commitUrl: '',
        deploymentUrl: '',
        pullRequestNumber: undefined
      },
      hostingService: 'GitHub',
      failOnNoRun: true,
      terminate: undefined
    })
  })

  it.each([
    [{ notify: 'False', file: 'a.apk' }, 'notify', false],
    [{ 'fail-on-no-run': 'FALSE' }, 'failOnNoRun', false],
    [{ 'ephemeral-environment': 'True' }, 'ephemeralEnvironment', true],
    [{ 'max-attempts': '1' }, 'maxAttempts', 1],
    [{ 'max-attempts': '10' }, 'maxAttempts', 10],
    [{ 'max-attempts': '' }, 'maxAttempts', 5],
    [{ 'base-url': 'https://service.example.com/' }, 'baseUrl', 'https://service.example.com'],
    [
      { 'base-url': 'https://service.example.com/prefix//' },
      'baseUrl',
      'https://service.example.com/prefix'
    ],
    [{ 'base-url': 'http://localhost:8080' }, 'baseUrl', 'http://localhost:8080'],
    [{ 'base-url': 'http://127.0.0.5:1' }, 'baseUrl', 'http://127.0.0.5:1'],
    [{ 'base-url': 'http://[::1]:9000' }, 'baseUrl', 'http://[::1]:9000'],
    [{ 'hosting-service': '' }, 'hostingService', 'GitHub'],
    [{ 'hosting-service': 'GitLab' }, 'hostingService', 'GitLab'],
    [{ variables: '{"A": "x", "N": 3, "B": true}' }, 'variables', { A: 'x', N: '3', B: 'true' }],
    [{ file: '', 'run-input-path': 'builds/app.apk' }, 'runInputPath', 'builds/app.apk'],
    [
      { file: '', variables: '{"RUN_INPUT_PATH": "x.apk"}' },
      'variables',
      { RUN_INPUT_PATH: 'x.apk' }
    ],
    [{ destination: 'dir/sub/My App.IPA' }, 'destination', 'dir/sub/My App.IPA']
  ] as [Record<string, string>, keyof Parsed, unknown][])(
    '%j sets %s',
    (overrides, field, expected) => {
      expect(parse(overrides)[field]).toEqual(expected)
    }
  )

  it('reads the context overrides', () => {
    const inputs = parse({
      branch: 'feature/x',
      sha: 'ABCDEF1234567',
      'commit-url': 'https://git.example.com/c/1',
      'deployment-url': 'https://preview.example.com',
      'pull-request-number': '42'
    })
    expect(inputs.overrides).toEqual({
      branch: 'feature/x',
      sha: 'ABCDEF1234567',
      commitUrl: 'https://git.example.com/c/1',
      deploymentUrl: 'https://preview.example.com',
      pullRequestNumber: 42
    })
  })

  it.each([
    [{ 'api-key': '' }, 'api-key', 'SERVICE_API_KEY'],
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
    [{ file: 'a.apk\n' + 'b.apk' }, 'file', 'line break'],
    [{ sha: 'not-a-sha' }, 'sha', 'not a commit hash'],
    [{ 'commit-url': 'javascript:alert(1)' }, 'commit-url', 'not an http(s) URL'],
    [{ 'deployment-url': 'nope' }, 'deployment-url', 'not an http(s) URL'],
    [{ 'pull-request-number': '0' }, 'pull-request-number', 'from 1'],
    [{ 'pull-request-number': '#12' }, 'pull-request-number', 'whole number']
  ] as [Record<string, string>, string, string][])(
    '%j fails naming %s',
    (overrides, input, words) => {
      const error = failure(overrides)
      expect(kebab(error.option)).toBe(input)
      expect(error.message).toContain(`'${input}'`)
      expect(error.message).toContain(words)
      // Every message also says what to do: a sentence after the problem.
      expect(error.message.split('. ').length).toBeGreaterThan(1)
      expect(hasControlCharacter(error.message)).toBe(false)
    }
  )

  it('never quotes the API key in a message', () => {
    const error = failure({ 'api-key': 'secret value\n' })
    expect(error.message).not.toContain('secret')
  })
})

describe('parseVariables', () => {
  it('keeps a __proto__ name as a plain variable', () => {
    const variables = parseVariables(ACTION_WORDS, '{"__proto__": "x"}')
    expect(Object.getPrototypeOf(variables)).toBe(Object.prototype)
    expect(JSON.stringify(variables)).toBe('{"__proto__":"x"}')
  })

  it('accepts multi-line JSON as a YAML block gives it', () => {
    expect(parseVariables(ACTION_WORDS, '{\n  "LOCALE": "en-GB"\n}\n')).toEqual({ LOCALE: 'en-GB' })
  })
})

describe('parseBaseUrl', () => {
  it('keeps a path prefix without the trailing slash', () => {
    expect(parseBaseUrl(ACTION_WORDS, ' https://gw.example.com/service/ ')).toBe(
      'https://gw.example.com/service'
    )
  })
})

/**
 * The Bitrise step's definition held to Bitrise's own rules: `stepman audit` (the rules of bitrise-io/stepman's
 * source, helpers/bitrise.ts), SchemaStore's schema of a step.yml, the product's own outputs with their value
 * options, the one installer of the CLI word for word with release.json's defaults, the docs' table of
 * inputs, and the stand-in that runs the step refusing what Bitrise would not run.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { ROOT } from '../../../emulator/github-runner.js'
import { CLI_VOCABULARY } from '../../../src/cli/vocabulary.js'
import { render } from '../../../src/core/index.js'
import { OUTPUT_NAMES, OUTPUT_VALUES, OUTPUTS } from '../../../src/core/report/outputs.js'
import {
  inputDefault,
  inputKey,
  parseStepYml,
  runStep,
  STEP_DIR,
  stepInputs,
  stepmanAudit,
  stepYml,
  type EnvItem,
  type StepYml
} from '../../../emulator/bitrise-step.js'
import { installerBlock, RELEASE, releaseTarballUrl } from '../../helpers/cli-release.js'

let step: StepYml
beforeAll(async () => {
  step = await stepYml()
})

const copy = (): StepYml => structuredClone(step)
const item = (s: StepYml, key: string): EnvItem =>
  [...s.inputs, ...s.outputs].find(i => inputKey(i) === key)!
/** step.yml as `stepman share create` puts it in the StepLib: with its source and the time it was published. */
const steplibCopy = (s: StepYml) => ({
  ...s,
  source: { git: `https://github.com/${RELEASE.home.github}.git`, commit: 'c'.repeat(40) },
  published_at: new Date('2026-05-04T10:00:00Z')
})

describe("bitrise/step.yml by stepman's audit", () => {
  it('passes as it is in the repository, and as the StepLib holds it', () => {
    expect(stepmanAudit(step)).toEqual([])
    expect(stepmanAudit(steplibCopy(step), { steplib: true })).toEqual([])
  })

  const broken: [string, (s: StepYml) => unknown, string][] = [
    ['no title', s => ({ ...s, title: '' }), "missing or empty required 'title'"],
    ['no summary', s => ({ ...s, summary: undefined }), "missing or empty required 'summary'"],
    ['no website', s => ({ ...s, website: '' }), "missing or empty required 'website'"],
    ['a negative timeout', s => ({ ...s, timeout: -1 }), "'timeout' is not an integer"],
    ['a summary of two lines', s => ({ ...s, summary: 'one\ntwo' }), 'more than one line'],
    ['a summary of 101 characters', s => ({ ...s, summary: 'x'.repeat(101) }), 'more than 100'],
    ['no entry file', s => ({ ...s, toolkit: { bash: {} } }), 'entry_file'],
    [
      'an input without a title',
      s => (delete item(s, 'branch').opts!.title, s),
      'branch: missing or empty title'
    ],
    [
      'an output without a title',
      s => (delete item(s, 'runId').opts!.title, s),
      'runId: missing or empty title'
    ],
    [
      'a sensitive input not expanded',
      s => ((item(s, 'api_key').opts!.is_expand = false), s),
      'api_key: is_sensitive option is true but is_expand option is not'
    ],
    [
      'a sensitive input with a value of its own',
      s => ((item(s, 'api_key').api_key = 'k3y'), s),
      "api_key: a sensitive input's default is not a secret's variable"
    ],
    [
      'value options without a default',
      s => ((item(s, 'wait').wait = ''), s),
      'wait: missing default value for an input with value_options'
    ],
    [
      'a default that is not one of the value options',
      s => ((item(s, 'wait').wait = 'yes'), s),
      'wait: the default yes is not one of its value_options'
    ],
    [
      'value options that are not strings',
      s => ((item(s, 'wait').opts!.value_options = [true, false]), s),
      'wait: value_options is not a list of strings'
    ],
    [
      'a flag that is not a boolean',
      s => ((item(s, 'api_key').opts!.is_required = 'maybe'), s),
      'api_key: is_required is not true or false'
    ],
    [
      'an input of two keys',
      s => (s.inputs.push({ a: '', b: '', opts: { title: 'A' } }), s),
      'has keys a, b, opts'
    ],
    [
      'an input id in camel case',
      s => (s.inputs.push({ nameOfIt: '', opts: { title: 'Name' } }), s),
      'nameOfIt: an input id is not lower snake case'
    ]
  ]
  it.each(broken)('refuses a step.yml with %s', (_, breakIt, problem) => {
    expect(stepmanAudit(breakIt(copy()))).toEqual([expect.stringContaining(problem)])
  })

  const steplibBroken: [string, (s: ReturnType<typeof steplibCopy>) => unknown, string][] = [
    ['no published_at', s => ({ ...s, published_at: undefined }), "'PublishedAt'"],
    ['no source', s => ({ ...s, source: undefined }), "'Source'"],
    [
      'a source that is not https',
      s => ({ ...s, source: { ...s.source, git: 'git@github.com:o/r.git' } }),
      'should start with http:// or https://'
    ],
    [
      'a source that is not a .git URL',
      s => ({ ...s, source: { ...s.source, git: 'https://github.com/o/r' } }),
      'should end with .git'
    ],
    [
      'a source without its commit',
      s => ({ ...s, source: { ...s.source, commit: '' } }),
      "'source.commit'"
    ]
  ]
  it.each(steplibBroken)("refuses the StepLib's copy with %s", (_, breakIt, problem) => {
    expect(stepmanAudit(breakIt(steplibCopy(copy())), { steplib: true })).toEqual([
      expect.stringContaining(problem)
    ])
  })

  it('reads step.yml as go-yaml v2 does (YAML 1.1): an unquoted no is false, refused as a default', () => {
    const s = parseStepYml(
      'title: T\nsummary: S\nwebsite: W\ntoolkit: {bash: {entry_file: step.sh}}\n' +
        'inputs:\n  - wait: no\n    opts: {title: Wait}\n'
    )
    expect(s.inputs[0]).toMatchObject({ wait: false })
    expect(stepmanAudit(s)).toEqual(['wait: the value is not a string'])
  })

  it("names the project's repository, the one release.json names, and its StepLib source", () => {
    const site = `https://github.com/${RELEASE.home.github}`
    expect(step).toMatchObject({
      website: site,
      source_code_url: `${site}/tree/main/bitrise`,
      support_url: `${site}/issues`,
      toolkit: { bash: { entry_file: 'step.sh' } }
    })
    expect(step.deps).toBeUndefined()
  })
})

describe("the step's inputs", () => {
  it("default to Bitrise's own variables, the key sensitive and read from a secret", () => {
    expect(item(step, 'api_key')).toMatchObject({
      api_key: '$SERVICE_API_KEY',
      opts: { is_sensitive: true, is_expand: true, is_required: true }
    })
    expect(Object.fromEntries(step.inputs.map(i => [inputKey(i), inputDefault(i)]))).toMatchObject({
      apk_path: '$BITRISE_APK_PATH',
      aab_path: '$BITRISE_AAB_PATH',
      ipa_path: '$BITRISE_IPA_PATH',
      branch: '$BITRISE_GIT_BRANCH',
      pull_request: '$BITRISE_PULL_REQUEST',
      base_url: '$SERVICE_BASE_URL'
    })
  })
})

describe("bitrise/step.yml by SchemaStore's schema", () => {
  let validate: ReturnType<Ajv['compile']>
  beforeAll(async () => {
    const schema = JSON.parse(
      await readFile(join(ROOT, '__tests__/fixtures/bitrise/schemastore/bitrise-step.json'), 'utf8')
    ) as object
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats.default(ajv)
    validate = ajv.compile(schema)
  })

  it('is valid, as the StepLib holds it too', () => {
    // JSON, as the StepLib's spec.json carries it.
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown
    expect([validate(json(step)), validate.errors]).toEqual([true, null])
    expect(validate(json(steplibCopy(step)))).toBe(true)
  })

  it("needs bash (its toolkit says so) and nothing bash 3.2, a Mac stack's /bin/bash, lacks", async () => {
    expect(step.toolkit.bash.entry_file).toBe('step.sh')
    const script = (await readFile(join(STEP_DIR, 'step.sh'), 'utf8'))
      .split('\n')
      .filter(line => !line.trimStart().startsWith('#'))
      .join('\n')
    const LACKING_IN_32: [string, RegExp][] = [
      ['mapfile/readarray', /\b(mapfile|readarray)\b/],
      ['case conversion', /\$\{\w+(,,?|\^\^?)\}/],
      ['associative arrays', /\b(declare|local|typeset)\s+-\w*A/],
      ['name references', /\b(declare|local|typeset)\s+-\w*n\b/],
      ['@Q and other transformations', /\$\{\w+@[QEPAaKk]\}/],
      ['wait -n', /\bwait\s+-n\b/],
      ['[[ -v', /\[\[\s+-v\b/],
      ['case fall-through', /;;&|;&/],
      ['|& and &>>', /\|&|&>>/],
      ['negative array indices', /\[-\d+\]\}/],
      ['coproc', /\bcoproc\b/]
    ]
    for (const [construct, pattern] of LACKING_IN_32)
      expect([construct, pattern.test(script)]).toEqual([construct, false])
  })

  it("keeps out what Bitrise's current step schema refuses as deprecated: host_os_tags (old stack names), is_requires_admin_user", async () => {
    const step = await stepYml()
    expect(Object.keys(step)).not.toContain('host_os_tags')
    expect(Object.keys(step)).not.toContain('is_requires_admin_user')
  })

  it('refuses what it does not know and what is of the wrong type', () => {
    expect(validate({ ...copy(), titel: 'typo' })).toBe(false)
    expect(validate({ ...copy(), toolkit: { bash: { entry_file: 1 } } })).toBe(false)
    expect(validate({ ...copy(), is_skippable: 'no' })).toBe(false)
    expect(validate({ ...copy(), published_at: 'yesterday' })).toBe(false)
  })
})

describe("the step's outputs are the product's", () => {
  it('every output by its name, in order, described as the product describes it', () => {
    expect(step.outputs.map(inputKey)).toEqual([...OUTPUT_NAMES])
    for (const output of step.outputs) {
      const name = inputKey(output) as keyof typeof OUTPUTS
      // The step's log is the CLI's, whose words name its flags.
      expect([name, output.opts?.description]).toEqual([
        name,
        render(OUTPUTS[name], CLI_VOCABULARY)
      ])
    }
  })

  it('with the value options of the outputs that take one of a list, and none elsewhere', () => {
    expect(Object.keys(OUTPUT_VALUES)).toEqual(expect.arrayContaining(['outcome', 'verdict']))
    for (const output of step.outputs) {
      const name = inputKey(output) as keyof typeof OUTPUTS
      expect([name, output.opts?.value_options]).toEqual([
        name,
        OUTPUT_VALUES[name] && [...OUTPUT_VALUES[name]]
      ])
    }
    expect(item(step, 'outcome').opts?.value_options).toContain('skipped')
  })
})

describe('the CLI, installed by the one installer', () => {
  it("step.sh carries wrappers/install-cli.sh's installer word for word", async () => {
    const canonical = installerBlock(await readFile(join(ROOT, 'wrappers/install-cli.sh'), 'utf8'))
    const script = await readFile(join(STEP_DIR, 'step.sh'), 'utf8')
    expect(installerBlock(script)).toBe(canonical)
    expect(script.split(canonical)).toHaveLength(2)
  })

  it("defaults to release.json's tarball and pinned SHA-256, both required", () => {
    expect(inputDefault(item(step, 'cli_package'))).toBe(releaseTarballUrl())
    expect(inputDefault(item(step, 'cli_sha256'))).toBe(RELEASE.cliSha256)
    expect(releaseTarballUrl()).toMatch(
      /^https:\/\/github\.com\/[^/]+\/[^/]+\/releases\/download\//
    )
    for (const key of ['cli_package', 'cli_sha256'])
      expect([key, item(step, key).opts?.is_required]).toEqual([key, true])
  })

  it('installs nothing from a registry: no npm, npx or package name in the step or its docs', async () => {
    for (const file of ['bitrise/step.yml', 'bitrise/step.sh', 'docs/bitrise.md']) {
      const text = await readFile(join(ROOT, file), 'utf8')
      expect([
        file,
        text.match(/\bnpx\b|\bnpm (?:i|install|exec)\b|mobile-build-deploy@/g)
      ]).toEqual([file, null])
    }
  })

  it("the step's folder is the step alone: step.yml and its entry file", async () => {
    expect((await readdir(STEP_DIR)).sort()).toEqual(['step.sh', 'step.yml'])
  })
})

describe('docs/bitrise.md', () => {
  it('lists every input in order with its default', async () => {
    const docs = await readFile(join(ROOT, 'docs/bitrise.md'), 'utf8')
    const rows = [...docs.matchAll(/^\| `(\w+)` +\| ([^|]*?) *\|/gm)].map(m => [m[1], m[2]])
    expect(rows.map(([name]) => name)).toEqual(step.inputs.map(inputKey))
    const placeholder = (text: string) => text.replaceAll(RELEASE.version, '<version>')
    for (const [name, cell] of rows) {
      const fallback = inputDefault(item(step, name!))
      if (name === 'cli_package')
        expect(docs).toContain(`The default \`cli_package\` is \`${placeholder(fallback)}\``)
      else if (name === 'cli_sha256') expect(cell).toBe('the SHA-256 published with the release')
      else expect([name, cell]).toEqual([name, fallback ? `\`${fallback}\`` : ''])
    }
  })
})

describe('the stand-in refuses what Bitrise would not run', () => {
  const env = { SERVICE_API_KEY: 'k', SERVICE_BASE_URL: 'http://127.0.0.1:1', WAIT: 'true' }
  const pinned = { cli_sha256: 'a'.repeat(64) }
  let cwd: string
  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'bitrise-stand-in-'))
  })
  afterAll(() => rm(cwd, { recursive: true, force: true }))

  it('takes declared inputs, expanded, with the defaults of the rest', () => {
    const values = stepInputs(step, env, { ...pinned, wait: '$WAIT', name_prefix: 'shop' })
    expect(values).toMatchObject({
      api_key: 'k',
      wait: 'true',
      name_prefix: 'shop',
      fail_on_no_run: 'true',
      cli_package: releaseTarballUrl()
    })
    expect(Object.keys(values)).toEqual(step.inputs.map(inputKey))
  })

  const refused: [string, Record<string, string>, Record<string, string>, string][] = [
    ['an input step.yml does not declare', { ...pinned, wiat: 'true' }, {}, 'no input wiat'],
    ['a required input given empty', { ...pinned, cli_package: '' }, {}, 'cli_package is empty'],
    ['a value not in the value options', { ...pinned, wait: 'yes' }, {}, 'wait is yes, not one of'],
    [
      'a variable that expands outside them',
      { ...pinned, wait: '$WAIT' },
      { WAIT: 'maybe' },
      'wait is maybe'
    ],
    [
      'a sensitive input given a value',
      { ...pinned, api_key: 'k3y' },
      {},
      "takes a secret's variable"
    ]
  ]
  it.each(refused)('refuses %s, before the step runs', async (_, inputs, extra, reason) => {
    await expect(runStep(cwd, { ...env, ...extra }, inputs)).rejects.toThrow(reason)
    expect(await readdir(cwd)).toEqual([])
  })

  it('refuses a required input left to an empty default', () => {
    const s = copy()
    item(s, 'cli_sha256').cli_sha256 = ''
    expect(() => stepInputs(s, env, {})).toThrow('the required input cli_sha256 is empty')
  })
})

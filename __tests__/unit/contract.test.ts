import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { generated, readAction } from '../../script/docs.js'
import { readInputs } from '../../src/action/inputs.js'
import { OUTPUT_NAMES } from '../../src/core/deploy/outputs.js'
import { PRODUCT_VERSION } from '../../src/core/shared/version.js'
import { EXIT } from '../../src/cli/args.js'
import { PAGES } from '../helpers/docs.js'

async function text(path: string): Promise<string> {
  return readFile(join(ROOT, path), 'utf8')
}

/** The first column of a markdown table that follows `heading`, as names. */
function tableNames(readme: string, marker: string): string[] {
  const start = readme.indexOf(`<!-- ${marker}:start -->`)
  const end = readme.indexOf(`<!-- ${marker}:end -->`)
  return readme
    .slice(start, end)
    .split('\n')
    .map(line => /^\| `([^`]+)`\s+\|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
}

describe('action.yml', () => {
  it('runs the committed bundle on node24 and has branding', async () => {
    const action = parse(await text('action.yml'))
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect(action.branding).toEqual({ icon: expect.any(String), color: expect.any(String) })
  })

  it('gives every input and output a one-line description, and every optional input a default', async () => {
    const action = await readAction()
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect([name, spec.description.includes('\n')]).toEqual([name, false])
      if (!spec.required) expect([name, typeof spec.default]).toEqual([name, 'string'])
    }
    for (const [name, spec] of Object.entries(action.outputs))
      expect([name, spec.description.length > 0]).toEqual([name, true])
  })

  it('declares exactly the inputs the code reads', async () => {
    const action = await readAction()
    const read = new Set<string>()
    const values: Record<string, string> = {
      'api-key': 'k',
      'base-url': 'https://s.example.com',
      file: 'a.apk'
    }
    readInputs(name => {
      read.add(name)
      return values[name] ?? action.inputs[name]?.default ?? ''
    })
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort())
  })

  it('declares exactly the outputs the code can set', async () => {
    const action = await readAction()
    expect(Object.keys(action.outputs)).toEqual([...OUTPUT_NAMES])
  })

  it('has the version of package.json in the User-Agent', async () => {
    expect(PRODUCT_VERSION).toBe(JSON.parse(await text('package.json')).version)
  })
})

describe('the generated files', () => {
  it('are as the option table makes them: action.yml and the docs tables', async () => {
    for (const { path, text: expected } of await generated())
      expect([path, await readFile(path, 'utf8')]).toEqual([path, expected])
  })

  it('list exactly the inputs and outputs of action.yml in the action page', async () => {
    const [page, action] = [await text('docs/action.md'), await readAction()]
    expect(tableNames(page, 'inputs')).toEqual(Object.keys(action.inputs))
    expect(tableNames(page, 'outputs')).toEqual(Object.keys(action.outputs))
  })
})

describe('README', () => {
  it('names the two commands', async () => {
    const readme = await text('README.md')
    expect(readme).toContain('npm ci && npm run demo')
    expect(readme).toContain('npm ci && npm test')
  })

  it('is the front door: at most about 200 lines, linking every page of the docs', async () => {
    const readme = await text('README.md')
    expect(readme.split('\n').length).toBeLessThanOrEqual(210)
    for (const page of PAGES.filter(p => p !== 'README.md'))
      expect([page, readme.includes(`(${page}`)]).toEqual([page, true])
  })

  it('has the exit code of every cause', async () => {
    const readme = await text('README.md')
    for (const code of Object.values(EXIT))
      expect(readme).toMatch(new RegExp(`^\\| ${code} +\\|`, 'm'))
  })
})

describe('the wrappers', () => {
  it('pin the CLI to the package version, as script/release checks', async () => {
    const files = [
      ...['deploy', 'preview', 'wait', 'terminate'].map(name => `templates/${name}.yml`),
      ...['deploy', 'wait', 'terminate'].map(name => `orb/src/commands/${name}.yml`),
      'bitrise/step.yml',
      'docs/gitlab.md'
    ]
    for (const file of files) {
      const pins = new Set((await text(file)).match(/mobile-build-deploy(?:\/\w+)?@\d+\.\d+\.\d+/g))
      const versions = [...pins].map(pin => pin.slice(pin.lastIndexOf('@') + 1))
      expect([file, [...new Set(versions)]]).toEqual([file, [PRODUCT_VERSION]])
    }
  })
})

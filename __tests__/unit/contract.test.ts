import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { generated, readAction } from '../../script/docs.js'
import { readInputs } from '../../src/action/inputs.js'
import { OUTPUT_NAMES } from '../../src/core/deploy/outputs.js'
import { PRODUCT_VERSION } from '../../src/core/shared/version.js'

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
})

import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import { readAction } from '../../../script/docs.js'
import { readInputs } from '../../../src/action/inputs.js'
import { OUTPUT_NAMES } from '../../../src/core/report/outputs.js'
import { PRODUCT_VERSION } from '../../../src/core/shared/version.js'
import { EXIT } from '../../../src/cli/args.js'
import { PAGES } from '../../../script/docs-pages.js'
import { registryInstalls } from '../../helpers/installer.js'

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

// That every generated file is as the option table makes it is npm run docs:check's (in npm run check, before the tests).
describe('the generated files', () => {
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

  it('opens with what works today: the status, then the copy before any published form', async () => {
    const readme = await text('README.md')
    const status = readme.indexOf('**Status:** not published yet')
    const firstYaml = readme.indexOf('```yaml')
    const copy = readme.indexOf('npm run copy -- github')
    expect([status, copy].every(at => at > 0 && at < firstYaml)).toBe(true)
    // Its first workflow uses the copy by its path; the published reference only in a comment.
    const workflow = readme.slice(firstYaml, readme.indexOf('```', firstYaml + 7))
    expect(workflow).toMatch(/^ +uses: \.\/\.github\/actions\/mobile-build-deploy #/m)
    expect(workflow).not.toMatch(/^ +uses: OWNER\//m)
    // The order a newcomer reads in: the demo, the CIs, the quick start.
    const order = ['## Try it here first', '## Every CI', '## Quick start on GitHub'].map(h =>
      readme.indexOf(h)
    )
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true)
  })

  it("links the exit codes, which docs/cli.md lists, every cause's", async () => {
    expect(await text('README.md')).toContain('(docs/cli.md#exit-codes)')
    const cli = await text('docs/cli.md')
    for (const code of Object.values(EXIT))
      expect(cli).toMatch(new RegExp(`^\\| ${code} +\\|`, 'm'))
  })
})

describe('the docs', () => {
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-')

  it('link only to pages and headings that exist', async () => {
    const problems: string[] = []
    for (const page of PAGES) {
      const source = await text(page)
      const prose = source.replace(/^```[\s\S]*?^```/gm, '')
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue
        const [path, anchor] = target!.split('#')
        const file = path ? join(dirname(page), path) : page
        const linked = await text(file).catch(() => undefined)
        if (linked === undefined) problems.push(`${page}: ${target} names no file`)
        else if (anchor) {
          const headings = [...linked.matchAll(/^#+ (.+)$/gm)].map(m => slug(m[1]!))
          if (!headings.includes(anchor)) problems.push(`${page}: ${target} names no heading`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('install nothing from a registry under the name mobile-build-deploy, which nobody here owns', async () => {
    const found = []
    // Every page there is, listed in PAGES or not.
    const pages = ['README.md', ...(await readdir(join(ROOT, 'docs'))).map(name => `docs/${name}`)]
    for (const page of pages.filter(name => name.endsWith('.md')))
      for (const line of registryInstalls(await text(page))) found.push(`${page}: ${line}`)
    expect(found).toEqual([])
  })

  it('find every way of installing the registry name, and no install of a file', () => {
    const registry = [
      'npx --yes mobile-build-deploy@1 deploy --file app.apk',
      'npx mobile-build-deploy deploy',
      '  sh("npx", "--yes", "mobile-build-deploy@1", *args,',
      'npm install mobile-build-deploy@1',
      'npm i --global mobile-build-deploy',
      'npm exec --package=mobile-build-deploy@latest -- mobile-build-deploy',
      '    - pnpm dlx mobile-build-deploy@1.2.0 deploy',
      'yarn add mobile-build-deploy',
      'bunx mobile-build-deploy@1'
    ]
    const files = [
      'npm install --ignore-scripts ./mobile-build-deploy-1.2.0.tgz',
      'npx --yes --package=./mobile-build-deploy-1.2.0.tgz mobile-build-deploy deploy',
      'node package/build/cli/index.js deploy --name-prefix mobile-build-deploy',
      "import { deployBuild } from 'mobile-build-deploy'",
      '  mobile-build-deploy: OWNER/mobile-build-deploy@1',
      'npx --yes gitlab-ci-local@4.75.1 --force-shell-executor mobile-build-deploy'
    ]
    expect(registryInstalls([...registry, ...files].join('\n'))).toEqual(registry)
  })
})

describe('the wrappers', () => {
  it('pin the CLI to the package version, as script/release checks', async () => {
    const files = ['docs/gitlab.md']
    for (const file of files) {
      const pins = new Set((await text(file)).match(/\$CI_SERVER_FQDN\/\S+\/\w+@\d+\.\d+\.\d+/g))
      const versions = [...pins].map(pin => pin.slice(pin.lastIndexOf('@') + 1))
      expect([file, [...new Set(versions)]]).toEqual([file, [PRODUCT_VERSION]])
    }
  })
})

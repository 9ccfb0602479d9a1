/**
 * What the Marketplace, the npm registry and the release read: action.yml
 * against GitHub's metadata schema (SchemaStore's copy) and the Marketplace's
 * listing rule; package.json's links against release.json, its engines
 * against the Node the workflows test; the release's pin of the CLI's SHA-256
 * written where the wrappers keep it.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { Ajv } from 'ajv'
import { parse } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import { pinText } from '../../../script/pin-cli.js'

const DOC_PAGES = [
  'docs/action.md',
  'docs/bitrise.md',
  'docs/circleci.md',
  'docs/cli.md',
  'docs/development.md',
  'docs/fastlane.md',
  'docs/gitlab.md',
  'docs/jenkins.md',
  'docs/library.md'
]

const json = async (path: string) =>
  JSON.parse(await readFile(join(ROOT, path), 'utf8')) as Record<string, unknown>
const yaml = async (path: string) => parse(await readFile(join(ROOT, path), 'utf8')) as unknown

describe('action.yml, as the Marketplace lists it', () => {
  it("is valid against GitHub's metadata schema (SchemaStore), branding included", async () => {
    const schema = await json('__tests__/fixtures/github/schemastore/github-action.json')
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema)
    const action = await yaml('action.yml')
    expect(validate(action) ? [] : validate.errors).toEqual([])
    // The schema judges: a colour the Marketplace does not offer is refused.
    expect(
      validate({ ...(action as object), branding: { icon: 'upload-cloud', color: 'pink' } })
    ).toBe(false)
    // The schema accepts an action without branding; the Marketplace's listing shows it.
    expect(action).toMatchObject({
      branding: { icon: expect.any(String), color: expect.any(String) }
    })
  })

  it('has a description shorter than 125 characters, the Marketplace refusing a longer one', async () => {
    const { description } = (await yaml('action.yml')) as { description: string }
    expect(description.length).toBeGreaterThan(0)
    expect(description.length).toBeLessThan(125)
  })
})

describe('package.json', () => {
  it("names the repository release.json names: repository, homepage, bugs (npm's provenance checks repository)", async () => {
    const [pkg, release] = [await json('package.json'), await json('release.json')]
    const home = `https://github.com/${(release.home as { github: string }).github}`
    expect(pkg).toMatchObject({
      repository: { type: 'git', url: `git+${home}.git` },
      homepage: `${home}#readme`,
      bugs: { url: `${home}/issues` },
      version: release.version
    })
  })

  it('engines: the oldest Node the workflows test, one that has what the code uses (AbortSignal.any, Node 20.3), and @types/node in the same range as an optional peer', async () => {
    const pkg = (await json('package.json')) as {
      engines: { node: string }
      peerDependencies: Record<string, string>
      peerDependenciesMeta: Record<string, { optional?: boolean }>
    }
    const ci = (await yaml('.github/workflows/ci.yml')) as {
      jobs: Record<string, { steps: { with?: { 'node-version'?: number } }[] }>
    }
    const tested = Object.values(ci.jobs).flatMap(job =>
      job.steps.flatMap(step => step.with?.['node-version'] ?? [])
    )
    const oldest = Math.min(...tested)
    expect(pkg.engines.node).toBe(`>=${oldest}`)
    expect(oldest).toBeGreaterThanOrEqual(21)
    // The declarations name AbortSignal and Node's stream and http types: @types/node's.
    expect(pkg.peerDependencies['@types/node']).toBe(`>=${oldest}`)
    expect(pkg.peerDependenciesMeta['@types/node']).toEqual({ optional: true })
    // Every page that names the Node it needs names the engines' oldest.
    for (const page of ['README.md', ...DOC_PAGES]) {
      const text = await readFile(join(ROOT, page), 'utf8')
      for (const [, major] of text.matchAll(/Node (\d+) or later/g))
        expect([page, Number(major)]).toEqual([page, oldest])
    }
  })
})

describe('pinText (script/pin-cli.ts, run by script/release)', () => {
  const sha = 'ab'.repeat(32)
  const old = '12'.repeat(32)

  it("replaces a literal default of GitLab's, the orb's and Bitrise's parameter, whatever its quotes", () => {
    const gitlab = [
      'spec:',
      '  inputs:',
      '    cli-package:',
      '      default: https://example.test/x.tgz',
      '    cli-sha256:',
      '      description: The tarball SHA-256',
      `      default: "${old}" # written by script/release`,
      '    file:',
      "      default: ''"
    ].join('\n')
    const orb = ['parameters:', '  cli_sha256:', '    type: string', "    default: ''"].join('\n')
    const bitrise = ['inputs:', `  - cli_sha256: ${old}`, '    opts:', '      title: SHA'].join(
      '\n'
    )
    const [pinnedGitlab, pinnedOrb, pinnedBitrise] = [gitlab, orb, bitrise].map(
      text => parse(pinText(text, sha).text) as Record<string, never>
    )
    expect(pinnedGitlab).toEqual({
      spec: {
        inputs: {
          'cli-package': { default: 'https://example.test/x.tgz' },
          'cli-sha256': { description: 'The tarball SHA-256', default: sha },
          file: { default: '' }
        }
      }
    })
    expect(pinText(gitlab, sha).text).toContain(`'${sha}' # written by script/release`)
    expect(pinnedOrb).toEqual({ parameters: { cli_sha256: { type: 'string', default: sha } } })
    expect(pinnedBitrise).toEqual({ inputs: [{ cli_sha256: sha, opts: { title: 'SHA' } }] })
  })

  it('leaves a default that is not a literal, counts every parameter, and refuses what is not a SHA-256', () => {
    const derived = ['parameters:', '  cli_sha256:', '    default: <<release(cli_sha256)>>'].join(
      '\n'
    )
    expect(pinText(derived, sha)).toEqual({ text: derived, parameters: 1 })
    expect(pinText('inputs:\n  file:\n    default: a.apk\n', sha).parameters).toBe(0)
    expect(() => pinText(derived, sha.toUpperCase())).toThrow('not a SHA-256')
  })
})

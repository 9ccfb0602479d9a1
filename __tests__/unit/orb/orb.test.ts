/**
 * The packed orb (orb/orb.yml) judged by CircleCI's own definitions and
 * rules, offline: valid against CircleCI's config schema (SchemaStore's
 * circleciconfig.json, which is CircleCI's), its examples too and compiled by
 * the stand-in; no command named like a built-in step; the review rules of
 * CircleCI's orb-tools orb (src/scripts/review.bats, RC001–RC012) that need no
 * network, and the orb registry's conventions; the CLI installed by the one
 * installer, with the tarball and the pin release.json gives.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'
import { packedText } from '../../../script/pack-orb.js'
import {
  BUILT_IN_STEPS,
  compileConfigSteps,
  compileOrbJob,
  compileWorkflow,
  packedOrb,
  schemaProblems,
  type Orb,
  type Parameter
} from '../../../emulator/circleci.js'
import {
  CANONICAL_INSTALLER,
  installerBlock,
  RELEASE,
  releaseTarballUrl
} from '../../helpers/cli-release.js'

const SOURCE = join(ROOT, 'orb', 'src')
const COMPONENTS = ['commands', 'jobs', 'executors'] as const

let orb: Orb
/** Each source file of the orb's components, parsed: [section, file name, content]. */
let sources: [string, string, Record<string, unknown>][]

beforeAll(async () => {
  orb = await packedOrb()
  sources = []
  for (const section of [...COMPONENTS, 'examples'])
    for (const file of await readdir(join(SOURCE, section)))
      sources.push([
        section,
        file,
        parse(await readFile(join(SOURCE, section, file), 'utf8')) as Record<string, unknown>
      ])
})

/** Every parameter the orb declares, as [where, name, declaration]. */
function parameters(): [string, string, Parameter][] {
  return COMPONENTS.flatMap(section =>
    Object.entries(orb[section]).flatMap(([name, entry]) =>
      Object.entries(entry.parameters ?? {}).map(
        ([key, spec]) => [`${section}/${name}`, key, spec] as [string, string, Parameter]
      )
    )
  )
}

/** Every `run` step of the orb's sources (commands and jobs), as [file, step value]. */
function runSteps(): [string, unknown][] {
  return sources
    .filter(([section]) => section === 'commands' || section === 'jobs')
    .flatMap(([section, file, content]) =>
      (content.steps as unknown[]).flatMap(step =>
        step && typeof step === 'object' && 'run' in step
          ? [[`${section}/${file}`, (step as { run: unknown }).run] as [string, unknown]]
          : []
      )
    )
}

describe("the packed orb, judged by CircleCI's definitions", () => {
  it('is the packing of orb/src', async () => {
    expect(await readFile(join(ROOT, 'orb', 'orb.yml'), 'utf8')).toBe(await packedText())
  })

  it("is valid against SchemaStore's circleciconfig.json (CircleCI's own schema), and the schema bites", async () => {
    expect(await schemaProblems(orb)).toEqual([])
    // The same orb with a command's step given a key CircleCI's schema has no place for.
    const broken = structuredClone(orb)
    broken.commands.wait!.steps[0] = { run: { command: 'true', when: 'sometimes' } }
    expect(await schemaProblems(broken)).toContainEqual(
      expect.stringContaining('/commands/wait/steps/0/run/when must be equal to one of the allowed')
    )
  })

  it("names no command like one of CircleCI's built-in steps (a job is never a step: its deploy stays)", () => {
    expect(
      Object.keys(orb.commands).filter(name => (BUILT_IN_STEPS as readonly string[]).includes(name))
    ).toEqual([])
    expect(Object.keys(orb.commands).sort()).toEqual(['deploy_build', 'skip', 'terminate', 'wait'])
  })

  it("the stand-in's list of built-in steps holds every step CircleCI's schema knows", async () => {
    const schema = JSON.parse(
      await readFile(
        join(
          ROOT,
          '__tests__',
          'fixtures',
          'circleci',
          'circleci-yaml-language-server.schema.json'
        ),
        'utf8'
      )
    ) as { definitions: { step: { oneOf: { properties?: Record<string, unknown> }[] } } }
    const known = Object.keys(schema.definitions.step.oneOf.find(s => s.properties)!.properties!)
    expect(known.filter(step => !(BUILT_IN_STEPS as readonly string[]).includes(step))).toEqual([])
  })

  it("each example is a valid config that the stand-in compiles with the orb's parameters", async () => {
    for (const [name, example] of Object.entries(orb.examples)) {
      expect([name, await schemaProblems(example.usage)]).toEqual([name, []])
      const jobs = await compileWorkflow(orb, example.usage)
      expect(jobs.length).toBeGreaterThan(0)
    }
  })

  it('each job of the orb compiles to its commands, a step named like a built-in nowhere in between', async () => {
    for (const [name, job] of Object.entries(orb.jobs)) {
      const required = Object.entries(job.parameters ?? {}).filter(
        ([, spec]) => !('default' in spec)
      )
      const steps = await compileOrbJob(
        orb,
        name,
        Object.fromEntries(required.map(([key]) => [key, 'app.apk']))
      )
      expect(steps.some(s => s.kind === 'run' && s.command.includes('mbd_install_cli'))).toBe(true)
    }
  })
})

/** The orb-tools review checks (RC001–RC012) that need no network, and the registry's conventions besides. */
describe("orb-tools' review rules that run offline", () => {
  it('RC001, RC006, RC007: display names the source and home URLs, of the repository release.json names', () => {
    const home = `https://github.com/${RELEASE.home.github}`
    expect(orb.display).toEqual({
      home_url: home,
      source_url: `${home}/tree/v${RELEASE.version}/orb`
    })
  })

  it('RC002: every command, job, executor and example has a description, and so has every parameter', () => {
    const missing = [
      ...[...COMPONENTS, 'examples' as const].flatMap(section =>
        Object.entries(orb[section])
          .filter(([, entry]) => !entry.description?.trim())
          .map(([name]) => `${section}/${name}`)
      ),
      ...parameters()
        .filter(([, , spec]) => !spec.description?.trim())
        .map(([where, key]) => `${where} ${key}`)
    ]
    expect(missing).toEqual([])
  })

  it('RC003, RC004: usage examples exist, named for what they show rather than "example"', () => {
    const names = Object.keys(orb.examples)
    expect(names.length).toBeGreaterThan(0)
    expect(names.filter(name => /example/i.test(name))).toEqual([])
    for (const example of Object.values(orb.examples)) expect(example.usage).toBeInstanceOf(Object)
  })

  it('RC005: the orb has a detailed description (64 characters or more)', () => {
    expect(orb.description.trim().length).toBeGreaterThanOrEqual(64)
  })

  it('RC008: every run step of a command or a job has a name', () => {
    const nameless = runSteps().filter(
      ([, run]) => typeof run !== 'object' || !(run as { name?: string }).name
    )
    expect(nameless).toEqual([])
  })

  it("RC009: a run's command longer than 64 characters is a script, included", () => {
    const inline = runSteps().filter(([, run]) => {
      const command = (run as { command: string }).command
      return command.length > 64 && !/^<<include\(scripts\/[\w.]+\)>>$/.test(command)
    })
    expect(inline).toEqual([])
  })

  it('RC010: components and parameters are snake_cased', () => {
    const files = sources
      .filter(([section]) => section !== 'examples')
      .map(([, file]) => file.replace(/\.yml$/, ''))
    expect(files.filter(name => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([])
    expect(
      parameters()
        .map(([, key]) => key)
        .filter(key => !/^[a-z][a-z0-9_]*$/.test(key))
    ).toEqual([])
  })

  it("RC011: the examples import the orb's current major version, under a CircleCI namespace (lower case)", () => {
    const reference = `${RELEASE.home.orb}/mobile-build-deploy@${RELEASE.version.split('.')[0]}`
    for (const example of Object.values(orb.examples))
      expect(example.usage.orbs).toEqual({ 'mobile-build-deploy': reference })
  })

  it('RC012: no default reads an environment variable; a secret is passed by its name (env_var_name)', () => {
    const all = parameters()
    expect(all.filter(([, , spec]) => String(spec.default ?? '').includes('$'))).toEqual([])
    const secrets = all.filter(([, key]) => /^api_key$|token|secret|password/i.test(key))
    expect(secrets.length).toBeGreaterThan(0)
    expect(secrets.filter(([, , spec]) => spec.type !== 'env_var_name')).toEqual([])
  })

  it("the images are pinned, and the executor's default runs a Node line that is still maintained", () => {
    // The Node.js release schedule (github.com/nodejs/Release, schedule.json): end of life of each LTS line.
    const endOfLife: Record<string, string> = {
      '20': '2026-04-30',
      '22': '2027-04-30',
      '24': '2028-04-30'
    }
    const images = JSON.stringify(orb).match(/cimg\/[\w-]+:[^"\s]+/g) ?? []
    expect(images.length).toBeGreaterThan(0)
    expect(images.filter(image => /:(latest|current|edge)\b/.test(image))).toEqual([])
    const tag = orb.executors.node!.parameters!.tag!.default as string
    const line = tag.split('.')[0]!
    expect(endOfLife[line]).toBeDefined()
    expect(new Date(endOfLife[line]!).getTime()).toBeGreaterThan(Date.now())
  })
})

describe("the CLI's installation", () => {
  /** The parameters a command requires. */
  const REQUIRED: Record<string, Record<string, string>> = {
    deploy_build: { file: 'a.apk' },
    skip: { expected_app_id: 'com.example.shop' }
  }

  it('embeds wrappers/install-cli.sh byte for byte in every command, as CircleCI runs it', async () => {
    for (const command of Object.keys(orb.commands)) {
      const steps = await compileConfigSteps(orb, [
        { [`mobile-build-deploy/${command}`]: REQUIRED[command] ?? {} }
      ])
      const scripts = steps.flatMap(s => (s.kind === 'run' ? [`${s.command}\n`] : []))
      const carrying = scripts.filter(s => s.includes('install the CLI (begin)'))
      expect([command, carrying.map(installerBlock)]).toEqual([command, [CANONICAL_INSTALLER]])
    }
  })

  it("defaults to release.json's tarball and pin, in every command and job", async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(RELEASE.version).toBe(version)
    const tarball = releaseTarballUrl()
    const declared = parameters().filter(([, key]) => key === 'cli_package' || key === 'cli_sha256')
    expect(declared.map(([where, key]) => `${where} ${key}`).sort()).toEqual(
      [...Object.keys(orb.commands).map(c => `commands/${c}`), 'jobs/deploy']
        .flatMap(where => [`${where} cli_package`, `${where} cli_sha256`])
        .sort()
    )
    for (const [, key, spec] of declared)
      expect(spec.default).toBe(key === 'cli_package' ? tarball : RELEASE.cliSha256)
  })

  it('installs nothing from a registry: no npm, no npx, no package name', async () => {
    const text = await readFile(join(ROOT, 'orb', 'orb.yml'), 'utf8')
    expect(text).not.toMatch(/\bnpx\b|\bnpm (install|exec|i)\b|(?<!\/)mobile-build-deploy@\d/)
  })

  it('the declarations shared by the commands and the job (key, base URL, tarball, pin) are one and the same', () => {
    const shared = ['api_key', 'base_url', 'cli_package', 'cli_sha256']
    // skip sends nothing to the service: it has no key or base URL to share.
    const speaking = Object.entries(orb.commands).filter(([name]) => name !== 'skip')
    const declarations = [...speaking.map(([, entry]) => entry), ...Object.values(orb.jobs)].map(
      entry => shared.map(key => entry.parameters?.[key])
    )
    for (const each of declarations) expect(each).toEqual(declarations[0])
  })
})

/**
 * `npm run docs`: writes what the option table says, so that no list of
 * options is kept by hand: action.yml's inputs and outputs, and the inputs
 * and outputs tables of the docs between their `<!-- inputs -->` and
 * `<!-- outputs -->` markers; docs/cli.md's table of the Git context on
 * each CI from the CI providers; and the CLI's one installer into every
 * wrapper that carries it; the project's home (release.json) wherever it
 * is referred to (script/home.ts). With --check it changes nothing and exits 1
 * when a file is out of date.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { parse, stringify } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { ACTION_VOCABULARY } from '../src/action/vocabulary.js'
import { OPTIONS, optionsOf, render, spelling } from '../src/core/index.js'
import { OUTPUTS } from '../src/core/report/outputs.js'
import { providersTable } from '../src/core/ci/providers/index.js'
import { homeFiles, homeText, readRelease } from './home.js'
import { combinationsTable } from './combinations.js'
import { pairingsTable } from './pairings.js'
import { runsAsScript } from './entry.js'
import { WRAPPER_FILES, WRAPPER_TABLES } from './wrappers/index.js'

export interface Action {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

/** The files whose tables come from action.yml. */
export const DOCS_WITH_TABLES = ['docs/action.md']

/** What the Marketplace lists: its description must be shorter than 125 characters, and branding is required. */
const HEADER = {
  name: 'Mobile Build Deploy',
  description:
    'Upload a mobile build (.apk, .aab, .ipa) through a signed URL, start a test run against it, and gate the job on its verdict.',
  author: 'Mobile Build Deploy maintainers',
  branding: { icon: 'upload-cloud', color: 'blue' }
}

/** action.yml as the option table and the outputs list make it. */
export function actionYaml(): string {
  const inputs: Action['inputs'] = {}
  for (const key of optionsOf('action')) {
    const spec = OPTIONS[key]
    // An option that falls back to an environment variable is empty in action.yml: the runner would
    // otherwise fill in the default, and the variable would never be read.
    const fallback =
      spec.actionDefault ??
      (spec.default === undefined || spec.env?.frontEnds.includes('action')
        ? ''
        : String(spec.default))
    inputs[spelling('action', key)] = {
      description: render(spec.description, ACTION_VOCABULARY),
      required: spec.required === true,
      ...(spec.required ? {} : { default: fallback })
    }
  }
  const outputs: Action['outputs'] = {}
  for (const [name, description] of Object.entries(OUTPUTS))
    outputs[name] = { description: render(description, ACTION_VOCABULARY) }
  const body = stringify(
    { ...HEADER, inputs, outputs, runs: { using: 'node24', main: 'dist/index.js' } },
    { lineWidth: 0, defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN' }
  )
  return `# Generated from the option table (src/core/options/table.ts) by npm run docs; edit the table, not this file.\n${body}`
}

export async function readAction(): Promise<Action> {
  return parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Action
}

function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
}

export function inputsTable(action: Action): string {
  const rows = Object.entries(action.inputs).map(([name, spec]) => {
    const fallback = spec.default === undefined || spec.default === '' ? '' : `\`${spec.default}\``
    return `| \`${name}\` | ${spec.required ? 'yes' : 'no'} | ${fallback} | ${cell(spec.description)} |`
  })
  return ['| input | required | default | description |', '|---|---|---|---|', ...rows].join('\n')
}

export function outputsTable(action: Action): string {
  const rows = Object.entries(action.outputs).map(
    ([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`
  )
  return ['| output | description |', '|---|---|', ...rows].join('\n')
}

/** A document with both tables replaced and formatted as `npm run format` would; throws when a marker is missing. */
export async function renderTables(path: string, text: string, action: Action): Promise<string> {
  const withInputs = replaceBetween(text, 'inputs', inputsTable(action))
  const replaced = replaceBetween(withInputs, 'outputs', outputsTable(action))
  return format(replaced, { ...(await resolveConfig(path)), filepath: path })
}

async function formatted(path: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(path)), filepath: path })
}

function replaceBetween(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to < from) throw new Error(`the ${start} ... ${end} markers are missing`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

/** The files that carry the CLI's one installer (wrappers/install-cli.sh) word for word, between its marker lines. */
export const INSTALLER_CARRIERS = [
  'templates/collect.yml',
  'templates/deploy.yml',
  'templates/preview.yml',
  'templates/skip.yml',
  'templates/terminate.yml',
  'templates/wait.yml',
  'bitrise/step.sh',
  'orb/src/scripts/run_cli.sh'
]
const INSTALLER_BEGIN = '# mobile-build-deploy: install the CLI (begin)'
const INSTALLER_END = '# mobile-build-deploy: install the CLI (end)'

/** `text` with the installer's block replaced by `installer`, at the indentation of its first marker. */
export function withInstaller(text: string, installer: string): string {
  const lines = text.split('\n')
  const from = lines.findIndex(line => line.trim() === INSTALLER_BEGIN)
  const to = lines.findIndex(line => line.trim() === INSTALLER_END)
  if (from === -1 || to < from) throw new Error(`the installer's marker lines are missing`)
  const indent = /^\s*/.exec(lines[from]!)![0]
  const own = installer
    .slice(
      installer.indexOf(INSTALLER_BEGIN),
      installer.indexOf(INSTALLER_END) + INSTALLER_END.length
    )
    .split('\n')
    .map(line => (line === '' ? '' : `${indent}${line}`))
  return [...lines.slice(0, from), ...own, ...lines.slice(to + 1)].join('\n')
}

/** Each wrapper's generated blocks and the docs' tables of its inputs (script/wrappers/), into `files`. */
async function writeWrappers(
  files: Map<string, string>,
  current: (path: string) => Promise<string>
): Promise<void> {
  for (const [relative, write] of Object.entries(WRAPPER_FILES)) {
    const path = join(ROOT, relative)
    const text = write(await current(path))
    files.set(path, path.endsWith('.yml') ? await formatted(path, text) : text)
  }
  for (const { doc, marker, table } of WRAPPER_TABLES) {
    const path = join(ROOT, doc)
    const read = (relative: string) => current(join(ROOT, relative))
    files.set(
      path,
      await formatted(path, replaceBetween(await current(path), marker, await table(read)))
    )
  }
}

/** Every generated file, as it should be: path and text. */
export async function generated(): Promise<{ path: string; text: string }[]> {
  const files = new Map<string, string>()
  const current = async (path: string) => files.get(path) ?? (await readFile(path, 'utf8'))
  const actionPath = join(ROOT, 'action.yml')
  const yaml = await formatted(actionPath, actionYaml())
  const action = parse(yaml) as Action
  files.set(actionPath, yaml)
  for (const relative of DOCS_WITH_TABLES) {
    const path = join(ROOT, relative)
    files.set(path, await renderTables(path, await readFile(path, 'utf8'), action))
  }
  const cli = join(ROOT, 'docs/cli.md')
  files.set(
    cli,
    await formatted(
      cli,
      replaceBetween(await readFile(cli, 'utf8'), 'ci-providers', providersTable())
    )
  )
  const development = join(ROOT, 'docs/development.md')
  files.set(
    development,
    await formatted(
      development,
      replaceBetween(
        replaceBetween(
          await readFile(development, 'utf8'),
          'combinations',
          combinationsTable().join('\n')
        ),
        'pairings',
        pairingsTable().join('\n')
      )
    )
  )
  await writeWrappers(files, current)
  const installer = await readFile(join(ROOT, 'wrappers/install-cli.sh'), 'utf8')
  for (const relative of INSTALLER_CARRIERS) {
    const path = join(ROOT, relative)
    files.set(path, withInstaller(await current(path), installer))
  }
  // Last: the home and the release's version, wherever they are referred to (script/home.ts).
  const release = await readRelease()
  for (const relative of await homeFiles()) {
    const path = join(ROOT, relative)
    files.set(path, await homeText(ROOT, relative, await current(path), release))
  }
  return [...files].map(([path, text]) => ({ path, text }))
}

if (runsAsScript('docs')) {
  const check = process.argv.includes('--check')
  let stale = false
  for (const { path, text } of await generated()) {
    const now = await readFile(path, 'utf8').catch(() => '')
    if (now === text) continue
    stale = true
    if (check)
      console.error(
        `${path.slice(ROOT.length + 1)} differs from what it is generated from: run 'npm run docs'.`
      )
    else {
      await writeFile(path, text)
      console.log(`${path.slice(ROOT.length + 1)} written.`)
    }
  }
  if (check && stale) process.exit(1)
}

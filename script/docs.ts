/**
 * `npm run docs`: writes the README's inputs and outputs tables from action.yml,
 * between the `<!-- inputs -->` and `<!-- outputs -->` markers, so the two never drift.
 * With --check it changes nothing and exits 1 when the README is out of date.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { parse } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'

interface Action {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
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

/** The README with both tables replaced and formatted as `npm run format` would; throws when a marker is missing. */
export async function renderReadme(readme: string, action: Action): Promise<string> {
  const path = join(ROOT, 'README.md')
  const withInputs = replaceBetween(readme, 'inputs', inputsTable(action))
  const replaced = replaceBetween(withInputs, 'outputs', outputsTable(action))
  return format(replaced, { ...(await resolveConfig(path)), filepath: path })
}

function replaceBetween(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to < from) throw new Error(`README.md lacks the ${start} ... ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const path = join(ROOT, 'README.md')
  const readme = await readFile(path, 'utf8')
  const rendered = await renderReadme(readme, await readAction())
  if (process.argv.includes('--check')) {
    if (rendered !== readme) {
      console.error("README.md's tables differ from action.yml: run 'npm run docs'.")
      process.exit(1)
    }
  } else if (rendered !== readme) {
    await writeFile(path, rendered)
    console.log('README.md tables updated from action.yml.')
  }
}

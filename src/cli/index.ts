import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PRODUCT_VERSION } from '../core/index.js'

/**
 * The CLI's entry. The version and the help are answered here, before
 * anything of the commands loads: a tool that asks for them (a CI's set-up,
 * a shell's completion) pays for node's start and little more. The help
 * texts come from the file the build writes beside this bundle
 * (script/package.ts, from help.ts's helpText); run from the source, where
 * there is none, main() answers as it does for every other command line.
 */
const argv = process.argv.slice(2)
const [first, second] = argv
const help = quickHelp()
if (first === '--version' || first === '-v' || first === 'version')
  process.stdout.write(`${PRODUCT_VERSION}\n`)
else if (help !== undefined) process.stdout.write(help)
else {
  // A command that reads a build boots the reader's worker while the rest of the CLI loads.
  if (argv.some(arg => arg === '--file' || arg.startsWith('--file='))) {
    const { warmReader } = await import('../core/warm.js')
    warmReader()
  }
  const { runCli } = await import('./process.js')
  process.exitCode = await runCli(argv)
}

/** The help of `--help` (or `<command> --help`), as the build wrote it; undefined for any other command line. */
function quickHelp(): string | undefined {
  const asked =
    argv.length === 1 && (first === '--help' || first === '-h' || first === 'help')
      ? ''
      : argv.length === 2 && second === '--help'
        ? first
        : undefined
  if (asked === undefined) return undefined
  try {
    // Beside this file, by its path: ncc would take `new URL('./help.json', import.meta.url)` for an asset of its own.
    const path = fileURLToPath(import.meta.url).replace(/[^/\\]*$/, 'help.json')
    const texts = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    const text = texts[asked]
    return typeof text === 'string' ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * What `--help` prints: the tool's usage and each command's, from the command
 * table. The CLI's entry answers `--help` from these texts written beside the
 * bundle at build time (script/package.ts), without loading the commands.
 */
import { PROVIDERS } from '../core/index.js'
import { COMMANDS, type CliCommand, type Flag } from './commands.js'

/** The file beside the CLI's bundle that holds every help text (script/package.ts writes it). */
export const HELP_FILE = 'help.json'

/** Every help text by the command it is of ('' for the CLI's own): what `--help` prints, written out at build time. */
export function helpTexts(): Record<string, string> {
  return Object.fromEntries([
    ['', helpText()],
    ...COMMANDS.map(command => [command.name, helpText(command)])
  ])
}

/** The tool's usage, or one command's. */
export function helpText(command?: CliCommand): string {
  if (!command) {
    return [
      'Usage: mobile-build-deploy <command> [flags]',
      '',
      'Puts a mobile build in front of the automated test service.',
      '',
      'Commands:',
      ...COMMANDS.map(c => `  ${c.name.padEnd(10)} ${c.summary}`),
      '',
      "Run 'mobile-build-deploy <command> --help' for its flags, 'mobile-build-deploy --version' for the version.",
      '',
      'Exit codes: 0 success; 1 the deploy failed (a request, the upload, no run created);',
      '2 bad usage; 3 the run failed with blocking bugs; 4 the wait timed out; 5 the run was canceled;',
      '130 stopped by Ctrl-C (SIGINT); 143 stopped by SIGTERM (the CI cancelling the job).',
      ''
    ].join('\n')
  }
  const width = Math.max(...command.flags.map(f => f.name.length + (f.kind === 'string' ? 8 : 0)))
  const line = (f: Flag): string => {
    const shown =
      f.kind === 'boolean' ? `--${f.name}` : `--${f.name} <value>${f.multiple ? ' ...' : ''}`
    return `  ${shown.padEnd(width + 4)} ${f.help}`
  }
  const usesGit = command.flags.some(f => f.option === 'sha')
  return [
    `Usage: mobile-build-deploy ${command.name} [flags]`,
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Flags:',
    ...command.flags.map(line),
    '',
    'Booleans take --flag, --no-flag or --flag=true|false.',
    ...(usesGit
      ? [
          ...wrapped(
            `The Git context comes from the CI (${PROVIDERS.map(p => p.name).join(', ')}), else from git itself; the flags above override it.`,
            100
          )
        ]
      : []),
    ''
  ].join('\n')
}

/** Text in lines of at most `width` characters, broken at spaces. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return line ? [...lines, line] : lines
}

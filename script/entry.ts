/**
 * Whether a script is the one the command line runs, on every platform: by
 * its file's name without the extension (`copy` for script/copy.ts, run by
 * tsx, or a bundle named copy.mjs), as `path.basename` reads a path of this
 * platform (a Windows path splits at `\`). A test that imports the module is
 * run by jest, whose name is another.
 */
import { basename } from 'node:path'

export function runsAsScript(name: string): boolean {
  const entry = process.argv[1]
  return entry !== undefined && basename(entry).replace(/\.[cm]?[jt]s$/, '') === name
}

/**
 * How to run npm from a script: the npm that runs the script (npm_execpath,
 * its JavaScript entry, under this Node), so that Windows needs no shell for
 * npm.cmd; `npm` itself outside npm.
 */
export function npmCommand(args: readonly string[]): { file: string; args: string[] } {
  const cli = process.env.npm_execpath
  return cli && /\.[cm]?js$/.test(cli)
    ? { file: process.execPath, args: [cli, ...args] }
    : { file: 'npm', args: [...args] }
}

/**
 * The project's home in what ships or installs: the placeholder owner
 * `OWNER/` until a maintainer names the project's GitHub repository, GitLab
 * project and CircleCI namespace. script/release refuses to start while any
 * of these files carries it (its own list, in bash, is this one).
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The files and folders the home is named in. */
export const HOME_FILES = [
  'README.md',
  'docs',
  'action.yml',
  'templates',
  'orb',
  'bitrise',
  'package.json',
  'release.json'
]

/** Names the home in the checkout `dir` (`OWNER/` → `<owner>/` in every file of HOME_FILES), committed as `identity`. */
export async function nameHome(dir: string, owner: string, identity: string[] = []): Promise<void> {
  const { stdout } = await run('git', ['grep', '-l', '-e', 'OWNER/', '--', ...HOME_FILES], {
    cwd: dir
  })
  for (const file of stdout.split('\n').filter(Boolean)) {
    const path = join(dir, file)
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll('OWNER/', `${owner}/`))
  }
  await run('git', [...identity, 'commit', '--quiet', '-am', "The project's home"], { cwd: dir })
}

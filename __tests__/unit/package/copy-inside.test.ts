/**
 * `npm run copy` writing into an app's repository (script/inside.ts): never
 * through a link, all or nothing, and nothing left for `git add -A` when
 * the old copy cannot be removed.
 */
import { execFile } from 'node:child_process'
import {
  chmod,
  mkdir,
  mkdtemp,
  rename,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { copyInto, copyReport, type Target } from '../../../script/copy.js'
import { BUILT, packedLike } from '../../helpers/copies.js'

const run = promisify(execFile)

let app: string
let tarball: string

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-'))
  app = join(dir, 'my-app')
  await mkdir(app)
  tarball = await packedLike(dir, 'packed.tgz', BUILT)
})
afterEach(() => rm(join(app, '..'), { recursive: true, force: true }))

describe('an app whose repository holds links', () => {
  /** Every file under `dir`, with its bytes, as a snapshot to compare. */
  async function snapshot(dir: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {}
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name)
      files[path] = entry.isSymbolicLink()
        ? `-> ${await readlink(path)}`
        : entry.isFile()
          ? await readFile(path, 'utf8')
          : '/'
    }
    return files
  }

  /** A folder outside the app, with a dist/ and files someone else owns. */
  async function outside(): Promise<string> {
    const dir = join(app, '..', 'outside')
    await mkdir(join(dir, 'dist'), { recursive: true })
    await writeFile(join(dir, 'dist', 'index.js'), 'not ours')
    await writeFile(join(dir, 'deploy.yml'), 'not ours')
    await writeFile(join(dir, 'config.yml'), 'version: 2.1\n')
    return dir
  }

  const LINK = ": the copy writes only inside the app's repository, never through a link"
  const cases: [string, Target, (away: string) => Promise<string>][] = [
    [
      "the action's folder",
      'github',
      async away => {
        await mkdir(join(app, '.github/actions'), { recursive: true })
        await symlink(away, join(app, '.github/actions/mobile-build-deploy'))
        return `.github/actions/mobile-build-deploy is a symbolic link${LINK}`
      }
    ],
    [
      "the action's dist/",
      'github',
      async away => {
        await mkdir(join(app, '.github/actions/mobile-build-deploy'), { recursive: true })
        await symlink(join(away, 'dist'), join(app, '.github/actions/mobile-build-deploy/dist'))
        return `.github/actions/mobile-build-deploy/dist is a symbolic link${LINK}`
      }
    ],
    [
      'a component file',
      'gitlab',
      async away => {
        await mkdir(join(app, '.gitlab/mobile-build-deploy'), { recursive: true })
        await symlink(join(away, 'deploy.yml'), join(app, '.gitlab/mobile-build-deploy/deploy.yml'))
        return `.gitlab/mobile-build-deploy/deploy.yml is a symbolic link${LINK}`
      }
    ],
    [
      'the CircleCI config',
      'circleci',
      async away => {
        await mkdir(join(app, '.circleci'))
        await symlink(join(away, 'config.yml'), join(app, '.circleci/config.yml'))
        return `.circleci/config.yml is a symbolic link${LINK}`
      }
    ],
    [
      "the Bitrise step's folder",
      'bitrise',
      async away => {
        await mkdir(join(app, '.bitrise'))
        await symlink(away, join(app, '.bitrise/steps'))
        return `.bitrise/steps is a symbolic link${LINK}`
      }
    ],
    [
      'a file where a folder belongs',
      'cli',
      async () => {
        await writeFile(join(app, 'ci'), 'a file')
        return 'ci is not a folder'
      }
    ]
  ]

  it.each(cases)(
    'refuses %s, naming it, and changes nothing in or out of the app',
    async (_, target, arrange) => {
      const away = await outside()
      const said = await arrange(away)
      const before = { app: await snapshot(app), away: await snapshot(away) }
      const refused = copyInto(target, app, tarball)
      await expect(refused).rejects.toThrow(said)
      expect({ app: await snapshot(app), away: await snapshot(away) }).toEqual(before)
    }
  )

  it('holds its checks through the write: a folder swapped for a link after the checks redirects nothing, and the previous copy stays whole', async () => {
    await copyInto('github', app)
    const into = join(app, '.github/actions/mobile-build-deploy')
    const before = await snapshot(app)
    const away = await outside()
    const elsewhere = await snapshot(away)
    const refused = copyInto(
      'github',
      app,
      undefined,
      () => {},
      async () => {
        // The race: the checked folder is moved aside and a link to elsewhere put in its place.
        await rename(into, `${into}-moved`)
        await symlink(away, into)
      }
    )
    await expect(refused).rejects.toThrow(/swapped while the copy was written|no longer a folder/)
    expect(await snapshot(away)).toEqual(elsewhere)
    await rm(into)
    await rename(`${into}-moved`, into)
    // What the copy wrote aside in the folder it no longer enters stays there, hidden; the copy itself is whole.
    const kept = Object.fromEntries(
      Object.entries(await snapshot(app)).filter(([path]) => !/\/\.[^/]*\.new(\/|$)/.test(path))
    )
    expect(kept).toEqual(before)
  })

  it('leaves the previous copy whole when a write fails half way', async () => {
    await copyInto('github', app)
    const into = join(app, '.github/actions/mobile-build-deploy')
    await writeFile(join(into, 'action.yml'), 'the previous copy')
    const before = await snapshot(app)
    const failed = copyInto(
      'github',
      app,
      undefined,
      () => {},
      async () => {
        // The new dist/ vanishes before it is put in place: action.yml and package.json are in by then.
        const staged = (await readdir(into)).find(name => /^\.dist\..*\.new$/.test(name))!
        await rm(join(into, staged), { recursive: true })
      }
    )
    await expect(failed).rejects.toThrow(/ENOENT/)
    expect(await snapshot(app)).toEqual(before)
  })

  it('cannot remove the old dist/: what it keeps is ignored by git, and it says what it wrote', async () => {
    await run('git', ['init', '-q'], { cwd: app })
    await copyInto('github', app)
    const locked = join(app, '.github/actions/mobile-build-deploy/dist/locked')
    await mkdir(locked)
    await writeFile(join(locked, 'held.js'), 'a file the user may not delete')
    // Not root: a read-only folder. Root deletes through that: the file made immutable.
    const asRoot = process.getuid?.() === 0
    if (asRoot) await run('chattr', ['+i', join(locked, 'held.js')])
    else await chmod(locked, 0o555)
    try {
      const copied = await copyInto('github', app)
      expect(copied.files).toContain('.github/actions/mobile-build-deploy/dist/index.js')
      const { out, warnings } = copyReport(app, copied)
      expect(out[0]).toMatch(/^Written in my-app: .*\/dist\/index\.js/)
      if (asRoot) {
        expect(copied.kept).toEqual([
          {
            path: expect.stringMatching(
              /^\.github\/actions\/mobile-build-deploy\/\.dist\..*\.old$/
            ),
            reason: expect.any(String),
            ignored: true
          }
        ])
        expect(warnings).toEqual([expect.stringContaining('which git ignores')])
      } else expect(copied.kept).toEqual([])
      await run('git', ['add', '-A'], { cwd: app })
      const { stdout } = await run('git', ['diff', '--cached', '--name-only'], { cwd: app })
      expect(stdout.split('\n').filter(path => /\.old\//.test(path))).toEqual([])
      expect(stdout).toContain('.github/actions/mobile-build-deploy/dist/index.js')
    } finally {
      if (asRoot)
        for (const kept of await readdir(join(locked, '../..')))
          if (kept.endsWith('.old'))
            await run('chattr', ['-i', join(locked, '../..', kept, 'locked/held.js')])
    }
  })

  it('copies again over its own copy, through a repository reached by a link, leaving no temporary file', async () => {
    const link = join(app, '..', 'link-to-app')
    await symlink(app, link)
    await copyInto('github', link)
    await writeFile(join(app, '.github/actions/mobile-build-deploy/dist/stale.js'), 'old')
    const { files } = await copyInto('github', link)
    const into = join(app, '.github/actions/mobile-build-deploy')
    expect((await readdir(join(into, 'dist'))).sort()).toEqual(
      files
        .filter(f => f.includes('/dist/'))
        .map(f => f.split('/').pop())
        .sort()
    )
    expect(await readdir(into)).toEqual(['action.yml', 'dist', 'package.json'])
  })
})

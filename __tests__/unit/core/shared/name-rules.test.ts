import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { ACTION_VOCABULARY } from '../../../../src/action/vocabulary.js'
import { conventionalDestination as convention } from '../../../../src/core/deploy/destination.js'
import { render } from '../../../../src/core/options/vocabulary.js'
import {
  acceptedExtension,
  answeredPathProblem,
  destinationProblem,
  fileName
} from '../../../../src/core/shared/name-rules.js'
import { searchOf, shownPath } from '../../../../src/core/upload/artifact.js'

/** The convention's answer, its problem in the action's words. */
function conventionalDestination(
  parts: Parameters<typeof convention>[0]
): ReturnType<typeof convention> {
  const result = convention(parts)
  return 'problem' in result ? { problem: render(result.problem, ACTION_VOCABULARY) } : result
}

describe('acceptedExtension', () => {
  it.each([
    ['app.apk', '.apk'],
    ['APP.AAB', '.aab'],
    ['dir/App.Ipa', '.ipa'],
    ['x.deb', '.deb'],
    ['x.zip', '.zip'],
    ['x.csv', '.csv'],
    ['x.pdf', '.pdf'],
    ['.apk', undefined],
    ['app.apk.exe', undefined],
    ['app', undefined]
  ])('%s -> %s', (name, expected) => {
    expect(acceptedExtension(name)).toBe(expected)
  })
})

describe('destinationProblem', () => {
  it.each(['app.apk', 'builds/2024/app.aab', 'My App.ipa', 'a-b_c.d.zip'])('%s is valid', path => {
    expect(destinationProblem(path)).toBeUndefined()
  })

  it.each([
    ['', 'empty'],
    ['/a.apk', 'starts with /'],
    ['a/../b.apk', '..'],
    ['..', '..'],
    ['a\\b.apk', 'backslash'],
    ['a//b.apk', 'empty or . segment'],
    ['./a.apk', 'empty or . segment'],
    ['a/ b.apk', 'white space'],
    ['a\tb.apk', 'control'],
    ['a\u0085b.apk', 'control'],
    ['a.txt', 'does not end'],
    ['dir/', 'empty or . segment'],
    [`${'a'.repeat(1100)}.apk`, 'longer than 1024']
  ])('%j: %s', (path, words) => {
    expect(destinationProblem(path)).toContain(words)
  })
})

describe('conventionalDestination', () => {
  const repository = { owner: 'octo', name: 'app' }

  it('builds a static environment name', () => {
    expect(
      conventionalDestination({
        prefix: 'myapp',
        environment: 'staging',
        extension: '.APK',
        repository
      })
    ).toEqual({
      destination: 'myapp-staging.apk'
    })
  })

  it('prefers the environment over a pull request', () => {
    expect(
      conventionalDestination({
        prefix: 'myapp',
        environment: 'qa',
        extension: '.ipa',
        pullRequestNumber: 4,
        repository
      })
    ).toEqual({ destination: 'myapp-qa.ipa' })
  })

  it('builds a pull-request name', () => {
    expect(
      conventionalDestination({
        prefix: 'myapp',
        environment: '',
        extension: '.aab',
        pullRequestNumber: 42,
        repository
      })
    ).toEqual({
      destination: 'myapp-octo-app-pr42.aab'
    })
  })

  it('says why when neither is known', () => {
    const result = conventionalDestination({
      prefix: 'myapp',
      environment: '',
      extension: '.apk',
      repository
    })
    expect(result).toEqual({ problem: expect.stringContaining('pull-request-number') })
  })

  it('takes a GitLab namespace for the owner, its slashes as hyphens', () => {
    const result = conventionalDestination({
      prefix: 'p',
      environment: '',
      extension: '.apk',
      pullRequestNumber: 7,
      repository: { namespace: 'mobile/apps', name: 'shop' }
    })
    expect(result).toEqual({ destination: 'p-mobile-apps-shop-pr7.apk' })
  })

  it('needs the repository for a pull-request name', () => {
    const result = conventionalDestination({
      prefix: 'p',
      environment: '',
      extension: '.apk',
      pullRequestNumber: 1
    })
    expect(result).toEqual({ problem: expect.stringContaining('GITHUB_REPOSITORY') })
  })
})

describe('fileName', () => {
  it.each([
    ['C:\\a\\build\\app-release.apk', path.win32, 'app-release.apk'],
    ['D:/a/build/app.ipa', path.win32, 'app.ipa'],
    ['build\\mixed/app.aab', path.win32, 'app.aab'],
    ['/home/runner/work/app/build/app.apk', path.posix, 'app.apk'],
    ['/tmp/weird\\name.apk', path.posix, 'weird\\name.apk'],
    ['/tmp/line\nbreak.apk', path.posix, 'line\nbreak.apk']
  ])('%j on %s', (given, paths, expected) => {
    expect(fileName(given, paths)).toBe(expected)
  })
})

describe('answeredPathProblem', () => {
  it.each(['myapp-staging.apk', 'team/builds/app.ipa', '/abs/app.apk'])('%j is usable', value => {
    expect(answeredPathProblem(value)).toBeUndefined()
  })
  it.each([
    ['a\nPATH=/tmp/x', 'control'],
    ['../../etc/app.apk', '..'],
    ['a\\b.apk', 'backslash'],
    ['x'.repeat(1100), 'longer']
  ])('%j: %s', (value, words) => {
    expect(answeredPathProblem(value)).toContain(words)
  })
})

describe('where a file pattern is searched', () => {
  it.each([
    ['build\\outputs\\*.apk', 'D:\\a\\app\\app', 'D:\\a\\app\\app\\build\\outputs', '*.apk'],
    ['build/outputs/*.apk', 'D:\\a\\app\\app', 'D:\\a\\app\\app\\build\\outputs', '*.apk'],
    ['C:\\builds\\app.apk', 'D:\\a\\app\\app', 'C:\\builds\\app.apk', undefined]
  ])('the pattern %j in %j on Windows', (pattern, workspace, base, glob) => {
    expect(searchOf(pattern, workspace, { paths: path.win32, isFolder: () => false })).toEqual({
      base,
      ...(glob ? { glob } : {})
    })
  })

  /** A machine whose only folders are `folders`. */
  const machine = (paths: typeof path.posix, folders: string[], home = '/home/u') => ({
    paths,
    home: () => home,
    isFolder: (p: string) => folders.includes(p)
  })

  it.each([
    // Names macOS and Windows give: a folder that exists as written is literal, parentheses and brackets alike.
    [
      'Build Products (Release)/*.ipa',
      ['/w/Build Products (Release)'],
      '/w/Build Products (Release)',
      '*.ipa'
    ],
    ['out [arm64]/*.apk', ['/w/out [arm64]'], '/w/out [arm64]', '*.apk'],
    // A folder of that name that is not there is no glob either: it is the path, and matches nothing.
    ['out/(x86)/*.apk', [], '/w/out/(x86)', '*.apk'],
    // In the glob, a parenthesis that opens no extglob is one; an extglob stays.
    ['**/Build Products (Release)/*.ipa', [], '/w', '**/Build Products [(]Release[)]/*.ipa'],
    ['out/*.@(apk|aab)', [], '/w/out', '*.@(apk|aab)'],
    ['~/builds/*.apk', [], '/home/u/builds', '*.apk'],
    ['~', [], '/home/u', undefined]
  ])('%j on Linux and macOS', (pattern, folders, base, glob) => {
    expect(searchOf(pattern, '/w', machine(path.posix, folders))).toEqual({
      base,
      ...(glob ? { glob } : {})
    })
  })

  it.each([
    [
      'C:\\Program Files (x86)\\Android\\out\\*.apk',
      ['C:\\Program Files (x86)', 'C:\\Program Files (x86)\\Android'],
      'C:\\Program Files (x86)\\Android\\out',
      '*.apk'
    ],
    ['~\\builds\\app.apk', [], 'C:\\Users\\u\\builds\\app.apk', undefined]
  ])('%j on Windows', (pattern, folders, base, glob) => {
    expect(searchOf(pattern, 'D:\\a\\app', machine(path.win32, folders, 'C:\\Users\\u'))).toEqual({
      base,
      ...(glob ? { glob } : {})
    })
  })

  it.each(['D:\\*.apk', 'D:/*.apk', 'd:\\**\\app.apk'])(
    'refuses %j, a glob at a drive root, as the root it is',
    pattern => {
      expect(() => searchOf(pattern, 'D:\\a\\app', machine(path.win32, []))).toThrow(
        /would search the whole file system from "D:\\"|from "d:\\"/i
      )
    }
  )

  it('takes a plain path to a file on the RAM disk in /dev/shm', () => {
    expect(
      searchOf('/dev/shm/app.apk', '/w', { paths: path.posix, isFolder: () => false })
    ).toEqual({ base: '/dev/shm/app.apk' })
  })

  it('never reads the working directory as a glob', () => {
    expect(
      searchOf('*.apk', '/work/build{1,2}', { paths: path.posix, isFolder: () => false })
    ).toEqual({
      base: '/work/build{1,2}',
      glob: '*.apk'
    })
    expect(
      searchOf('out/**/[ab].apk', '/w/[x]', { paths: path.posix, isFolder: () => false })
    ).toEqual({
      base: '/w/[x]/out',
      glob: '**/[ab].apk'
    })
  })

  it.each(['/**/*.apk', '/*.apk', '../../../../../../../../*/x.apk'])(
    'refuses %j, which searches from the root',
    pattern => {
      expect(() =>
        searchOf(pattern, '/home/runner/work', { paths: path.posix, isFolder: () => false })
      ).toThrow(/whole file system/)
    }
  )

  it.each([
    '/proc/**/*.apk',
    '/proc/self/environ',
    '/sys/x.apk',
    '/dev/**/*.apk',
    '../../../proc/*.apk'
  ])('refuses %j, in the system folders', pattern => {
    expect(() => searchOf(pattern, '/a/b/c', { paths: path.posix, isFolder: () => false })).toThrow(
      /system's state/
    )
  })

  it('shows a match relative to the workspace, quoted', () => {
    expect(shownPath('D:\\a\\app\\app\\build\\app.apk', 'D:\\a\\app\\app', path.win32)).toBe(
      '"build\\app.apk"'
    )
    expect(shownPath('D:\\a\\app\\app', 'D:\\a\\app\\app', path.win32)).toBe('"D:\\a\\app\\app"')
  })
})

/**
 * The table of combinations: every mode against one build, several builds
 * and several of one app, in each front end and wrapper, with a GitHub
 * token that writes, a read-only one, and GitHub out of reach. Each cell
 * either works or is refused before any request, or is not offered by that
 * wrapper (saying why). The same data writes the table of
 * docs/development.md (`npm run docs`) and drives the table-driven suite
 * (__tests__/e2e/combinations.e2e.test.ts), so that the two never part.
 */

import { spelling, type OptionKey } from '../src/core/index.js'

export const MODES = [
  'deploy',
  'upload only',
  'notify only',
  'dry run',
  'wait-only',
  'report-later',
  'collect',
  'terminate',
  'skip'
] as const
export type Mode = (typeof MODES)[number]

export const BUILDS = ['one build', 'several builds', 'several of one app'] as const
export type Builds = (typeof BUILDS)[number]

export const FRONT_ENDS = [
  'action',
  'CLI',
  'library',
  'GitLab components',
  'orb',
  'Bitrise step',
  'Bitbucket Pipe'
] as const
export type FrontEnd = (typeof FRONT_ENDS)[number]

export const GITHUB = ['token that writes', 'read-only token', 'GitHub unreachable'] as const
export type GitHub = (typeof GITHUB)[number]

/** What a cell comes to. */
export type Expected =
  /** It works; GitHub shows what this says, is only read, or is not used. */
  | { kind: 'works'; github: 'writes' | 'notice' | 'reads' | 'untouched' }
  /** The run exists, and the step fails naming why its verdict will not arrive (report-later's check run refused). */
  | { kind: 'fails after'; names: string }
  /** Refused before any request, the message naming these options (by key: each front end spells them its way). */
  | { kind: 'refused'; names: OptionKey[] }
  /** The collect stops at its first write (at once, GitHub unreachable), naming the token or GitHub. */
  | { kind: 'collect stops'; names: string }
  /** It fails, naming this, with no request to the service (a skip that cannot write its check runs). */
  | { kind: 'fails'; names: string }
  /** Not offered where it is, and why. */
  | { kind: 'not offered'; why: string }

const WRAPPERS: readonly FrontEnd[] = ['GitLab components', 'orb', 'Bitrise step', 'Bitbucket Pipe']

/** What each wrapper does not offer, and why (a wrapper is thin: its modes are the CLI's it maps). */
const NOT_OFFERED: Partial<Record<FrontEnd, Partial<Record<Mode, string>>>> = {
  'GitLab components': {
    'upload only': 'no component uploads alone: the CLI does (`mobile-build-deploy upload`)',
    'notify only': 'no component notifies alone: the CLI does (`mobile-build-deploy notify`)'
    // report-later, collect and skip write to GitLab (GITLAB_TOKEN), never GitHub: run in gitlab-ci-local (e2e/gitlab).
  },
  orb: {
    'upload only': 'the orb maps deploy, wait, terminate and skip; the CLI uploads alone',
    'notify only': 'the orb maps deploy, wait, terminate and skip; the CLI notifies alone',
    'report-later': 'the collect completes GitHub check runs, which a CircleCI job does not write',
    collect: 'the collect completes GitHub check runs, which a CircleCI job does not write'
  },
  'Bitbucket Pipe': {
    'upload only': 'the Pipe deploys, waits, collects or skips; the CLI uploads alone',
    'notify only': 'the Pipe deploys, waits, collects or skips; the CLI notifies alone',
    terminate: 'the Pipe deploys, waits, collects or skips; the CLI ends an environment'
    // report-later, collect and skip write to Bitbucket, never GitHub: run under dash and busybox (e2e/bitbucket-pipe).
  },
  'Bitrise step': {
    'upload only': 'the step deploys, waits or skips; the CLI uploads alone',
    'notify only': 'the step deploys, waits or skips; the CLI notifies alone',
    'report-later': 'the collect completes GitHub check runs, which a Bitrise step does not write',
    collect: 'the collect completes GitHub check runs, which a Bitrise step does not write',
    terminate:
      'the step deploys, waits or skips; the CLI ends an environment (`mobile-build-deploy terminate`)'
  }
}

/** Pure: what a cell comes to, by the product's rules. */
export function expected(mode: Mode, builds: Builds, front: FrontEnd, github: GitHub): Expected {
  const missing = NOT_OFFERED[front]?.[mode]
  if (missing) return { kind: 'not offered', why: missing }
  if (mode === 'terminate' && builds !== 'one build')
    return { kind: 'not offered', why: 'ending an environment takes no build' }
  if (mode === 'notify only' && builds !== 'one build') return { kind: 'refused', names: ['file'] }
  if (mode === 'skip')
    return front === 'GitLab components' || front === 'Bitbucket Pipe'
      ? hostSkipCell(builds)
      : skipCell(builds, github)
  // A wrapper, the CLI and the library report nothing to GitHub but with report-later and collect.
  const reports = front === 'action' || mode === 'report-later' || mode === 'collect'
  if (!reports || WRAPPERS.includes(front)) return { kind: 'works', github: 'untouched' }
  if (mode === 'report-later')
    return github === 'token that writes'
      ? { kind: 'works', github: 'writes' }
      : {
          kind: 'fails after',
          names: github === 'read-only token' ? 'checks: write' : 'could not be written'
        }
  if (mode === 'collect')
    return github === 'token that writes'
      ? { kind: 'works', github: 'writes' }
      : {
          kind: 'collect stops',
          names: github === 'read-only token' ? 'checks: write' : 'GitHub could not be reached'
        }
  // The action on a pull request: a check run while it waits, the comment; a token that cannot write is a notice.
  // A dry run writes nothing, and reads the pull request's comments once to prove the token; ending an environment knows no pull request.
  if (mode === 'dry run')
    return { kind: 'works', github: github === 'GitHub unreachable' ? 'notice' : 'reads' }
  if (mode === 'terminate') return { kind: 'works', github: 'untouched' }
  return { kind: 'works', github: github === 'token that writes' ? 'writes' : 'notice' }
}

/** The skip of the GitLab component or the Bitbucket Pipe: a status per app id on that host, GitHub never used. */
function hostSkipCell(builds: Builds): Expected {
  return builds === 'several of one app'
    ? {
        kind: 'not offered',
        why: "a deploy tells an APK and its AAB apart by their files' names, which a skip does not have"
      }
    : { kind: 'works', github: 'untouched' }
}

/** A skip's cell: one check run per app id, written with a token that may, else a failure naming why. */
function skipCell(builds: Builds, github: GitHub): Expected {
  if (builds === 'several of one app')
    return {
      kind: 'not offered',
      why: "a deploy tells an APK and its AAB apart by their files' names, which a skip does not have: deploy each with a check-name of its own, and skip each with it"
    }
  if (github === 'token that writes') return { kind: 'works', github: 'writes' }
  return {
    kind: 'fails',
    names: github === 'read-only token' ? 'checks: write' : 'GitHub could not be reached'
  }
}

const WORKS_WORDS = {
  untouched: 'works',
  writes: 'works, written',
  reads: 'works, the comments read once',
  notice: 'works, with a notice'
} as const

/** A cell's words in the docs' table. */
function cellWords(mode: Mode, builds: Builds, front: FrontEnd): string {
  const results = GITHUB.map(github => expected(mode, builds, front, github))
  const [first] = results
  if (first!.kind === 'not offered') return `— ${first!.why}`
  if (first!.kind === 'refused')
    return `refused before any request, naming ${first!.names.map(name => spelling('action', name)).join(', ')}`
  const words = results.map((result, i) => {
    switch (result.kind) {
      case 'works':
        return WORKS_WORDS[result.github]
      case 'fails after':
        return 'fails, naming why the verdict will not arrive'
      case 'collect stops':
        return result.names === 'checks: write'
          ? 'stops at its first write, naming the token (with nothing pending, nothing to write: exits 0)'
          : 'stops at once, naming GitHub'
      case 'fails':
        return result.names === 'checks: write'
          ? "fails, naming the token's permission"
          : 'fails, naming GitHub'
      default:
        return `${GITHUB[i]}: ${result.kind}`
    }
  })
  if (words.every(word => word === WORKS_WORDS.untouched)) return 'works (GitHub not used)'
  return GITHUB.map((github, i) => `${github}: ${words[i]}`).join('; ')
}

/** Pure: the table of docs/development.md, a row per mode and number of builds, a column per front end. */
export function combinationsTable(): string[] {
  const rows = MODES.flatMap(mode =>
    BUILDS.map(builds => [mode, builds, ...FRONT_ENDS.map(front => cellWords(mode, builds, front))])
  )
  return [
    `| mode | builds | ${FRONT_ENDS.join(' | ')} |`,
    `|${['', '', ...FRONT_ENDS].map(() => '---').join('|')}|`,
    ...rows.map(row => `| ${row.join(' | ')} |`)
  ]
}

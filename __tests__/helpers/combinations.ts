/**
 * The table of combinations: every mode against one build, several builds
 * and several of one app, in each front end and wrapper, with a GitHub
 * token that writes, a read-only one, and GitHub out of reach. Each cell
 * either works or is refused before any request, or is not offered by that
 * wrapper (saying why). The same data writes the table of
 * docs/development.md (`npm run docs`) and drives the table-driven suite
 * (__tests__/e2e/combinations.e2e.test.ts), so that the two never part.
 */

import { spelling, type OptionKey } from '../../src/core/index.js'

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
    'upload only': 'the orb maps deploy, wait and terminate; the CLI uploads alone',
    'notify only': 'the orb maps deploy, wait and terminate; the CLI notifies alone',
    'report-later': 'the collect completes GitHub check runs, which a CircleCI job does not write',
    collect: 'the collect completes GitHub check runs, which a CircleCI job does not write',
    skip: 'a skip stands for GitHub check runs, which a CircleCI job does not write'
  },
  'Bitbucket Pipe': {
    'upload only': 'the Pipe deploys, waits, collects or skips; the CLI uploads alone',
    'notify only': 'the Pipe deploys, waits, collects or skips; the CLI notifies alone',
    terminate: 'the Pipe deploys, waits, collects or skips; the CLI ends an environment'
    // report-later, collect and skip write to Bitbucket, never GitHub: run under dash and busybox (e2e/bitbucket-pipe).
  },
  'Bitrise step': {
    'upload only': 'the step deploys or waits; the CLI uploads alone',
    'notify only': 'the step deploys or waits; the CLI notifies alone',
    'report-later': 'the collect completes GitHub check runs, which a Bitrise step does not write',
    collect: 'the collect completes GitHub check runs, which a Bitrise step does not write',
    skip: 'a skip stands for GitHub check runs, which a Bitrise step does not write',
    terminate:
      'the step deploys or waits; the CLI ends an environment (`mobile-build-deploy terminate`)'
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

/** The front ends whose cells run in-process; a wrapper's are the CLI's. */
export const RUN_FRONT_ENDS = ['action', 'CLI', 'library'] as const
export type RunFrontEnd = (typeof RUN_FRONT_ENDS)[number]

/**
 * Options that meet in one step, beyond the modes above: each works, or is
 * refused before any request naming the real conflict, in each front end;
 * a front end that has no way to say it refuses the option it does not take.
 */
export const PAIRINGS = [
  'run-id with report-later',
  'terminate with report-later',
  'terminate with wait',
  'collect with wait',
  'report-later with dry-run',
  'report-later on a push to another branch',
  'report-later on a tag',
  'wait-only after the deploy, check false, pr-comment true',
  'collect with a read-only token, nothing pending',
  'test-attestation with a deploy that does not wait',
  'test-attestation with run-id',
  'skip with file',
  'skip over a failed check run of that name',
  'skip with slack-webhook',
  'skip with check false',
  'collect on a pull_request event',
  'junit-report naming a folder',
  'test-attestation naming a file',
  'required-abis with a build without native code'
] as const
export type Pairing = (typeof PAIRINGS)[number]

/** Pure: what a pairing comes to in a front end. */
export function pairingExpected(pairing: Pairing, front: RunFrontEnd): Expected {
  switch (pairing) {
    case 'run-id with report-later':
    case 'terminate with report-later':
    case 'report-later with dry-run':
    case 'report-later on a push to another branch':
    case 'report-later on a tag':
      return { kind: 'refused', names: ['reportLater'] }
    case 'terminate with wait':
    case 'collect with wait':
      return { kind: 'refused', names: ['wait'] }
    case 'wait-only after the deploy, check false, pr-comment true':
      return front === 'action'
        ? { kind: 'works', github: 'writes' }
        : { kind: 'not offered', why: 'only the action comments on a pull request' }
    case 'collect with a read-only token, nothing pending':
    case 'skip over a failed check run of that name':
      return { kind: 'works', github: 'reads' }
    case 'test-attestation with a deploy that does not wait':
    case 'test-attestation with run-id':
      return { kind: 'refused', names: ['testAttestation'] }
    case 'skip with file':
      return { kind: 'refused', names: ['file'] }
    case 'skip with check false':
      return front === 'action'
        ? { kind: 'refused', names: ['check'] }
        : {
            kind: 'not offered',
            why: "check is the action's alone: a skip elsewhere writes its check runs"
          }
    case 'collect on a pull_request event':
      return { kind: 'refused', names: ['collect'] }
    case 'junit-report naming a folder':
      return front === 'library'
        ? {
            kind: 'not offered',
            why: 'the library writes no file: junitReport() renders its result'
          }
        : { kind: 'refused', names: ['junitReport'] }
    case 'test-attestation naming a file':
      return { kind: 'refused', names: ['testAttestation'] }
    case 'skip with slack-webhook':
      return { kind: 'works', github: 'writes' }
    case 'required-abis with a build without native code':
      return { kind: 'works', github: front === 'action' ? 'writes' : 'untouched' }
  }
}

/** What a pairing that works shows, where it is more than that it works. */
const WORKS_WITH: Partial<Record<Pairing, string>> = {
  'wait-only after the deploy, check false, pr-comment true':
    'works: continues the deploy’s comment',
  'skip with slack-webhook': 'works: the check runs written, the message posted',
  'required-abis with a build without native code': 'works: runs on any ABI'
}

/** Pure: the table of options that meet, for docs/development.md. */
export function pairingsTable(): string[] {
  const words = (cell: Expected, pairing: Pairing): string => {
    switch (cell.kind) {
      case 'refused':
        return `refused before any request, naming ${cell.names.map(name => spelling('action', name)).join(', ')}`
      case 'not offered':
        return `— ${cell.why}`
      case 'works':
        return WORKS_WITH[pairing] ?? 'works, nothing written'
      default:
        return cell.kind
    }
  }
  return [
    `| options | ${RUN_FRONT_ENDS.join(' | ')} |`,
    `|${['', ...RUN_FRONT_ENDS].map(() => '---').join('|')}|`,
    ...PAIRINGS.map(
      pairing =>
        `| ${pairing} | ${RUN_FRONT_ENDS.map(front => words(pairingExpected(pairing, front), pairing)).join(' | ')} |`
    )
  ]
}

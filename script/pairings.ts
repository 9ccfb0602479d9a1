/**
 * Options that meet in one step, beyond the modes of the combinations
 * table (combinations.ts): what each comes to in the action, the CLI and
 * the library; the same data writes docs/development.md's table of them
 * (`npm run docs`) and drives the e2e suite that runs them.
 */
import { spelling } from '../src/core/index.js'
import type { Expected } from './combinations.js'

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

/**
 * The verdict bound to the build's bytes: the in-toto test-result predicate
 * (https://in-toto.io/attestation/test-result/v0.1) of the verdicts a step
 * knows, and its subjects, each build as its file's name and the SHA-256 of
 * the bytes uploaded, written into a folder as GitHub's `actions/attest`
 * takes them (`subject-checksums`, `predicate-path`), with the whole in-toto
 * Statement beside them for any other signer:
 *
 *   subjects.sha256   <sha256>  <name>, one line a build (sha256sum's form)
 *   predicate.json    the test result
 *   statement.json    the Statement v1: the subjects and the predicate
 *
 * One statement for all of a step's builds: each build is one test, named
 * `<name>@sha256:<digest>`, in `passedTests` when the run its deploy
 * created passed and in `failedTests` otherwise (a run answered as existing
 * already, or superseded by another's, tested other bytes) (a deployment whose build was never read is named
 * by its deployment), and `result` is PASSED only when every one passed. A
 * release job that verifies its own build's attestation looks for its own
 * test in `passedTests`, whatever the step's other builds came to.
 */
import type { Frozen } from '../shared/frozen.js'
import { unlink } from 'node:fs/promises'
import { EOL } from 'node:os'
import { join } from 'node:path'
import { ensureUsable, ensureWritable, writeOutputFile } from '../shared/files.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Deployment, StepFacts } from './facts.js'
import { trustedUrl, type LinkOrigins } from './links.js'
import type { ReportContext, Reporter } from './reporter.js'

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1'
export const TEST_RESULT_TYPE = 'https://in-toto.io/attestation/test-result/v0.1'
/** The files of the folder, by what they hold. */
export const ATTESTATION_FILES = {
  subjects: 'subjects.sha256',
  predicate: 'predicate.json',
  statement: 'statement.json'
} as const

/** A subject of the statement: a build by its name and digest. */
export interface Subject {
  name: string
  digest: { sha256: string }
}

/** The test-result predicate, in in-toto's JSON field names. */
export interface TestResult {
  result: 'PASSED' | 'WARNED' | 'FAILED'
  configuration: Configuration[]
  url?: string
  passedTests: string[]
  warnedTests: string[]
  failedTests: string[]
}

/**
 * A configuration entry: in-toto's ResourceDescriptor, which MUST carry a
 * `uri`, a `digest` or a `content` (spec/v1/resource_descriptor.md).
 */
export interface Configuration {
  name: string
  uri?: string
  content?: string
  mediaType?: string
  annotations: Record<string, string>
}

/** Pure: the subjects and the predicate of the step's verdicts; undefined when no build of it was read. */
export function attestationOf(
  facts: Frozen<Pick<StepFacts, 'deployments'>>,
  context: { origins: LinkOrigins; workflowRunUrl?: string | undefined }
): { subjects: Subject[]; predicate: TestResult } | undefined {
  const subjects: Subject[] = []
  const passedTests: string[] = []
  const failedTests: string[] = []
  const configuration: TestResult['configuration'] = []
  for (const deployment of facts.deployments) {
    const subject = subjectOf(deployment)
    if (subject && !subjects.some(s => s.digest.sha256 === subject.digest.sha256))
      subjects.push(subject)
    const test = subject ? `${subject.name}@sha256:${subject.digest.sha256}` : deployment.name
    ;(testedAndPassed(deployment) ? passedTests : failedTests).push(test)
    configuration.push(configurationOf(deployment, context.origins))
  }
  if (subjects.length === 0) return undefined
  const url = trustedUrl(context.workflowRunUrl, context.origins)
  return {
    subjects,
    predicate: {
      result: failedTests.length === 0 ? 'PASSED' : 'FAILED',
      configuration,
      ...(url ? { url } : {}),
      passedTests,
      warnedTests: [],
      failedTests
    }
  }
}

/**
 * Pure: whether these bytes passed a run that tested them: the run the
 * deployment created passed. A run the service already had for the
 * deployment (a repeated notification: the bytes sent now may not be the
 * ones it tested) and a newer run that superseded it (another commit's
 * bytes) decide nothing about these bytes. That the run was created for
 * them must be known: a collected deployment whose sealed facts do not say
 * so (a check written before they did) attests no pass.
 */
function testedAndPassed(deployment: Frozen<Deployment>): boolean {
  const { verdict } = deployment
  return (
    verdict?.verdict === 'passed' &&
    deployment.duplicate === false &&
    deployment.runId !== undefined &&
    verdict.runId === deployment.runId
  )
}

/**
 * Pure: the subjects as `actions/attest` reads a checksums file: `<sha256>  <name>`,
 * a line each, ended as the system ends lines (the action's first v4
 * releases split the file on the runner's own line ending).
 */
export function checksumsOf(subjects: readonly Subject[], eol = EOL): string {
  return subjects.map(({ name, digest }) => `${digest.sha256}  ${name}${eol}`).join('')
}

/** Pure: the in-toto Statement v1 of the subjects and the predicate. */
export function statementOf(subjects: readonly Subject[], predicate: TestResult): object {
  return { _type: STATEMENT_TYPE, subject: subjects, predicateType: TEST_RESULT_TYPE, predicate }
}

/** A build as a subject: its file's name on one line (a checksums file's line is one subject), the digest of the bytes sent. */
function subjectOf(deployment: Frozen<Deployment>): Subject | undefined {
  const { artifact } = deployment
  if (!artifact?.sha256 || !/^[0-9a-f]{64}$/.test(artifact.sha256)) return undefined
  // eslint-disable-next-line no-control-regex -- a control character would end or split the checksums line
  const name = artifact.name.replace(/[\u0000-\u001f\u007f]/g, '?')
  return { name, digest: { sha256: artifact.sha256 } }
}

/**
 * What was tested with: the deployment by its name, its run and its verdict.
 * The run's page is its `uri`. A deployment with no run (or a run whose page
 * is not the service's) has no page to point to and no bytes of its own to
 * digest (the build's digest is the subject's, not the run's), so its entry
 * holds what is known as `content`: a small JSON of the run (none, or only
 * an id), the verdict and why no run was made, in the product's own words
 * only; the service's words (the run's id) stay in `annotations`, where the
 * predicate's redaction reads them, never hidden in base64.
 */
function configurationOf(deployment: Frozen<Deployment>, origins: LinkOrigins): Configuration {
  const runId = deployment.verdict?.runId ?? deployment.runId
  const verdict = deployment.verdict?.verdict ?? 'none'
  const uri = trustedUrl(deployment.verdict?.runUrl ?? deployment.runUrl, origins)
  const annotations: Record<string, string> = { ...(runId ? { runId } : {}), verdict }
  if (uri) return { name: deployment.name, uri, annotations }
  const known = {
    run: runId ? 'unlinked' : null,
    verdict,
    ...(deployment.noRun ? { noRun: deployment.noRun.cause } : {})
  }
  const content = Buffer.from(JSON.stringify(known), 'utf8').toString('base64')
  return { name: deployment.name, content, mediaType: 'application/json', annotations }
}

/**
 * Pure: the predicate through the redaction, each entry's `content` set
 * aside: it is made of the product's own words only (see configurationOf),
 * and a mask inside base64 (a key's base64 can share a window with it)
 * would break the bytes in-toto requires there.
 */
export function redactedPredicate(
  predicate: TestResult,
  redact: (text: string) => string
): TestResult {
  const bare = predicate.configuration.map(({ content: _content, ...entry }) => entry)
  const redacted = JSON.parse(
    redact(JSON.stringify({ ...predicate, configuration: bare }))
  ) as TestResult
  redacted.configuration.forEach((entry, i) => {
    const { content } = predicate.configuration[i]!
    if (content !== undefined) entry.content = content
  })
  return redacted
}

/**
 * Removes what an earlier step left in `folder`, before this one does
 * anything: a step refused before it attests anything must leave no
 * attestation for a signing step to find.
 */
export async function clearAttestation(folder: string): Promise<void> {
  for (const file of Object.values(ATTESTATION_FILES))
    await unlink(join(folder, file)).catch(() => undefined)
}

/** Refuses a folder the attestation could never be written in, and a file of it that is no file, by looking only. */
export async function attestationUsable(folder: string, shown = folder): Promise<void> {
  const named = ref('testAttestation')
  await ensureUsable(folder, named, 'folder', shown)
  for (const file of Object.values(ATTESTATION_FILES))
    await ensureUsable(join(folder, file), named, 'file', join(shown, file))
}

/**
 * The attestation's files in `folder`: made writable before the first
 * request, written once the step is judged; when no build was read there is
 * nothing to attest, and the files are removed, so that the signing step's
 * condition (the checksums file exists) says so.
 */
export function testAttestation(folder: string, context: ReportContext): Reporter {
  const path = (file: keyof typeof ATTESTATION_FILES) => join(folder, ATTESTATION_FILES[file])
  const named = ref('testAttestation')
  return {
    name: `test attestation ${quote(folder)}`,
    async prepare() {
      for (const file of Object.keys(ATTESTATION_FILES) as (keyof typeof ATTESTATION_FILES)[])
        await ensureWritable(path(file), named)
    },
    async finish(facts: Frozen<StepFacts>) {
      const attestation = attestationOf(facts, context)
      if (!attestation) {
        await clearAttestation(folder)
        context.log.notice(
          `No build's bytes were sent, so there is nothing to attest: ${quote(folder)} holds no attestation.`,
          'Nothing attested'
        )
        return
      }
      // The predicate goes through the one redaction; the statement holds the very same predicate.
      const predicate = redactedPredicate(attestation.predicate, text =>
        context.secrets.redactValue(text)
      )
      const predicateText = JSON.stringify(predicate, null, 2)
      await writeOutputFile(path('subjects'), checksumsOf(attestation.subjects), named)
      await writeOutputFile(path('predicate'), `${predicateText}\n`, named)
      await writeOutputFile(
        path('statement'),
        `${JSON.stringify(statementOf(attestation.subjects, predicate), null, 2)}\n`,
        named
      )
      context.log.info(
        `Test attestation: ${predicate.result} for ${attestation.subjects.length} build(s), in ${quote(folder)}.`
      )
    }
  }
}

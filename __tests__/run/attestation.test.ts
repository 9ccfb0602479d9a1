/**
 * The verdict bound to the build's bytes: the test-result attestation a
 * step writes is a valid in-toto statement, exactly the one GitHub's
 * actions/attest signs from the files, signed and verified with Sigstore on
 * this machine, and tells each build's own result; it is refused before any
 * request where the step knows no verdict or no build's bytes.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { createHash } from 'node:crypto'
import { readFile, writeFile, access } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { collectVerdicts } from '../../src/index.js'
import { clock } from '../../src/core/shared/clock.js'
import { WRITE_TOKEN } from '../../emulator/github-api.js'
import { viaAction, viaCli, viaLibrary, type Situation } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { attestationOf, checksumsOf } from '../../src/core/report/attestation.js'
import { EOL } from 'node:os'
import { inTotoProblems, statementAsAttestBuildsIt, TEST_RESULT_V01 } from '../helpers/in-toto.js'
import { signAndVerify } from '../helpers/sigstore-process.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')
const IDENTITY = 'repo:octo-org/octo-app:ref:refs/heads/main'

describe('the test attestation', () => {
  let emulator: Emulator
  let workspace: string
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    await writeArtifact('app.ipa', 16 * 1024, workspace)
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => emulator.reset())

  const read = async (folder: string) => ({
    checksums: await readFile(join(workspace, folder, 'subjects.sha256'), 'utf8'),
    predicate: await readFile(join(workspace, folder, 'predicate.json'), 'utf8'),
    statement: JSON.parse(
      await readFile(join(workspace, folder, 'statement.json'), 'utf8')
    ) as Record<string, unknown>
  })

  it('a deploy that waits: each build a subject and a test, the statement actions/attest signs, verified end to end', async () => {
    const result = await step(
      emulator,
      {
        file: 'app.apk\napp.ipa',
        wait: 'true',
        'test-attestation': 'attestation',
        variables: run({
          byBuild: { ipa: { final: 'failed', bugs: [{ name: 'Crash', priority: 'urgent' }] } }
        })
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    const { checksums, predicate, statement } = await read('attestation')
    const apk = await sha256(join(workspace, 'app.apk'))
    const ipa = await sha256(join(workspace, 'app.ipa'))
    expect(checksums).toBe(`${apk}  app.apk\n${ipa}  app.ipa\n`)
    expect(inTotoProblems(statement)).toEqual([])
    // The statement beside the files is the one actions/attest builds from them.
    expect(statementAsAttestBuildsIt(checksums, TEST_RESULT_V01, predicate)).toEqual(statement)
    expect(statement.predicate).toMatchObject({
      result: 'FAILED',
      passedTests: [`app.apk@sha256:${apk}`],
      failedTests: [`app.ipa@sha256:${ipa}`],
      warnedTests: [],
      url: 'https://github.com/octo-org/octo-app/actions/runs/1'
    })
    const configuration = (statement.predicate as { configuration: { uri: string }[] })
      .configuration
    for (const { uri } of configuration) expect(uri.startsWith(emulator.baseUrl)).toBe(true)

    // Signed as actions/attest signs it, verified as gh attestation verify does.
    const verified = await signAndVerify(JSON.stringify(statement), IDENTITY)
    expect(verified.payloadType).toBe('application/vnd.in-toto+json')
    expect(JSON.parse(verified.payload)).toEqual(statement)
    expect(verified.otherIdentity).toMatch(/identity|subject|SAN|policy/i)
    expect(verified.forged).toMatch(/hash mismatch|signature/i)
  })

  it('all passed is PASSED; the CLI and the library write the same files', async () => {
    for (const [via, folder] of [
      [viaCli, 'cli'],
      [viaLibrary, 'library']
    ] as const) {
      emulator.reset()
      const outcome = await via(
        emulator,
        {
          command: 'deploy',
          options: {
            file: 'app.apk',
            wait: true,
            testAttestation: folder,
            variables: run(),
            pollIntervalSeconds: 1
          }
        },
        workspace
      )
      expect(outcome.exitCode).toBe(0)
      const { statement } = await read(folder)
      expect(inTotoProblems(statement)).toEqual([])
      expect(statement.predicate).toMatchObject({
        result: 'PASSED',
        passedTests: [`app.apk@sha256:${await sha256(join(workspace, 'app.apk'))}`],
        failedTests: []
      })
    }
  })

  it('a collect attests the verdicts it completes, by the digests its deploys sealed', async () => {
    const later = await step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(later.exitCode).toBe(0)
    await clock.sleep(60_000)
    process.env.GITHUB_API_URL = emulator.github.url
    try {
      const collected = await collectVerdicts({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        githubToken: WRITE_TOKEN,
        githubRepository: 'octo-org/octo-app',
        testAttestation: join(workspace, 'collected')
      })
      expect(collected.completed).toHaveLength(1)
    } finally {
      delete process.env.GITHUB_API_URL
    }
    const { statement, checksums } = await read('collected')
    expect(checksums).toBe(`${await sha256(join(workspace, 'app.apk'))}  app.apk\n`)
    expect(inTotoProblems(statement)).toEqual([])
    expect((statement.predicate as { result: string }).result).toBe('PASSED')
  })

  it('a deployment the service made no run for is still a ResourceDescriptor: its content says so, in our own words', async () => {
    const inputs = { 'api-key': KEYS.noTriggers, file: 'app.apk', wait: 'true' }
    const result = await step(
      emulator,
      { ...inputs, 'test-attestation': 'no-run', variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    const { statement } = await read('no-run')
    expect(inTotoProblems(statement)).toEqual([])
    const [entry] = (statement.predicate as { configuration: Record<string, string>[] })
      .configuration
    expect([entry!.uri, entry!.mediaType]).toEqual([undefined, 'application/json'])
    const content = Buffer.from(entry!.content!, 'base64').toString('utf8')
    expect(JSON.parse(content)).toEqual({ run: null, verdict: 'none', noRun: 'no-trigger' })
    expect(statement.predicate).toMatchObject({ result: 'FAILED', passedTests: [] })
  })

  it('a file name that would end a checksums line is one subject, named on one line', async () => {
    const name = 'odd\nname.apk'
    await writeFile(join(workspace, name), await readFile(join(workspace, 'app.apk')))
    const result = await step(
      emulator,
      {
        file: 'odd*name.apk',
        destination: 'odd.apk',
        wait: 'true',
        'test-attestation': 'odd',
        variables: run()
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(0)
    const { checksums, predicate, statement } = await read('odd')
    expect(checksums.split('\n').filter(Boolean)).toHaveLength(1)
    expect(statementAsAttestBuildsIt(checksums, TEST_RESULT_V01, predicate)).toEqual(statement)
    expect((statement.subject as { name: string }[])[0]!.name).toBe('odd?name.apk')
  })

  it('new bytes under a run the service already had, or a verdict of a newer run, are not attested as passed', async () => {
    const deploy = (folder: string) =>
      step(
        emulator,
        { file: 'again.apk', wait: 'true', 'test-attestation': folder, variables: run() },
        { workspace, env, ...pullRequest(HEAD) }
      )
    await writeFile(join(workspace, 'again.apk'), await readFile(join(workspace, 'app.apk')))
    expect((await deploy('first')).exitCode).toBe(0)
    expect((await read('first')).statement.predicate).toMatchObject({ result: 'PASSED' })
    // Rebuilt, not byte for byte: the same deployment's run exists already and tested the old bytes.
    await writeArtifact('again.apk', 20 * 1024, workspace)
    const again = await deploy('second')
    expect(again.stdout).toMatch(/already existed/)
    const second = (await read('second')).statement.predicate as Record<string, unknown>
    expect(second).toMatchObject({
      result: 'FAILED',
      passedTests: [],
      failedTests: [`again.apk@sha256:${await sha256(join(workspace, 'again.apk'))}`]
    })
    // A verdict that followed a newer run (another commit's bytes) decides nothing about these.
    const superseded = attestationOf(
      {
        deployments: [
          {
            name: 'Mobile tests',
            failOnNoRun: true,
            warnings: [],
            runId: 'run_old',
            artifact: { name: 'app.apk', size: 1, sha256: 'a'.repeat(64) },
            verdict: {
              verdict: 'passed',
              greenlight: true,
              runId: 'run_newer',
              bugs: [],
              blockingBugs: [],
              timeoutMs: 1,
              answered: true
            }
          }
        ]
      },
      { origins: [] }
    )
    expect(superseded?.predicate).toMatchObject({ result: 'FAILED', passedTests: [] })
  })

  it('a step refused before anything is attested leaves no earlier attestation behind', async () => {
    const deploy = (file: string) =>
      step(
        emulator,
        { file, wait: 'true', 'test-attestation': 'kept', variables: run() },
        { workspace, env, ...pullRequest(HEAD) }
      )
    expect((await deploy('app.apk')).exitCode).toBe(0)
    await access(join(workspace, 'kept', 'subjects.sha256'))
    expect((await deploy('missing.apk')).exitCode).toBe(1)
    await expect(access(join(workspace, 'kept', 'subjects.sha256'))).rejects.toThrow()
    await expect(access(join(workspace, 'kept', 'predicate.json'))).rejects.toThrow()
  })

  it("each line of the checksums file ends as the runner's own lines end", () => {
    const subjects = [
      { name: 'a.apk', digest: { sha256: 'a'.repeat(64) } },
      { name: 'b.ipa', digest: { sha256: 'b'.repeat(64) } }
    ]
    // actions/attest v4.0 and v4.1 split the file on os.EOL: on Windows, CRLF.
    const windows = checksumsOf(subjects, '\r\n')
    expect(windows.split('\r\n').filter(Boolean)).toEqual([
      `${'a'.repeat(64)}  a.apk`,
      `${'b'.repeat(64)}  b.ipa`
    ])
    expect(checksumsOf(subjects)).toBe(checksumsOf(subjects, EOL))
  })

  const REFUSED: [string, Situation][] = [
    [
      'a deploy that does not wait',
      { command: 'deploy', options: { file: 'app.apk', testAttestation: 'a' } }
    ],
    ['a wait-only step', { command: 'wait', options: { runId: 'run_1', testAttestation: 'a' } }],
    [
      'a notification without a build',
      {
        command: 'notify',
        options: { runInputPath: 'ci/app.apk', wait: true, testAttestation: 'a' }
      }
    ]
  ]
  it.each(REFUSED)(
    'refuses %s before any request, naming test-attestation',
    async (_t, situation) => {
      for (const via of [viaAction, viaCli, viaLibrary]) {
        emulator.reset()
        const outcome = await via(emulator, situation, workspace)
        expect(outcome.exitCode).not.toBe(0)
        expect(outcome.text).toMatch(/test-attestation|testAttestation/)
        expect(emulator.requests).toEqual([])
      }
      await expect(access(join(workspace, 'a', 'subjects.sha256'))).rejects.toThrow()
    }
  )
})

/**
 * `npm run demo`: the main job on an embedded default. Starts the service
 * emulator (and its GitHub API), writes a sample .apk (a real, minimal one, so that
 * the step reads its app and version), runs dist/index.js as a
 * GitHub runner would on a pull request, and shows the upload, the
 * notification, the wait for the run's verdict, the outputs, the job summary,
 * the check run and the pull-request comment, and the run it created.
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeBuild } from './builds.js'
import { runStep } from './github-runner.js'
import { startEmulator } from './server.js'
import { DEMO_API_KEY, SAMPLE_BUGS } from './workspaces.js'

const SAMPLE_BYTES = 2 * 1024 * 1024
const HEAD = 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'

const emulator = await startEmulator()
const workspace = await mkdtemp(join(tmpdir(), 'demo-workspace-'))
try {
  const outputDir = join(workspace, 'app/build/outputs/apk/release')
  await mkdir(outputDir, { recursive: true })
  const sampleSha = await writeBuild(join(outputDir, 'app-release.apk'), SAMPLE_BYTES)

  heading('The service emulator')
  console.log(`service: ${emulator.baseUrl}   object store: ${emulator.storeUrl}`)
  console.log(
    `sample build: app/build/outputs/apk/release/app-release.apk, ${SAMPLE_BYTES} bytes, SHA-256 ${sampleSha}`
  )

  heading('The step, as the runner runs it: node dist/index.js')
  console.log(
    `simulated event: pull request #42 of octo-org/octo-app, head ${HEAD.slice(0, 12)} (GITHUB_EVENT_NAME=pull_request)`
  )
  const step = await runStep({
    workspace,
    eventName: 'pull_request',
    ref: 'refs/pull/42/merge',
    repository: 'octo-org/octo-app',
    event: {
      number: 42,
      pull_request: { number: 42, head: { ref: 'feature/checkout', sha: HEAD } }
    },
    inputs: {
      'api-key': DEMO_API_KEY,
      'base-url': emulator.baseUrl,
      file: 'app/build/outputs/apk/release/*.apk',
      // A pull request's build goes under the pull request's own name, never over a static environment's.
      'name-prefix': 'myapp',
      variables: '{"LOCALE": "en-GB"}',
      wait: 'true'
    },
    // The emulated run takes about three seconds; asking every second shows each stage.
    env: { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1', GITHUB_API_URL: emulator.github.url }
  })
  process.stdout.write(asRunnerShows(step.stdout))
  if (step.stderr) process.stdout.write(step.stderr.replace(/^/gm, '  ! '))
  console.log(`exit code: ${step.exitCode}`)

  heading('What the service received')
  for (const r of emulator.requests) {
    const detail =
      r.route === 'signed-url'
        ? `file=${r.query.file}`
        : r.route === 'upload'
          ? `${r.bytes ?? 0} bytes, content-type ${r.headers['content-type']}`
          : r.route === 'greenlight'
            ? 'asked for the verdict'
            : JSON.stringify(r.body)
    console.log(`${r.method} ${r.path} -> ${r.status}   ${detail}`)
  }
  for (const object of emulator.objects.values()) {
    const same = object.sha256 === sampleSha ? 'equal to the sample' : 'DIFFERENT from the sample'
    console.log(`stored: ${object.key}, ${object.size} bytes, SHA-256 ${object.sha256} (${same})`)
  }

  heading('Outputs (GITHUB_OUTPUT)')
  for (const [name, value] of Object.entries(step.outputs)) console.log(`${name}=${value}`)

  heading('Job summary (GITHUB_STEP_SUMMARY), as a person reads it')
  console.log(indent(asShown(step.summary)))

  heading('The check run on the pull request head (GitHub API)')
  for (const check of emulator.github.checkRuns) {
    console.log(
      `${check.name} on ${check.head_sha.slice(0, 12)}: ${check.history.map(h => h.conclusion ?? h.status).join(' -> ')}`
    )
    console.log(indent(`${check.output.title ?? ''}\n${asShown(check.output.summary ?? '')}`))
  }

  heading('The pull-request comment (GitHub API), edited in place')
  for (const comment of emulator.github.comments) {
    console.log(`on #${comment.issue} by ${comment.user.login}:`)
    console.log(indent(asShown(comment.body)))
  }

  heading('The same step when the run finds blocking bugs (the run variable EMULATOR_RUN)')
  const failing = await runStep({
    workspace,
    eventName: 'push',
    ref: 'refs/heads/main',
    repository: 'octo-org/octo-app',
    event: { after: HEAD },
    inputs: {
      'api-key': DEMO_API_KEY,
      'base-url': emulator.baseUrl,
      file: 'app/build/outputs/apk/release/*.apk',
      'name-prefix': 'myapp',
      environment: 'staging',
      variables: JSON.stringify({
        EMULATOR_RUN: JSON.stringify({ final: 'failed', bugs: SAMPLE_BUGS })
      }),
      wait: 'true',
      check: 'false'
    },
    env: { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1', GITHUB_API_URL: emulator.github.url }
  })
  for (const line of failing.stdout.split('\n'))
    if (!line.startsWith('::debug::') && /^::error|verdict|blocking/i.test(line))
      console.log(`  | ${line}`)
  console.log(
    `exit code: ${failing.exitCode}; verdict=${failing.outputs.verdict}, blockingBugsCount=${failing.outputs.blockingBugsCount}`
  )

  heading('Runs list: GET /api/v0/runs')
  const response = await fetch(`${emulator.baseUrl}/api/v0/runs`, {
    headers: { authorization: `Bearer ${DEMO_API_KEY}` }
  })
  const { runs } = (await response.json()) as {
    runs: {
      id: string
      environment: string
      status: string
      stage: string
      runInputPath?: string
    }[]
  }
  for (const run of runs)
    console.log(
      `${run.id}  environment=${run.environment}  status=${run.status}  stage=${run.stage}  RUN_INPUT_PATH=${run.runInputPath}`
    )
  const created = runs.find(r => r.id === step.outputs.runId)
  if (step.exitCode !== 0 || !created || failing.exitCode === 0) {
    console.error(`\nThe demo did not create a run (exit code ${step.exitCode}).`)
    process.exitCode = 1
  } else {
    console.log(
      `\nThe step created run ${created.id}, waited for its verdict (${step.outputs.verdict}); its outputs are ready for later steps and jobs.`
    )
  }
} finally {
  await emulator.close()
  await rm(workspace, { recursive: true, force: true })
}

/** The log as the runner shows it with debug off: no debug or mask commands, groups as headings. */
function asRunnerShows(stdout: string): string {
  return stdout
    .split('\n')
    .filter(
      line =>
        line &&
        !line.startsWith('::debug::') &&
        !line.startsWith('::add-mask::') &&
        line !== '::endgroup::'
    )
    .map(line => `  | ${line.replace(/^::group::/, '▶ ')}`)
    .join('\n')
    .concat('\n')
}

/**
 * Markdown as a person reads it on GitHub: the text as written, less the
 * HTML comments GitHub does not show (the facts line a collect reads).
 */
function asShown(markdown: string): string {
  return markdown.replace(/<!--[^]*?-->\n?/g, '').trim()
}

function indent(text: string): string {
  return text
    .split('\n')
    .map(line => `  | ${line}`)
    .join('\n')
}

function heading(text: string): void {
  console.log(`\n== ${text} ==`)
}

/**
 * `npm run bench:redact`: the one redaction, over what a step prints and
 * writes: a log line, a 60 KB comment or summary, a line of emoji. A deploy
 * redacts every text that leaves it, so this is a step's cost per text.
 * Prints the median of 41 rounds per text, after 10 not counted (and of registering the
 * secrets), in milliseconds, and the text's size; the secrets are a key, a token and a signed URL, as a deploy
 * registers them, and last a signed URL more for each of 64 builds.
 */
import { describeErrorBody } from '../src/core/service/v0/answers.js'
import { serviceStatusError } from '../src/core/service/v0/statuses.js'
import { Secrets } from '../src/core/shared/redact.js'
import { sanitize } from '../src/core/shared/text.js'

/** A deploy's secrets, registered: the key, the token, a signed URL. */
function registered(): Secrets {
  const secrets = new Secrets()
  secrets.add('sk_live_9fQ2xLm7Tz4RwB8vNc3H')
  secrets.add(`ghs_${'A1b2C3d4'.repeat(4)}`)
  secrets.addSignedUrl(
    `http://127.0.0.1:4000/uploads/team/app.apk?X-Amz-Signature=${'4f'.repeat(32)}&X-Amz-Credential=AK`
  )
  return secrets
}
const secrets = registered()
const line =
  'Deploying app-release.apk (12.3 MB) to https://example.com/runs/run_1 — waiting for devices. '
const TEXTS: [string, string][] = [
  ['a log line', line],
  ['a 60 KB comment', line.repeat(Math.ceil(60_000 / line.length))],
  ['a 60 KB comment of emoji and CJK', '🚀 構築 テスト 😀 '.repeat(4_000)]
]
const ROUNDS = 41
// Rounds not counted: a step redacts hundreds of texts, so its cost is the compiled code's, not the first call's.
const WARM_UP = 10

/** The median time of `work`, in milliseconds, after its warm-up. */
function median(work: () => void): string {
  for (let round = 0; round < WARM_UP; round++) work()
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    work()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[ROUNDS >> 1]!.toFixed(2).padStart(10)
}

console.log('text'.padEnd(36), 'size'.padStart(9), 'median ms'.padStart(10))
console.log('registering the secrets'.padEnd(36), ''.padStart(9), median(registered))
for (const [name, text] of TEXTS)
  console.log(
    name.padEnd(36),
    `${(text.length / 1000).toFixed(1)} k`.padStart(9),
    median(() => secrets.redact(text))
  )

const MEBIBYTE = 1 << 20
const run = 'a.'.repeat(MEBIBYTE / 2)
const message = JSON.stringify({ message: run })
/** A service's 500 with a megabyte of message, as a step's failure shows it: described, redacted, on one line. */
const failure = () =>
  sanitize(
    secrets.redact(
      serviceStatusError('The verdict endpoint', { status: 500, headers: {}, body: message })
        .message
    )
  )
const LONG: [string, () => unknown][] = [
  ['1 MiB of a.a.a…, redacted', () => secrets.redact(run)],
  ['1 MiB of a.a.a…, body described', () => describeErrorBody(run)],
  ["1 MiB message, a service's error", failure]
]
for (const [name, work] of LONG)
  console.log(name.padEnd(36), `${(MEBIBYTE / 1000).toFixed(1)} k`.padStart(9), median(work))

// A step of 64 builds registers a signed URL each: a comment is redacted against all of them.
const many = registered()
for (let build = 0; build < 64; build++)
  many.addSignedUrl(
    `http://127.0.0.1:4000/uploads/team/app-${build}.apk?X-Amz-Signature=${build.toString(16).padStart(2, '0').repeat(32)}&X-Amz-Credential=AK`
  )
const comment = TEXTS[1]![1]
console.log(
  'a 60 KB comment, 64 builds’ URLs'.padEnd(36),
  `${(comment.length / 1000).toFixed(1)} k`.padStart(9),
  median(() => many.redact(comment))
)

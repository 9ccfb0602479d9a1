/**
 * `npm run bench:redact`: the one redaction, over what a step prints and
 * writes: a log line, a 60 KB comment or summary, a line of emoji. A deploy
 * redacts every text that leaves it, so this is a step's cost per text.
 * Prints the median of several rounds per text, in milliseconds, and the
 * text's size; the secrets are a key, a token and a signed URL, as a deploy
 * registers them.
 */
import { Secrets } from '../src/core/shared/redact.js'

const secrets = new Secrets()
secrets.add('sk_live_9fQ2xLm7Tz4RwB8vNc3H')
secrets.add(`ghs_${'A1b2C3d4'.repeat(4)}`)
secrets.addSignedUrl(
  `http://127.0.0.1:4000/uploads/team/app.apk?X-Amz-Signature=${'4f'.repeat(32)}&X-Amz-Credential=AK`
)
const line =
  'Deploying app-release.apk (12.3 MB) to https://example.com/runs/run_1 — waiting for devices. '
const TEXTS: [string, string][] = [
  ['a log line', line],
  ['a 60 KB comment', line.repeat(Math.ceil(60_000 / line.length))],
  ['a 60 KB comment of emoji and CJK', '🚀 構築 テスト 😀 '.repeat(4_000)]
]
const ROUNDS = 15

console.log('text'.padEnd(36), 'size'.padStart(9), 'median ms'.padStart(10))
for (const [name, text] of TEXTS) {
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    secrets.redact(text)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(
    name.padEnd(36),
    `${(text.length / 1000).toFixed(1)} k`.padStart(9),
    times[ROUNDS >> 1]!.toFixed(2).padStart(10)
  )
}

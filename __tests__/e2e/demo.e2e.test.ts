/**
 * `npm run demo`, the README's main job, as a newcomer runs it: every
 * section prints what its heading names, none of them empty; the job
 * summary reads as GitHub shows it (the verdict, the run, the build), with
 * no comment GitHub hides and no HTML left to decode.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)

/** The demo's sections: each heading (`== … ==`) with the lines under it. */
function sections(output: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  let lines: string[] | undefined
  for (const line of output.split('\n')) {
    const heading = /^== (.+) ==$/.exec(line)?.[1]
    if (heading) found.set(heading, (lines = []))
    else if (lines && line.replace(/^\s*\|?\s*/, '') !== '') lines.push(line)
  }
  return found
}

it('prints what each section names, the job summary as a person reads it', async () => {
  const { stdout } = await run('npm', ['run', '--silent', 'demo'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024
  })
  const shown = sections(stdout)
  expect([...shown.keys()]).toEqual(
    expect.arrayContaining([
      'What the service received',
      'Outputs (GITHUB_OUTPUT)',
      'Job summary (GITHUB_STEP_SUMMARY), as a person reads it',
      'The check run on the pull request head (GitHub API)',
      'The pull-request comment (GitHub API), edited in place'
    ])
  )
  for (const [heading, lines] of shown) expect([heading, lines.length > 0]).toEqual([heading, true])
  const summary = shown.get('Job summary (GITHUB_STEP_SUMMARY), as a person reads it')!.join('\n')
  expect(summary).toMatch(/\| Verdict \| ✅ passed \|/)
  expect(summary).toMatch(/\| Run id \| ` run_[0-9a-f]+ ` \|/)
  expect(summary).toMatch(/\| Artifact \| ` app-release\.apk ` \|/)
  expect(summary).not.toMatch(/<!--|<table|&#\d+;/)
  expect(stdout.trim().split('\n').at(-1)).toMatch(/^The step created run run_[0-9a-f]+, waited/)
}, 300_000)

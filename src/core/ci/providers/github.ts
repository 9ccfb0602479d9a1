import { messageOf } from '../../shared/errors.js'
import { asObject, type JsonObject } from '../../shared/json.js'
import { githubContext } from '../github.js'
import type { Env, Provider } from './provider.js'

/** The action's own derivation, from the event the runner describes: a pull request's head, never its merge commit. */
export const GITHUB: Provider = {
  name: 'GitHub Actions',
  signals: [{ variable: 'GITHUB_ACTIONS', value: 'true' }],
  reads: {
    branch: 'as the action reads the event',
    commit: 'as the action reads the event',
    request: 'as the action reads the event',
    repository: '`GITHUB_REPOSITORY`'
  },
  context: (env, readFile) => {
    const { payload, note } = eventOf(env, readFile)
    const found = githubContext(env.GITHUB_EVENT_NAME ?? '', payload, env)
    return { ...found, notes: note ? [note, ...found.notes] : found.notes }
  },
  keyAdvice: env => {
    if (env.GITHUB_ACTOR === 'dependabot[bot]')
      return 'GitHub gives Dependabot\'s pull requests only Dependabot secrets: add SERVICE_API_KEY under Settings, Secrets and variables, Dependabot, or deploy from a workflow_run workflow (docs/action.md, "Pull requests from forks")'
    if (env.GITHUB_EVENT_NAME === 'pull_request')
      return 'GitHub gives a pull request from a fork no secrets: deploy its build from a workflow_run workflow (docs/action.md, "Pull requests from forks"); for a branch of this repository, add SERVICE_API_KEY under Settings, Secrets and variables, Actions, and pass it as ${{ secrets.SERVICE_API_KEY }}'
    return 'Add SERVICE_API_KEY under Settings, Secrets and variables, Actions (or the environment the job names), and pass it as ${{ secrets.SERVICE_API_KEY }}'
  }
}

/** The event payload GITHUB_EVENT_PATH names; unreadable means empty, with a note. */
function eventOf(
  env: Env,
  readFile: (path: string) => string
): { payload: JsonObject; note?: string } {
  const path = env.GITHUB_EVENT_PATH
  if (!path) return { payload: {} }
  try {
    return { payload: asObject(JSON.parse(readFile(path))) }
  } catch (error) {
    return {
      payload: {},
      note: `The workflow's event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    }
  }
}

import { OPTION_KEYS, OPTIONS } from '../../shared/option-table.js'
import type { GitContext } from '../../shared/git-context.js'
import type { Notification } from '../../model.js'

/**
 * The deploy webhook's request body (service spec 2.3, Parts 2 and 3):
 * snake_case fields, each the `wire` of an option of the option table;
 * empty fields are left out.
 */
export type DeployRequestBody = Record<string, unknown> & { variables?: Record<string, string> }

/**
 * Pure: the body of the deploy notification, from the option table: every
 * option that names a field is sent under it when it has a value (a Git
 * fact from the Git context, the rest from the values). `build` names the
 * run variable that carries the uploaded file's playgroundFileLocation
 * (RUN_INPUT_PATH unless the lane plugin's option says otherwise); without
 * it the variables are sent as given.
 */
export function buildDeployBody({ values, git, build }: Notification): DeployRequestBody {
  const body: DeployRequestBody = {}
  for (const key of OPTION_KEYS) {
    const { wire, git: fromGit } = OPTIONS[key]
    if (!wire) continue
    const value = fromGit ? git[key as keyof GitContext] : values[key]
    if (value === undefined || value === '' || value === false) continue
    body[wire] = value
  }
  const given = (body.variables ?? {}) as Record<string, string>
  const variables = build ? { ...given, [build.variable]: build.path } : given
  if (Object.keys(variables).length > 0) body.variables = variables
  else delete body.variables
  return body
}

import { InputError } from '../shared/errors.js'
import { destinationProblem } from '../shared/name-rules.js'
import { ref } from '../shared/option-refs.js'
import type { Settings } from '../options/resolve.js'
import type { Artifact } from '../upload/artifact.js'

export { conventionalDestination, type NamingParts } from '../shared/naming.js'
import { conventionalDestination } from '../shared/naming.js'

/** The destination: given, built by the naming convention, or the artifact's own name. */
export function chooseDestination(settings: Settings, artifact: Artifact): string {
  if (settings.destination) return settings.destination
  if (settings.namePrefix) {
    const named = conventionalDestination({
      prefix: settings.namePrefix,
      environment: settings.environment,
      extension: artifact.extension,
      pullRequestNumber: settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber,
      repository: settings.git.repository
    })
    if ('problem' in named)
      throw new InputError(
        'namePrefix',
        named.problem,
        `Set ${ref('environment')}, or ${ref('destination')} instead`
      )
    return named.destination
  }
  const problem = destinationProblem(artifact.name)
  if (problem) {
    throw new InputError(
      'file',
      `has a name that cannot be a destination: ${problem}`,
      `Set ${ref('destination')} to a plain name`
    )
  }
  return artifact.name
}

/**
 * A pull request's build named after a static environment replaces that
 * environment's build (the service tests the latest upload of a name), so
 * every pull request would overwrite staging's: said as a warning, since a
 * workflow may mean it. Undefined when the name is the pull request's own.
 */
export function pullRequestOverStaticName(
  settings: Settings,
  destination: string
): string | undefined {
  const number = settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber
  if (number === undefined || settings.destination || !settings.namePrefix || !settings.environment)
    return undefined
  return `The build of pull request #${number} goes to ${destination}, the static environment ${settings.environment}'s name, and replaces its build. Leave ${ref('environment')} empty on pull requests: each then gets its own -pr${number} name.`
}

/**
 * The key by which a newer deployment supersedes an older one at the
 * service: the one given, else the branch and the build's destination. The
 * service's own default (the branch and the environment) would let the iOS
 * build of a commit cancel the run of its Android build, and the later verdict
 * hide the earlier; with the destination in it, a newer deployment of the
 * same build still supersedes the older one. With several builds in one step
 * a key given is followed by each build's destination. A notification
 * without a build keeps the service's default.
 */
export function deduplicationKeyOf(
  settings: Pick<Settings, 'deduplicationKey' | 'files' | 'git'>,
  destination: string | undefined
): string | undefined {
  const given = settings.deduplicationKey
  if (!destination) return given
  if (given) return settings.files.length > 1 ? `${given}/${destination}` : given
  return [settings.git.branch, destination].filter(Boolean).join('/')
}

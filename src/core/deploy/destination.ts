import { InputError } from '../shared/errors.js'
import { destinationProblem } from '../shared/name-rules.js'
import { ref } from '../shared/option-refs.js'
import type { Settings } from '../options/resolve.js'
import type { BuildFacts } from '../inspect/facts.js'
import type { PerPlatform, Platform } from '../shared/option-table.js'
import { quote } from '../shared/text.js'
import { PLATFORM_NAMES } from '../report/words.js'
import type { Artifact } from '../upload/artifact.js'

export { conventionalDestination, type NamingParts } from '../shared/naming.js'
import { conventionalDestination } from '../shared/naming.js'

/** Pure: the value of a per-platform option for a build of `platform` (its own, else the one for every build). */
export function forPlatform(
  value: PerPlatform | undefined,
  platform: Platform | undefined
): string | undefined {
  return (platform && value?.[platform]) ?? value?.all
}

/**
 * Pure: the value a build of `platform` takes from an option given per
 * platform; undefined when the option is not given; a build the option has
 * no value for is refused, naming the build.
 */
function valueFor(
  key: 'destination' | 'namePrefix' | 'environment',
  value: PerPlatform | undefined,
  build: { name: string; platform: Platform | undefined; format: string }
): string | undefined {
  if (value === undefined) return undefined
  const own = forPlatform(value, build.platform)
  if (own !== undefined) return own
  const what = build.platform
    ? `a build for ${PLATFORM_NAMES[build.platform]}`
    : `a ${build.format} file, for neither platform`
  throw new InputError(
    key,
    `gives a value per platform, none for ${quote(build.name)}, which is ${what}`,
    `Give ${ref(key)} a value for it too (android:… ios:…), or deploy it in a step of its own`
  )
}

/** The static environment a build goes to, when the options name one for it. */
export function environmentOf(
  settings: Pick<Settings, 'values'>,
  build: { name: string; platform: Platform | undefined; format: string }
): string | undefined {
  return valueFor('environment', settings.values.environment, build)
}

/** The destination: given, built by the naming convention, or the artifact's own name. */
export function chooseDestination(
  settings: Settings,
  artifact: Artifact,
  build: BuildFacts
): string {
  const which = { name: artifact.name, platform: build.platform, format: build.format }
  const given = valueFor('destination', settings.values.destination, which)
  if (given) return given
  const prefix = valueFor('namePrefix', settings.values.namePrefix, which)
  if (prefix) {
    const named = conventionalDestination({
      prefix,
      environment: environmentOf(settings, which),
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
  destination: string,
  environment: string | undefined
): string | undefined {
  const number = settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber
  if (
    number === undefined ||
    settings.values.destination ||
    !settings.values.namePrefix ||
    !environment
  )
    return undefined
  return `The build of pull request #${number} goes to ${destination}, the static environment ${environment}'s name, and replaces its build. Leave ${ref('environment')} empty on pull requests: each then gets its own -pr${number} name.`
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
  settings: Pick<Settings, 'values' | 'git'>,
  destination: string | undefined
): string | undefined {
  const given = settings.values.deduplicationKey
  if (!destination) return given
  if (given) return (settings.values.file?.length ?? 0) > 1 ? `${given}/${destination}` : given
  return [settings.git.branch, destination].filter(Boolean).join('/')
}

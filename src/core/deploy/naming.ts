/**
 * A deployment is unique in its step, decided before the first request:
 * its destination (two builds never go to one path) and its name (two
 * deployments never share a check run, a comment row, a JUnit suite or a
 * hand-over entry). Nothing here reads GitHub.
 */
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Settings } from '../options/resolve.js'
import type { Deployment } from '../report/facts.js'
import { distinctNames, MAX_CHECK_NAME, nameOf, type Name } from '../report/identity.js'
import { environmentOf } from './destination.js'
import type { Handoff } from './session.js'

/**
 * Each deployment's name, unique in the step: by the naming rule
 * (report/identity.ts) from the build read, then told apart by the build's
 * file name or its destination (builds), or the run (runs waited for, whose
 * names a wait-only step may have taken from their check runs).
 */
export function nameDeployments(
  settings: Settings,
  deployments: Deployment[],
  handoffs: readonly Handoff[],
  /** The names a wait-only step took from GitHub, by deployment. */
  adopted?: readonly (string | undefined)[]
): void {
  const { checkName } = settings.values
  if (checkName !== undefined && checkName.length > MAX_CHECK_NAME)
    throw new InputError(
      'checkName',
      `is ${checkName.length} characters long, more than the ${MAX_CHECK_NAME} a check run's name may take with the details each deployment adds`,
      'Give a shorter check name'
    )
  const several = deployments.length > 1
  const names: Name[] = deployments.map((deployment, i) => {
    const artifact = handoffs[i]?.artifact
    const { build } = deployment
    if (!build || !artifact) return { head: adopted?.[i] ?? deployment.name, details: [] }
    const environment = environmentOf(settings, {
      name: artifact.name,
      platform: build.platform,
      format: build.format
    })
    return nameOf(
      { checkName, environment, deploymentType: settings.values.deploymentType },
      build,
      several
    )
  })
  const apart = deployments.map(d => [d.artifact?.name, d.destination, d.runId])
  distinctNames(names, apart).forEach((name, i) => (deployments[i]!.name = name))
}

/**
 * One file is one build, however it is named: two names of one file (a link
 * and its file, two spellings on a disk that ignores case) would deploy it
 * twice. Refused before the first request, naming both.
 */
export function distinctBuilds(handoffs: readonly Handoff[]): void {
  const seen = new Map<string, string>()
  for (const { artifact, file } of handoffs) {
    if (!artifact?.identity) continue
    const first = seen.get(artifact.identity)
    if (first !== undefined)
      throw new InputError(
        'file',
        `names one build twice: ${quote(first)} and ${quote(file ?? artifact.name)} are the same file (a link to it, or a spelling the disk does not tell apart)`,
        'Name each build once'
      )
    seen.set(artifact.identity, file ?? artifact.name)
  }
}

/**
 * Two builds of one step never share a destination: the second would
 * replace the first in the workspace's storage before its run read it.
 * Refused before the first request, naming both.
 */
export function distinctDestinations(handoffs: readonly Handoff[]): void {
  const seen = new Map<string, string>()
  for (const { destination, artifact } of handoffs) {
    if (!destination || !artifact) continue
    const first = seen.get(destination)
    if (first !== undefined)
      throw new InputError(
        'file',
        `gives ${quote(first)} and ${quote(artifact.name)}, which would both go to ${quote(destination)}`,
        `Give each build its own name or type: with ${ref('namePrefix')}, builds of one type share their destination (give one per platform, android:… ios:…, or ${ref('destination')} per platform); deploy such builds in steps of their own`
      )
    seen.set(destination, artifact.name)
  }
}

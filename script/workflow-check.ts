/**
 * Checks workflow files (and the README's examples) against action.yml: a step
 * that uses the action passes only declared inputs and every required one, and
 * every `steps.<id>.outputs.<name>` or `needs.<job>.outputs.<name>` expression
 * reads something that exists.
 */

export interface ActionSpec {
  inputs: Record<string, { required?: boolean }>
  outputs: Record<string, unknown>
}

interface Step {
  id?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
}

interface Job {
  needs?: string | string[]
  outputs?: Record<string, unknown>
  steps?: Step[]
}

export interface Workflow {
  jobs?: Record<string, Job>
}

/** Whether a step runs this action: `./` in this repository, or `<owner>/<repo>@v1` in the docs. */
export type UsesThisAction = (uses: string) => boolean

/** Every problem found, one line each; empty when the workflow is consistent. */
export function checkWorkflow(
  workflow: Workflow,
  action: ActionSpec,
  isThisAction: UsesThisAction,
  where: string
): string[] {
  const problems: string[] = []
  const jobs = workflow.jobs ?? {}
  for (const [jobName, job] of Object.entries(jobs)) {
    const steps = job.steps ?? []
    const actionSteps = new Map(steps.filter(s => s.id).map(s => [s.id!, s]))
    for (const [index, step] of steps.entries()) {
      // A value from outside expanded into a script becomes code: it goes through env: instead.
      for (const [expression] of (step.run ?? '').matchAll(/\$\{\{[^}]*\}\}/g)) {
        if (/outputs\.|github\.(event|head_ref)|inputs\./.test(expression))
          problems.push(
            `${where}: job ${jobName}, step ${step.id ?? index + 1} expands ${expression} inside run:; pass it through env: instead`
          )
      }
      if (!step.uses || !isThisAction(step.uses)) continue
      const label = `${where}: job ${jobName}, step ${step.id ?? index + 1}`
      const given = Object.keys(step.with ?? {})
      for (const input of given) {
        if (!(input in action.inputs))
          problems.push(`${label} passes input '${input}', which action.yml does not declare`)
      }
      for (const [input, spec] of Object.entries(action.inputs)) {
        if (spec.required && !given.includes(input))
          problems.push(`${label} lacks the required input '${input}'`)
      }
    }
    const needs = typeof job.needs === 'string' ? [job.needs] : (job.needs ?? [])
    for (const text of expressions(job)) {
      for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        const step = actionSteps.get(id!)
        if (!step)
          problems.push(
            `${where}: job ${jobName} reads steps.${id}.outputs.${output}, but has no step '${id}'`
          )
        else if (step.uses && isThisAction(step.uses) && !(output! in action.outputs)) {
          problems.push(
            `${where}: job ${jobName} reads steps.${id}.outputs.${output}, which action.yml does not declare`
          )
        }
      }
      for (const [, other, output] of text.matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        if (!needs.includes(other!))
          problems.push(
            `${where}: job ${jobName} reads needs.${other}.outputs.${output}, but does not need ${other}`
          )
        else if (!(output! in (jobs[other!]?.outputs ?? {}))) {
          problems.push(
            `${where}: job ${jobName} reads needs.${other}.outputs.${output}, which job ${other} does not declare`
          )
        }
      }
    }
  }
  return problems
}

/** Every string in a job (outputs, step inputs, run scripts, env, conditions): where expressions live. */
function expressions(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(expressions)
  if (value && typeof value === 'object') return Object.values(value).flatMap(expressions)
  return []
}

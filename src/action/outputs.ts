import { accessSync, constants, statSync } from 'node:fs'
import * as core from '@actions/core'
import {
  DeployError,
  messageOf,
  outputsOf,
  quote,
  type Deployment,
  type OutputName,
  type Reporter,
  type StepFacts,
  type Frozen
} from '../core/index.js'

/**
 * The step's outputs, set for a later step to read: each the moment it is
 * known (before a later failure), once per value, and all again when the
 * step is judged. Required: a step whose outputs cannot be written fails,
 * for a run created whose id cannot be handed on would be created again by a
 * rerun.
 */
export class ActionOutputs implements Reporter {
  readonly name = 'outputs'
  readonly required = true
  private readonly written = new Map<OutputName, string>()

  constructor(private readonly file: string | undefined) {}

  prepare(): void {
    checkOutputFile(this.file)
  }

  onEvent(_event: unknown, deployments: readonly Frozen<Deployment>[]): void {
    this.set(deployments)
  }

  finish(facts: Frozen<StepFacts>): void {
    this.set(facts.deployments)
  }

  private set(deployments: readonly Frozen<Deployment>[]): void {
    for (const [name, value] of Object.entries(outputsOf(deployments)) as [OutputName, string][]) {
      if (this.written.get(name) === value) continue
      core.setOutput(name, value)
      this.written.set(name, value)
    }
  }
}

/**
 * The runner's outputs file must be writable before the first request: a
 * run created whose id cannot be handed on would be created again by a rerun.
 */
export function checkOutputFile(path: string | undefined): void {
  if (!path) return
  let problem: string | undefined
  try {
    accessSync(path, constants.W_OK)
    if (!statSync(path).isFile()) problem = 'it is not a file'
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code ?? messageOf(error)
  }
  if (problem)
    throw new DeployError(
      `GITHUB_OUTPUT names ${quote(path)}, which cannot be written (${problem}), so no output could be handed on; nothing was sent. The runner sets this file: run the action as a step of a workflow.`
    )
}

/**
 * The deploy webhook's 200 answer in either shape the production service is
 * known by: `documented` (spec Part 2) or `client` (Part 3, what its published
 * client reads: `environment` as an object, results without `outcome`).
 */
export class DeployAnswer {
  constructor(
    private readonly shape: 'documented' | 'client',
    private readonly deploymentId: string,
    private readonly warning?: string
  ) {}

  created(runId: string, duplicate: boolean, environment: string, preview: boolean): object {
    const field = duplicate ? 'duplicate_suite_id' : 'created_suite_id'
    return this.answer(environment, preview, [
      this.shape === 'client'
        ? { [field]: runId }
        : { ...this.trigger(environment), outcome: 'created', [field]: runId }
    ])
  }

  failed(
    failure: { code: string; message: string },
    environment: string,
    preview: boolean
  ): object {
    return this.answer(environment, preview, [
      this.shape === 'client'
        ? { failure_reason: `${failure.code}: ${failure.message}` }
        : {
            ...this.trigger(environment),
            outcome: 'failed',
            failure_code: failure.code,
            failure_message: failure.message
          }
    ])
  }

  /** No trigger matched (mobile triggers off, or another deployment-type): no results. */
  noTrigger(environment: string | undefined, preview: boolean): object {
    return this.answer(environment, preview, [])
  }

  /** The file name matched no environment: results, but no environment at all. */
  noEnvironment(): object {
    return this.answer(undefined, false, [
      this.shape === 'client'
        ? { trigger_id: 'trg_unmatched' }
        : { trigger_id: 'trg_unmatched', outcome: 'skipped', skip_reason: 'no environment matched' }
    ])
  }

  skipped(
    skip: { reason: string; message: string },
    environment: string | undefined,
    preview: boolean
  ): object {
    return { ...this.answer(environment, preview, []), skipped_deployment: skip }
  }

  private trigger(environment: string): object {
    return { environment_id: `env_${environment}`, trigger_id: `trg_${environment}` }
  }

  private answer(environment: string | undefined, preview: boolean, results: object[]): object {
    const named =
      environment === undefined
        ? {}
        : this.shape === 'client'
          ? { environment: { id: `env_${environment}`, alias: environment, isStatic: !preview } }
          : { environment }
    return {
      deployment_id: this.deploymentId,
      ...named,
      results,
      ...(this.warning ? { warning: this.warning } : {})
    }
  }
}

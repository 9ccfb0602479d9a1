/**
 * The step's result posted as JSON to a URL the user gives (a chat's
 * incoming webhook, a dashboard's endpoint): the same object as the CLI's
 * `--json` and the library's result, once the step is judged. Written
 * through the step's one network seam (its retries, its deadline, its stop),
 * never required: a webhook that cannot be reached is a warning, and the
 * step's result stays its own. The URL is a secret: its path and query are
 * masked wherever they would appear.
 */
import type { Frozen } from '../shared/frozen.js'
import { ref } from '../shared/option-refs.js'
import type { StepFacts } from './facts.js'
import type { ReportContext, Reporter } from './reporter.js'
import { stepResultOf } from './result.js'

export function resultWebhook(url: string, context: ReportContext): Reporter {
  return {
    name: `result webhook (${ref('resultWebhook')})`,
    async finish(facts: Frozen<StepFacts>): Promise<void> {
      // A dry run starts no run, and its notification's variables (test credentials among them) stay here.
      if (facts.deployments.some(deployment => deployment.dryRun)) {
        context.log.info(`A dry run posts nothing to ${ref('resultWebhook')}.`)
        return
      }
      const body = context.secrets.redactValue(JSON.stringify(stepResultOf(facts)))
      await context.send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        body
      })
    }
  }
}

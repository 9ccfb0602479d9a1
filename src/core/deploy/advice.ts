import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { NoRunCause } from '../model.js'

/** Pure: what to do when a deployment created no run, for its cause; only an unmatched trigger talks about triggers and the deployment type. */
export function noRunAdvice(cause: NoRunCause, deploymentType: string | undefined): string {
  switch (cause) {
    case 'billing':
      return 'Billing prevents runs for this workspace: ask the workspace owner to check its plan and billing.'
    case 'skipped-deployment':
      return 'The service gave the reason above; check the workspace settings it names, or ask the service operator.'
    case 'trigger-skipped':
      return "The service gave the trigger's reason above; check that trigger's settings in the workspace."
    case 'trigger-failed':
      return 'The service gave the reason above; deploy again, and contact support if it persists.'
    case 'no-environment':
      return `Check that the destination follows the naming convention (${ref('namePrefix')} and ${ref('environment')}, or a pull request) and that the workspace has that environment.`
    case 'no-trigger':
      return `Check with the service operator that mobile triggers are enabled for the workspace and that ${ref('deploymentType')}${
        deploymentType ? ` (${quote(deploymentType)})` : ''
      } matches its label.`
  }
}

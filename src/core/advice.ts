import { quote } from './inert.js'
import type { NoRunCause } from './responses.js'
import type { Words } from './words.js'

/** Pure: what to do when a deployment created no run, for its cause; only an unmatched trigger talks about triggers and the deployment type. */
export function noRunAdvice(cause: NoRunCause, deploymentType: string, words: Words): string {
  switch (cause) {
    case 'billing':
      return 'Billing prevents runs for this workspace: ask the workspace owner to check its plan and billing.'
    case 'skipped-deployment':
      return 'The service gave the reason above; check the workspace settings it names, or ask the service operator.'
    case 'trigger-skipped':
      return "The service gave the trigger's reason above; check that trigger's settings in the workspace."
    case 'trigger-failed':
      return 'The service gave the reason above; run the deploy again, and contact support if it persists.'
    case 'no-environment':
      return `Check that the destination follows the naming convention (${words.name('namePrefix')} and ${words.name('environment')}, or a pull request) and that the workspace has that environment.`
    case 'no-trigger':
      return `Check with the service operator that mobile triggers are enabled for the workspace and that ${words.name('deploymentType')}${
        deploymentType ? ` (${quote(deploymentType)})` : ''
      } matches its label.`
  }
}

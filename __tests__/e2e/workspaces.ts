import { defaultWorkspace, type Workspace } from '../../emulator/workspaces.js'

/** One workspace per situation of the service, each reached by its own API key. */
export const KEYS = {
  main: defaultWorkspace().apiKey,
  disabled: 'key-disabled-workspace-0001',
  noTriggers: 'key-no-triggers-workspace-0002',
  labelled: 'key-labelled-workspace-0003',
  interactive: 'key-interactive-field-0004',
  failing: 'key-failing-triggers-0005',
  skipping: 'key-skipping-deploys-0006',
  warning: 'key-warning-workspace-0007',
  noPr: 'key-no-pr-testing-0008'
}

export function testWorkspaces(): Workspace[] {
  return [
    defaultWorkspace(),
    defaultWorkspace({ apiKey: KEYS.disabled, teamId: 'team_disabled', enabled: false }),
    defaultWorkspace({
      apiKey: KEYS.noTriggers,
      teamId: 'team_quiet',
      mobileTriggersEnabled: false
    }),
    defaultWorkspace({ apiKey: KEYS.labelled, teamId: 'team_labelled', deploymentType: 'android' }),
    defaultWorkspace({
      apiKey: KEYS.interactive,
      teamId: 'team_new',
      locationFields: 'interactive'
    }),
    defaultWorkspace({
      apiKey: KEYS.failing,
      teamId: 'team_billing',
      triggerFailure: { code: 'billing-prevented', message: 'The plan has no runs left' }
    }),
    defaultWorkspace({
      apiKey: KEYS.skipping,
      teamId: 'team_paused',
      skipDeployments: { reason: 'paused', message: 'Deployments are paused' }
    }),
    defaultWorkspace({
      apiKey: KEYS.warning,
      teamId: 'team_warned',
      warning: 'deployment_type is deprecated'
    }),
    defaultWorkspace({ apiKey: KEYS.noPr, teamId: 'team_nopr', prTestingEnabled: false })
  ]
}

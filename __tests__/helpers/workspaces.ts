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
  noPr: 'key-no-pr-testing-0008',
  noEnvironment: 'key-no-environments-0009'
}

/** The key of a workspace's twin that answers in the published client's shape (spec Part 3). */
export function clientKey(key: string): string {
  return `${key}-client`
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
    defaultWorkspace({ apiKey: KEYS.noPr, teamId: 'team_nopr', prTestingEnabled: false }),
    defaultWorkspace({ apiKey: KEYS.noEnvironment, teamId: 'team_noenv', environments: [] })
  ]
}

/** Every test workspace twice: as documented (Part 2) and as the published client reads it (Part 3). */
export function bothShapes(): Workspace[] {
  const documented = testWorkspaces()
  return [
    ...documented,
    ...documented.map(w => ({
      ...w,
      apiKey: clientKey(w.apiKey),
      teamId: `${w.teamId}_client`,
      answerShape: 'client' as const
    }))
  ]
}

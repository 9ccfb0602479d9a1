import type { EmulatedBug, Lifecycle } from './lifecycle.js'

/** A workspace of the emulated service, as its operator would configure it. */
export interface Workspace {
  apiKey: string
  teamId: string
  /** A disabled workspace answers 403 on every endpoint. */
  enabled: boolean
  /** Without mobile triggers, notifications succeed and create no run. */
  mobileTriggersEnabled: boolean
  /** The deployment-type label the triggers listen for; unset means any. */
  deploymentType?: string
  /** Whether `<prefix>-<org>-<repo>-pr<N>` names select a pull-request environment. */
  prTestingEnabled: boolean
  /** Static environments; the first is the default for a name that matches none. */
  environments: string[]
  /** Which field names the signed-URL answer uses for the playground path. */
  locationFields: 'playground' | 'interactive' | 'both'
  /** When set, triggers fail with this code and message (e.g. billing). */
  triggerFailure?: { code: string; message: string }
  /** When set, every deployment is skipped with this reason and message. */
  skipDeployments?: { reason: string; message: string }
  /** A warning added to every deploy answer. */
  warning?: string
  /**
   * The deploy answer's shape: `documented` (spec Part 2: `environment` a string,
   * every result with `outcome`) or `client` (Part 3, as the published client
   * reads it: `environment` an object, results decided by their fields).
   */
  answerShape?: 'documented' | 'client'
  /** How its runs go toward their verdict; a deployment's `EMULATOR_RUN` variable overrides it. */
  lifecycle?: Partial<Lifecycle>
  /** When set, every endpoint answers this 5xx status (the service down), after the key is checked. */
  unavailable?: number
}

export const DEMO_API_KEY = 'emulator-demo-key-0123456789'

/** Bugs a failing run reports: two blocking (by priority), one not. */
export const SAMPLE_BUGS: EmulatedBug[] = [
  { name: 'Checkout button does nothing on the payment screen', priority: 'urgent' },
  { name: 'Login fails after the password is changed', priority: 'high' },
  { name: 'Settings icon misaligned in dark mode', priority: 'low', isBlocking: false }
]

/** A run that stays initializing for about a year: longer than any wait. */
const ENDLESS_MS = 365 * 24 * 3_600_000

/** The workspace `npm run demo` and `npm run emulator` start with. */
export function defaultWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    apiKey: DEMO_API_KEY,
    teamId: 'team_demo',
    enabled: true,
    mobileTriggersEnabled: true,
    prTestingEnabled: true,
    environments: ['staging', 'production'],
    locationFields: 'playground',
    ...overrides
  }
}

/** The workspaces `npm run emulator` serves beside the demo one, each a situation worth trying, by key. */
export function standaloneWorkspaces(): { key: string; what: string; workspace: Workspace }[] {
  const situations: [string, string, Partial<Workspace>][] = [
    [DEMO_API_KEY, 'creates runs (the demo workspace)', {}],
    [
      'emulator-client-shape-key',
      "creates runs, answering as the service's published client reads it",
      { teamId: 'team_client', answerShape: 'client' }
    ],
    [
      'emulator-no-run-key',
      'mobile triggers off: notifications create no run',
      { teamId: 'team_quiet', mobileTriggersEnabled: false }
    ],
    [
      'emulator-billing-key',
      'billing prevents runs (a failed trigger)',
      {
        teamId: 'team_billing',
        triggerFailure: { code: 'billing-prevented', message: 'The plan has no runs left' }
      }
    ],
    [
      'emulator-disabled-key',
      'a disabled workspace (403 on every endpoint)',
      { teamId: 'team_disabled', enabled: false }
    ],
    [
      'emulator-failing-key',
      'runs fail with two blocking bugs and one non-blocking',
      { teamId: 'team_failing', lifecycle: { final: 'failed', bugs: SAMPLE_BUGS } }
    ],
    [
      'emulator-canceled-key',
      'runs are canceled before their verdict',
      { teamId: 'team_canceled', lifecycle: { final: 'canceled' } }
    ],
    [
      'emulator-endless-key',
      'runs never finish (try wait-timeout-minutes)',
      { teamId: 'team_endless', lifecycle: { initializingMs: ENDLESS_MS } }
    ],
    [
      'emulator-unavailable-key',
      'the service is down: 503 on every endpoint (retried, then a failure)',
      { teamId: 'team_unavailable', unavailable: 503 }
    ]
  ]
  return situations.map(([key, what, overrides]) => ({
    key,
    what,
    workspace: defaultWorkspace({ ...overrides, apiKey: key })
  }))
}

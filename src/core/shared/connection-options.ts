/** The option table's rows (option-table.ts): the service: its key, its address, how often a request is tried. */
import { SERVICE, type OptionSpec } from './option-spec.js'

export const CONNECTION_OPTIONS = {
  apiKey: {
    kind: 'secret',
    required: true,
    commands: SERVICE,
    env: { name: 'SERVICE_API_KEY', frontEnds: ['cli'] },
    description:
      'The workspace API key (Integrations, API Access), kept as a secret such as SERVICE_API_KEY. Masked at once. Not needed by {{skip}}, which sends nothing to the service.'
  },
  baseUrl: {
    kind: 'baseUrl',
    required: true,
    commands: SERVICE,
    env: { name: 'SERVICE_BASE_URL', frontEnds: ['cli'] },
    description:
      "The service's base URL, e.g. https://service.example.com, or a gateway's path prefix in front of it (https://gw.example.com/testing), which every request keeps; never an /api address. https, or http to a loopback host only."
  },
  maxAttempts: {
    kind: 'integer',
    default: 5,
    min: 1,
    max: 10,
    commands: SERVICE,
    description:
      'Attempts per request for transient failures (network, 429, 5xx); 1 means no retry.'
  }
} as const satisfies Record<string, OptionSpec>

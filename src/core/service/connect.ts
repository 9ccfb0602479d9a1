import type { ServiceApi } from './api.js'
import type { ServiceConfig } from './config.js'
import { ServiceClient } from './v0/client.js'

/** The service as this version of the product speaks to it: v0. */
export function connectService(config: ServiceConfig): ServiceApi {
  return new ServiceClient(config)
}

/**
 * The emulated service's routes over HTTP: one row per endpoint of the
 * service's API (spec Part 1 and 3), each answered by the service
 * (service.ts) once the key is authenticated; anything else is the
 * service's 404. A route's `serve` gives what the request record keeps of
 * it (a notification's body).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { failure, json } from './answers.js'
import type { Fault } from './faults.js'
import { readBody, safeJson } from './http.js'
import type { RecordedRequest } from './recorded.js'
import type { ServiceApi } from './service.js'

/** What a route is given: the request, its answer, its URL, the service, and the fault armed for it. */
export interface ServiceCall {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  api: ServiceApi
  /** The service's own address, for the links it hands out. */
  baseUrl: string
  fault: Fault | undefined
}

export interface ServiceRoute {
  route: RecordedRequest['route']
  method: string
  /** The path, or (ending in `/`) the prefix of the paths it answers. */
  path: string
  serve(call: ServiceCall): Promise<Partial<RecordedRequest>>
}

const GREENLIGHT = '/api/v0/ci-greenlight/'

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  {
    route: 'signed-url',
    method: 'GET',
    path: '/api/v0/run-inputs-executables-signed-urls',
    async serve({ req, res, url, api, fault }) {
      const workspace = api.authenticate(req, res)
      if (workspace) await api.signedUrl(workspace, url, res, fault?.expireUrl === true)
      return {}
    }
  },
  {
    route: 'deploy',
    method: 'POST',
    path: '/api/webhooks/deploy_success',
    async serve({ req, res, api }) {
      const body = safeJson(await readBody(req))
      const workspace = api.authenticate(req, res)
      if (!workspace) return { body }
      if (typeof body === 'string') failure(res, 400, 'BAD_REQUEST', 'Body is not valid JSON')
      else api.deploy(workspace, body, res)
      return { body }
    }
  },
  {
    route: 'greenlight',
    method: 'GET',
    path: GREENLIGHT,
    async serve({ req, res, url, api, baseUrl }) {
      const workspace = api.authenticate(req, res)
      const runId = decodeURIComponent(url.pathname.slice(GREENLIGHT.length))
      if (workspace) api.greenlight(workspace, runId, baseUrl, res)
      return {}
    }
  },
  {
    route: 'terminate',
    method: 'POST',
    path: '/api/webhooks/environment_terminated',
    async serve({ req, res, api }) {
      const body = safeJson(await readBody(req))
      const workspace = api.authenticate(req, res)
      if (workspace) api.terminate(workspace, body, res)
      return { body }
    }
  },
  {
    route: 'runs',
    method: 'GET',
    path: '/api/v0/runs',
    async serve({ req, res, api }) {
      const workspace = api.authenticate(req, res)
      if (workspace)
        json(res, 200, {
          runs: api.runsOf(workspace).map(run => ({
            ...run,
            status: api.stateOf(run),
            stage: api.stageOf(run)
          }))
        })
      return {}
    }
  }
]

const UNKNOWN: ServiceRoute = {
  route: 'unknown',
  method: '',
  path: '',
  serve({ res }) {
    failure(res, 404, 'NOT_FOUND', 'Not found')
    return Promise.resolve({})
  }
}

/** The route of a request to the service: its row, else the service's 404. */
export function serviceRouteOf(method: string, pathname: string): ServiceRoute {
  return (
    SERVICE_ROUTES.find(
      ({ method: wanted, path }) =>
        method === wanted && (path.endsWith('/') ? pathname.startsWith(path) : pathname === path)
    ) ?? UNKNOWN
  )
}

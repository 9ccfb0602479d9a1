import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FaultPlan, type Fault, type Route } from './faults.js'
import { startGitHubApi, type GitHubApi } from './github-api.js'
import { startGitLabApi, type GitLabApi } from './gitlab-api.js'
import { startBitbucketApi, type BitbucketApi } from './bitbucket-api.js'
import { json } from './answers.js'
import { answerFault } from './fault-answers.js'
import { close, listen, requestUrl } from './http.js'
import { recordOf, type RecordedRequest } from './recorded.js'
import { serviceRouteOf } from './service-routes.js'
import { Traffic } from './traffic.js'
import { ServiceApi, type Run } from './service.js'
import { UrlSigner } from './signing.js'
import { ObjectStore, type StoredObject } from './store.js'
import { defaultWorkspace, type Workspace } from './workspaces.js'

export type { RecordedRequest } from './recorded.js'

export interface EmulatorOptions {
  workspaces?: Workspace[]
  /** 0 (the default) picks free ports. */
  port?: number
  storePort?: number
  /** The GitHub API stand-in's port; 0 (the default) picks a free one. */
  githubPort?: number
  /** The GitLab API stand-in's port; 0 (the default) picks a free one. */
  gitlabPort?: number
  /** The Bitbucket API stand-in's port (it is Pipelines' authentication proxy too); 0 (the default) picks a free one. */
  bitbucketPort?: number
  host?: string
  /** Where the store keeps the bytes; a fresh temporary directory by default. */
  storeDirectory?: string
}

export interface Emulator {
  baseUrl: string
  storeUrl: string
  /** The directory the store keeps its bytes in. */
  storeDirectory: string
  workspaces: Workspace[]
  faults: FaultPlan
  requests: RecordedRequest[]
  runs: Run[]
  objects: Map<string, StoredObject>
  /** The bytes received on each closed connection to the store, request heads included. */
  storeTraffic: number[]
  /** Resolves once no request is being handled and no connection is open: one still on its way is waited for. */
  idle(): Promise<void>
  /** GitHub's REST API as far as the action reports through it: check runs, comments, pull requests. */
  github: GitHubApi
  /** GitLab's REST API as far as the product reports through it: commit statuses, merge requests, notes. */
  gitlab: GitLabApi
  /** Bitbucket Cloud's REST API as far as the product reports through it: build statuses, Code Insights reports, pull requests. */
  bitbucket: BitbucketApi
  /** Forgets requests, runs, objects and faults, keeping the servers. */
  reset(): void
  close(): Promise<void>
}

/** The store's access key, as the service signs its URLs with it. */
const STORE_KEYS = {
  accessKeyId: 'EMULATOR0ACCESS0KEY',
  secretAccessKey: 'emulator-secret-access-key'
}

/** Starts the service and its object store on loopback; each on its own port, as in production. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1'
  const workspaces = options.workspaces ?? [defaultWorkspace()]
  const directory = await mkdtemp(join(options.storeDirectory ?? tmpdir(), 'mobile-deploy-store-'))
  const faults = new FaultPlan()
  const requests: RecordedRequest[] = []
  const traffic = new Traffic()
  const storeServer = createServer()
  const apiServer = createServer()
  const hosts = await startCodeHosts(host, options)
  const storeUrl = await listen(storeServer, options.storePort ?? 0, host)
  const baseUrl = await listen(apiServer, options.port ?? 0, host)
  const signer = new UrlSigner(storeUrl, 'uploads', STORE_KEYS)
  const store = new ObjectStore(signer, directory)
  const api = new ServiceApi(workspaces, signer, store)
  const answer = recording({ faults, requests, traffic })

  const storeTraffic = wire({
    storeServer,
    apiServer,
    store,
    storeUrl,
    baseUrl,
    api,
    answer,
    traffic
  })

  return {
    baseUrl,
    storeUrl,
    storeDirectory: directory,
    workspaces,
    faults,
    requests,
    runs: api.runs,
    objects: store.objects,
    storeTraffic,
    github: hosts.github,
    gitlab: hosts.gitlab,
    bitbucket: hosts.bitbucket,
    idle: () => traffic.idle(),
    reset() {
      requests.length = 0
      storeTraffic.length = 0
      api.reset()
      store.clear()
      faults.clear()
      for (const stand of hosts.all) stand.reset()
    },
    async close() {
      await Promise.all([
        close(apiServer),
        close(storeServer),
        ...hosts.all.map(stand => stand.close())
      ])
      await rm(directory, { recursive: true, force: true })
    }
  }
}

/** The service's and the store's servers, answering through `answer`; the bytes each closed connection to the store carried. */
function wire(parts: {
  storeServer: Server
  apiServer: Server
  store: ObjectStore
  storeUrl: string
  baseUrl: string
  api: ServiceApi
  answer: ReturnType<typeof recording>
  traffic: Traffic
}): number[] {
  const { storeServer, apiServer, store, storeUrl, baseUrl, api, answer, traffic } = parts
  const storeTraffic: number[] = []
  storeServer.on('connection', (socket: Socket) => {
    traffic.connected(socket)
    socket.once('close', () => storeTraffic.push(socket.bytesRead))
  })
  apiServer.on('connection', traffic.connected)
  // A PUT with `Expect: 100-continue` comes to checkContinue; the store says 100 only to a request it accepts.
  for (const event of ['request', 'checkContinue'])
    storeServer.on(event, uploads(store, storeUrl, answer))
  apiServer.on('request', (req, res) => {
    const url = requestUrl(req, baseUrl)
    const { route, serve } = serviceRouteOf(req.method ?? '', url.pathname)
    answer(req, res, route, fault => serve({ req, res, url, api, baseUrl, fault }))
  })
  return storeTraffic
}

/** The code hosts' stand-ins, each on its own port (0: a free one). */
async function startCodeHosts(
  host: string,
  options: EmulatorOptions
): Promise<
  Pick<Emulator, 'github' | 'gitlab' | 'bitbucket'> & {
    all: { reset(): void; close(): Promise<void> }[]
  }
> {
  const github = await startGitHubApi(host, options.githubPort ?? 0)
  const gitlab = await startGitLabApi(host, options.gitlabPort ?? 0)
  const bitbucket = await startBitbucketApi(host, options.bitbucketPort ?? 0)
  return { github, gitlab, bitbucket, all: [github, gitlab, bitbucket] }
}

/** The store's answer to an upload, through `answer` as every request: what the store kept of it is its size. */
function uploads(
  store: ObjectStore,
  storeUrl: string,
  answer: ReturnType<typeof recording>
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) =>
    answer(req, res, 'upload', async (fault, prefix) => {
      await store.handle(req, res, {
        resetAfter: fault?.reset && fault.reset !== true ? fault.reset.afterBytes : undefined,
        ignoreExpect: fault?.ignoreExpect,
        prefix
      })
      const key = decodeURIComponent(
        new URL(req.url ?? '/', storeUrl).pathname.replace(/^\/uploads\//, '')
      )
      return { bytes: res.statusCode === 200 ? store.objects.get(key)?.size : undefined }
    })
}

/** The routes no fault is aimed at. */
const UNFAULTED = new Set<RecordedRequest['route']>(['runs', 'unknown'])

/**
 * How every request is answered: counted while handled, an armed fault
 * applied (answering in the route's place, or holding it back first), else
 * its route; recorded either way.
 */
function recording({
  faults,
  requests,
  traffic
}: {
  faults: FaultPlan
  requests: RecordedRequest[]
  traffic: Traffic
}) {
  return (
    req: IncomingMessage,
    res: ServerResponse,
    route: RecordedRequest['route'],
    serve: (fault: Fault | undefined, prefix?: Buffer[]) => Promise<Partial<RecordedRequest>>
  ): void => {
    traffic.begin(req.socket)
    const startedAt = Date.now()
    const url = requestUrl(req, 'http://emulator')
    const fault = UNFAULTED.has(route) ? undefined : faults.take(route as Route)
    void (async (): Promise<Partial<RecordedRequest>> => {
      const faulted = fault ? await answerFault(req, res, route, fault) : { prefix: undefined }
      return 'kept' in faulted ? faulted.kept : serve(fault, faulted.prefix)
    })()
      .catch((error: unknown) => {
        json(res, 500, { error: `Emulator error: ${(error as Error).message}` })
        return {}
      })
      .then(kept => {
        requests.push(recordOf(req, res, route, url, startedAt, kept))
        traffic.answered()
      })
  }
}

import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FaultPlan, type Fault, type Route } from './faults.js'
import { startGitHubApi, type GitHubApi } from './github-api.js'
import { failure, json } from './answers.js'
import { close, echoOf, listen, readBody, requestUrl, safeJson, stall, trickle } from './http.js'
import { ServiceApi, type Run } from './service.js'
import { UrlSigner } from './signing.js'
import { ObjectStore, type StoredObject } from './store.js'
import { defaultWorkspace, type Workspace } from './workspaces.js'

/** A request as the emulator saw it, for tests to assert on. */
export interface RecordedRequest {
  route: Route | 'runs' | 'unknown'
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  /** The parsed JSON body of a deploy notification. */
  body?: unknown
  /** The bytes of an upload body the store received completely. */
  bytes?: number
  status: number
  /** When the request arrived and how long its answer took, in epoch and elapsed milliseconds. */
  startedAt: number
  durationMs: number
}

export interface EmulatorOptions {
  workspaces?: Workspace[]
  /** 0 (the default) picks free ports. */
  port?: number
  storePort?: number
  /** The GitHub API stand-in's port; 0 (the default) picks a free one. */
  githubPort?: number
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
  /** Forgets requests, runs, objects and faults, keeping the servers. */
  reset(): void
  close(): Promise<void>
}

/** Starts the service and its object store on loopback; each on its own port, as in production. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1'
  const workspaces = options.workspaces ?? [defaultWorkspace()]
  const directory = await mkdtemp(join(options.storeDirectory ?? tmpdir(), 'mobile-deploy-store-'))
  const faults = new FaultPlan()
  const requests: RecordedRequest[] = []
  // Idle is no request being handled and none on its way: a connection whose request has not been read yet
  // belongs to the test that opened it, not to the next one. Once its request is read, `handle` counts it.
  let inFlight = 0
  let arriving = 0
  const onIdle: (() => void)[] = []
  const settled = (): void => {
    if (inFlight === 0 && arriving === 0) for (const resolve of onIdle.splice(0)) resolve()
  }
  const waiting = new WeakSet<Socket>()
  const counted = (socket: Socket): void => {
    arriving++
    waiting.add(socket)
    socket.once('close', () => arrived(socket))
  }
  const arrived = (socket: Socket): void => {
    if (!waiting.delete(socket)) return
    arriving--
    settled()
  }

  const storeServer = createServer()
  const apiServer = createServer()
  const github = await startGitHubApi(host, options.githubPort ?? 0)
  const storeUrl = await listen(storeServer, options.storePort ?? 0, host)
  const baseUrl = await listen(apiServer, options.port ?? 0, host)
  const signer = new UrlSigner(storeUrl, 'uploads', {
    accessKeyId: 'EMULATOR0ACCESS0KEY',
    secretAccessKey: 'emulator-secret-access-key'
  })
  const store = new ObjectStore(signer, directory)
  const api = new ServiceApi(workspaces, signer, store)

  const storeTraffic: number[] = []
  storeServer.on('connection', (socket: Socket) => {
    counted(socket)
    socket.once('close', () => storeTraffic.push(socket.bytesRead))
  })
  apiServer.on('connection', counted)
  const onUpload = (req: IncomingMessage, res: ServerResponse): void => {
    void handle(req, res, 'upload', async (fault, prefix) => {
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
  storeServer.on('request', onUpload)
  // A PUT with `Expect: 100-continue` comes here instead; the store says 100 only to a request it accepts.
  storeServer.on('checkContinue', onUpload)

  apiServer.on('request', (req, res) => {
    const url = requestUrl(req, baseUrl)
    if (req.method === 'GET' && url.pathname === '/api/v0/run-inputs-executables-signed-urls') {
      void handle(req, res, 'signed-url', async fault => {
        const workspace = api.authenticate(req, res)
        if (workspace) await api.signedUrl(workspace, url, res, fault?.expireUrl === true)
        return {}
      })
    } else if (req.method === 'POST' && url.pathname === '/api/webhooks/deploy_success') {
      void handle(req, res, 'deploy', async () => {
        const text = await readBody(req)
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          body = text
        }
        const workspace = api.authenticate(req, res)
        if (workspace) {
          if (typeof body === 'string') failure(res, 400, 'BAD_REQUEST', 'Body is not valid JSON')
          else api.deploy(workspace, body, res)
        }
        return { body }
      })
    } else if (req.method === 'GET' && url.pathname.startsWith('/api/v0/ci-greenlight/')) {
      void handle(req, res, 'greenlight', async () => {
        const workspace = api.authenticate(req, res)
        const runId = decodeURIComponent(url.pathname.slice('/api/v0/ci-greenlight/'.length))
        if (workspace) api.greenlight(workspace, runId, baseUrl, res)
        return {}
      })
    } else if (req.method === 'POST' && url.pathname === '/api/webhooks/environment_terminated') {
      void handle(req, res, 'terminate', async () => {
        const body = safeJson(await readBody(req))
        const workspace = api.authenticate(req, res)
        if (workspace) api.terminate(workspace, body, res)
        return { body }
      })
    } else if (req.method === 'GET' && url.pathname === '/api/v0/runs') {
      void handle(req, res, 'runs', async () => {
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
      })
    } else {
      void handle(req, res, 'unknown', async () => {
        failure(res, 404, 'NOT_FOUND', 'Not found')
        return {}
      })
    }
  })

  /** Applies an armed fault, else the route's handler; records the request either way. */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    route: RecordedRequest['route'],
    serve: (fault: Fault | undefined, prefix?: Buffer[]) => Promise<Partial<RecordedRequest>>
  ): Promise<void> {
    inFlight++
    arrived(req.socket)
    const startedAt = Date.now()
    const url = requestUrl(req, 'http://emulator')
    const fault = route === 'runs' || route === 'unknown' ? undefined : faults.take(route)
    let extra: Partial<RecordedRequest> = {}
    let prefix: Buffer[] | undefined
    try {
      if (fault?.delayMs) {
        const held = await stall(req, fault.delayMs)
        prefix = held.prefix
        // The client gave up while the answer was held back: there is no one to answer.
        if (held.left) res.destroy()
      }
      if (res.destroyed) {
        // Recorded below with status 0.
      } else if (fault?.trickleMs !== undefined) {
        extra.status = fault.status ?? 200
        await trickle(req, res, extra.status, fault.trickleMs)
      } else if (fault?.status !== undefined && fault.echo) {
        if (route === 'deploy' || route === 'terminate') extra.body = safeJson(await readBody(req))
        else req.resume()
        res
          .writeHead(fault.status, { 'content-type': 'text/plain', ...fault.headers })
          .end(echoOf(req, fault.echoToken))
      } else if (fault?.reset === true) {
        req.socket.destroy()
      } else if (fault?.status !== undefined && fault.hold) {
        // Answered on the raw connection, which then stays open and unread: an HTTP answer
        // would make the server close it.
        const body = String(fault.body ?? '')
        req.socket.pause()
        req.socket.write(
          `HTTP/1.1 ${fault.status} ${STATUS_CODES[fault.status]}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
        )
        extra.status = fault.status
      } else if (fault?.status !== undefined) {
        if (route === 'deploy' || route === 'terminate') extra.body = safeJson(await readBody(req))
        res
          .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
          .end(fault.body ?? '')
      } else {
        extra = await serve(fault, prefix)
      }
    } catch (error) {
      json(res, 500, { error: `Emulator error: ${(error as Error).message}` })
    }
    requests.push({
      route,
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      status: res.headersSent ? res.statusCode : 0,
      startedAt,
      durationMs: Date.now() - startedAt,
      ...extra
    })
    inFlight--
    settled()
  }

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
    github,
    idle() {
      return inFlight === 0 && arriving === 0
        ? Promise.resolve()
        : new Promise(resolve => onIdle.push(resolve))
    },
    reset() {
      requests.length = 0
      storeTraffic.length = 0
      api.reset()
      store.clear()
      faults.clear()
      github.reset()
    },
    async close() {
      await Promise.all([close(apiServer), close(storeServer), github.close()])
      await rm(directory, { recursive: true, force: true })
    }
  }
}

/**
 * The build reader's worker: the only place a build's bytes are interpreted
 * (the zip's directory, the manifest, Info.plist, the profile, the signing
 * block). It reads one build and says what it is, or why it is refused, to
 * the thread that started it (read.ts), which bounds it from outside: a
 * heap and a stack it cannot outgrow, a time it cannot outlast, its console
 * never reaching the process's own.
 */
import { once } from 'node:events'
import { parentPort, workerData } from 'node:worker_threads'
import { answerRead, type ReadRequest } from './answer.js'

export type { ReadAnswer, ReadRequest } from './answer.js'

// Asked as it starts, or, started ahead of its read (read.ts's warmReader), by the first message.
const request =
  (workerData as ReadRequest | undefined) ??
  ((await once(parentPort!, 'message'))[0] as ReadRequest)
parentPort!.postMessage(await answerRead(request))

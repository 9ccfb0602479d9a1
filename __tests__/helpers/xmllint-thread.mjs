/**
 * xmllint (libxml2 as WebAssembly, xmllint-wasm's own build) in one thread that runs it again and again:
 * its WebAssembly compiled once, a fresh instance (its own memory, files and output) for each run.
 * xmllint.ts starts it and asks; each message is one run of the program with its files and arguments.
 * Plain JavaScript: a worker thread loads it as Node does, with no hook of the test runner's.
 */
import { parentPort } from 'node:worker_threads'
import { readFileSync } from 'node:fs'
// The program as xmllint-wasm's own thread runs it (its factory, called once per run).
import program from 'xmllint-wasm/xmllint-node.js'

const compiled = new WebAssembly.Module(
  readFileSync(new URL(import.meta.resolve('xmllint-wasm/xmllint.wasm')))
)
// xmllint-wasm's default memory: 16 MiB at first, 32 MiB at most.
const PAGES = { initial: 256, maximum: 512 }

parentPort.on('message', message => {
  // xmllint-wasm's thread listens on this port too, for messages tagged as its own; these are not.
  if (typeof message?.run !== 'number') return
  const { run, inputFiles, args } = message
  let stdout = ''
  let stderr = ''
  let answered = false
  const answer = exitCode => {
    if (answered) return
    answered = true
    parentPort.postMessage({ run, exitCode, stdout, stderr })
  }
  program({
    inputFiles,
    arguments: args,
    print: text => void (stdout += `${text}\n`),
    printErr: text => void (stderr += `${text}\n`),
    onExit: answer,
    onAbort: reason => {
      stderr += `WebAssembly abort: ${reason}\n`
      answer(-1)
    },
    wasmMemory: new WebAssembly.Memory(PAGES),
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then(
        instance => receive(instance, compiled),
        error => {
          stderr += `${error}\n`
          answer(-1)
        }
      )
      return {}
    }
  }).catch(error => {
    stderr += `${error}\n`
    answer(-1)
  })
})

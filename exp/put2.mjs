import { open } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { request } from 'node:http'
const [,, mode, kib] = process.argv
const path = '/tmp/big/app.apk'
const fh = await open(path)
const size = (await fh.stat()).size
const r = await fetch('http://127.0.0.1:4010/api/v0/run-inputs-executables-signed-urls?file=e.apk', { headers: { authorization: 'Bearer emulator-demo-key-0123456789' } })
const { signedUrl } = await r.json()
const t = Date.now()
const hash = createHash('sha256')
const req = request(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) } })
const done = new Promise((resolve, reject) => { req.on('response', res => { res.resume(); res.on('end', resolve) }); req.on('error', reject) })
const n = Number(kib) * 1024
const bufs = [Buffer.allocUnsafeSlow(n), Buffer.allocUnsafeSlow(n), Buffer.allocUnsafeSlow(n)]
let pos = 0, i = 0
const pending = []
while (pos < size) {
  const buf = mode === 'fresh' ? Buffer.allocUnsafeSlow(n) : bufs[i++ % bufs.length]
  if (pending.length >= bufs.length - 1) await pending.shift()
  const { bytesRead } = await fh.read(buf, 0, Math.min(n, size - pos), pos)
  const chunk = buf.subarray(0, bytesRead)
  hash.update(chunk)
  pos += bytesRead
  pending.push(new Promise(res => req.write(chunk, res)))
}
await Promise.all(pending)
req.end()
await done
console.log(mode, kib, ((size / 1048576) / ((Date.now() - t) / 1000)).toFixed(0), 'MiB/s')

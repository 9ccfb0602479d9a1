import { createReadStream, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { request } from 'node:http'
const [,, mode, hwm] = process.argv
const path = '/tmp/big/app.apk'
const size = statSync(path).size
const r = await fetch('http://127.0.0.1:4010/api/v0/run-inputs-executables-signed-urls?file=e.apk', { headers: { authorization: 'Bearer emulator-demo-key-0123456789' } })
const { signedUrl } = await r.json() as any
const t = Date.now()
const stream = createReadStream(path, { highWaterMark: Number(hwm) * 1024 })
const hash = createHash('sha256')
if (mode.includes('hash')) stream.on('data', c => hash.update(c))
await new Promise<void>((resolve, reject) => {
  const req = request(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) } }, res => { res.resume(); res.on('end', () => resolve()) })
  req.on('error', reject)
  stream.pipe(req)
})
console.log(mode, hwm, 'KiB', ((size / 1048576) / ((Date.now() - t) / 1000)).toFixed(0), 'MiB/s')

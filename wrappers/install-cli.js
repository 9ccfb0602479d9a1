const [source, pin] = process.argv.slice(1)
const fail = message => { console.error(message); process.exit(1) }
if (!/^[0-9a-f]{64}$/i.test(pin ?? ``)) fail(`MBD_CLI_SHA256 is not a SHA-256; set it to the one the release notes publish`)
const save = bytes => {
  const sha = require(`node:crypto`).createHash(`sha256`).update(bytes).digest(`hex`)
  if (sha !== pin.toLowerCase()) fail(`mobile-build-deploy.tgz: FAILED: its SHA-256 is ${sha}, and ${pin} is pinned`)
  require(`node:fs`).writeFileSync(`mobile-build-deploy.tgz`, bytes)
}
if (/^https?:/i.test(source)) fetch(source).then(r => r.ok ? r.arrayBuffer() : fail(`${source} answered ${r.status}`)).then(b => save(Buffer.from(b)), e => fail(e.message))
else save(require(`node:fs`).readFileSync(/^file:/i.test(source) ? require(`node:url`).fileURLToPath(source) : source))

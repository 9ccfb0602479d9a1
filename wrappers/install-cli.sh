# mobile-build-deploy: install the CLI (begin)
# Fetches the CLI's release tarball, checks its SHA-256 against the pinned one, and unpacks it; nothing of it
# runs before the check, and npm runs nothing at all (the package has no dependencies: its CLI is one bundle).
# Sets MBD_CLI_JS to the CLI's entry point. $1: the tarball's https:// or file:// URL, or a path; $2: its SHA-256.
mbd_install_cli() {
  case "$1" in
    -*) echo "Error: the CLI tarball's location \"$1\" starts with -: give its https:// or file:// URL, or a path (./$1)." >&2; return 1 ;;
  esac
  mbd_dir="$(mktemp -d)" || return 1
  node -e '
const [source, pinned, into] = process.argv.slice(1)
const { createHash } = require("node:crypto")
const { readFileSync, writeFileSync } = require("node:fs")
const { fileURLToPath } = require("node:url")
const fail = (message) => { console.error(`Error: ${message}`); process.exit(1) }
const shown = (() => { try { const url = new URL(source); url.username = url.password = url.search = url.hash = ""; return url.href } catch { return source } })()
if (!/^[0-9a-fA-F]{64}$/.test(pinned)) fail(`the pinned SHA-256 of the CLI (cli-sha256) is "${pinned}", not 64 hex digits: give the one published with the release.`)
const save = (bytes) => {
  const actual = createHash("sha256").update(bytes).digest("hex")
  if (actual !== pinned.toLowerCase()) fail(`the CLI tarball ${shown} has SHA-256 ${actual}, and ${pinned.toLowerCase()} is pinned: not running it. Pin the SHA-256 published with the release, or install the release it names.`)
  writeFileSync(`${into}/cli.tgz`, bytes)
}
if (/^https?:\/\//i.test(source)) {
  fetch(source, { signal: AbortSignal.timeout(120000) })
    .then(async (answer) => { if (!answer.ok) fail(`downloading the CLI from ${shown} answered ${answer.status}.`); save(Buffer.from(await answer.arrayBuffer())) })
    .catch((error) => fail(`downloading the CLI from ${shown} failed: ${error.message.split(source).join(shown)}`))
} else {
  try { save(readFileSync(/^file:/i.test(source) ? fileURLToPath(source) : source)) } catch (error) { fail(`reading the CLI tarball ${shown} failed: ${error.message.split(source).join(shown)}`) }
}
' -- "$1" "$2" "$mbd_dir" || { rm -rf "$mbd_dir"; return 1; }
  tar -xzf "$mbd_dir/cli.tgz" -C "$mbd_dir" || { rm -rf "$mbd_dir"; return 1; }
  MBD_CLI_JS="$mbd_dir/package/build/cli/index.js"
}
# mobile-build-deploy: install the CLI (end)

#!/usr/bin/env bash
# Runs `mobile-build-deploy deploy` with the step's inputs as its flags. Thin by design: the CLI checks every
# value, names the problem, retries and decides the exit code. Its outputs come back NUL-ended (the envman
# hand-over), so that each is set for later steps exactly as it is, never expanded or split; the verdict's
# JUnit report goes where Deploy to Bitrise.io collects test results, also when the verdict fails.
set -uo pipefail

# The key reaches the CLI's process alone: Bitrise hands every input to the step as a variable of its
# environment, so it leaves the environment before anything runs (the installer included) and stays in a
# variable of this shell, which no child inherits.
key="${api_key:-}"
unset api_key SERVICE_API_KEY

if ! command -v node >/dev/null 2>&1; then
  echo "Error: node is not on PATH, and the step runs the CLI with it: use a stack with Node (Bitrise's stacks carry Node 22 and 24)." >&2
  exit 2
fi

# The builds: one --file per line of the file input (a path or glob each), else the one of Bitrise's build
# paths that is set.
files=()
if [ "${mode:-deploy}" = "deploy" ]; then
  while IFS= read -r line; do
    if [ -n "$line" ]; then files+=(--file "$line"); fi
  done <<< "${file:-}"
  if [ "${#files[@]}" -eq 0 ]; then
    set_paths=()
    for input in apk_path aab_path ipa_path; do
      if [ -n "${!input:-}" ]; then set_paths+=("$input"); fi
    done
    if [ "${#set_paths[@]}" -gt 1 ]; then
      echo "Error: ${set_paths[*]} are all set, and the step does not guess which to deploy. Set the Build path input (file) to the one to deploy, or to several, one per line (for example \$BITRISE_APK_PATH and \$BITRISE_IPA_PATH)." >&2
      exit 2
    fi
    if [ "${#set_paths[@]}" -eq 1 ]; then files=(--file "${!set_paths[0]}"); fi
  fi
  if [ "${#files[@]}" -eq 0 ]; then files=(--file ""); fi
fi

handover="$(mktemp)"
trap 'rm -rf "$handover" "${mbd_dir:-}"' EXIT

# The installer is wrappers/install-cli.sh's, word for word (a test compares them): Bitrise runs a step from its
# own folder, which holds nothing else. Its Node program is in single quotes on purpose: the shell expands none of it.
# shellcheck disable=SC2016
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

if [ -z "${cli_package:-}" ]; then
  echo "Error: the CLI package input (cli_package) is empty: give the URL of the release's tarball." >&2
  exit 2
fi
mbd_install_cli "$cli_package" "${cli_sha256:-}" || exit 1

results=""
if [ -n "${BITRISE_TEST_RESULT_DIR:-}" ]; then
  results="$BITRISE_TEST_RESULT_DIR/mobile-build-deploy"
  mkdir -p "$results"
fi

# The mode's flags, as the positional parameters.
# mobile-build-deploy: flags (begin)
case "${mode:-deploy}" in
  deploy)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${base_url:-}" ] || set -- "$@" "--base-url=$base_url"
    [ -z "${max_attempts:-}" ] || set -- "$@" "--max-attempts=$max_attempts"
    [ -z "${destination:-}" ] || set -- "$@" "--destination=$destination"
    [ -z "${name_prefix:-}" ] || set -- "$@" "--name-prefix=$name_prefix"
    [ -z "${environment:-}" ] || set -- "$@" "--environment=$environment"
    [ -z "${expected_app_id:-}" ] || set -- "$@" "--expected-app-id=$expected_app_id"
    [ -z "${platform:-}" ] || set -- "$@" "--platform=$platform"
    [ -z "${required_abis:-}" ] || set -- "$@" "--required-abis=$required_abis"
    [ -z "${required_target:-}" ] || set -- "$@" "--required-target=$required_target"
    [ -z "${min_upload_kib_per_second:-}" ] || set -- "$@" "--min-upload-kib-per-second=$min_upload_kib_per_second"
    [ -z "${deployment_type:-}" ] || set -- "$@" "--deployment-type=$deployment_type"
    [ -z "${variables:-}" ] || set -- "$@" "--variables=$variables"
    [ -z "${run_input_path:-}" ] || set -- "$@" "--run-input-path=$run_input_path"
    [ -z "${run_variable:-}" ] || set -- "$@" "--run-variable=$run_variable"
    [ -z "${notify:-}" ] || set -- "$@" "--notify=$notify"
    [ -z "${fail_on_no_run:-}" ] || set -- "$@" "--fail-on-no-run=$fail_on_no_run"
    [ -z "${dry_run:-}" ] || set -- "$@" "--dry-run=$dry_run"
    [ -z "${branch:-}" ] || set -- "$@" "--branch=$branch"
    [ -z "${sha:-}" ] || set -- "$@" "--sha=$sha"
    [ -z "${commit_url:-}" ] || set -- "$@" "--commit-url=$commit_url"
    [ -z "${deployment_url:-}" ] || set -- "$@" "--deployment-url=$deployment_url"
    [ -z "${pull_request:-}" ] || set -- "$@" "--pull-request-number=$pull_request"
    [ -z "${hosting_service:-}" ] || set -- "$@" "--hosting-service=$hosting_service"
    [ -z "${deduplication_key:-}" ] || set -- "$@" "--deduplication-key=$deduplication_key"
    [ -z "${ephemeral_environment:-}" ] || set -- "$@" "--ephemeral-environment=$ephemeral_environment"
    [ -z "${wait:-}" ] || set -- "$@" "--wait=$wait"
    [ -z "${report_later:-}" ] || set -- "$@" "--report-later=$report_later"
    [ -z "${wait_timeout_minutes:-}" ] || set -- "$@" "--wait-timeout-minutes=$wait_timeout_minutes"
    [ -z "${poll_interval_seconds:-}" ] || set -- "$@" "--poll-interval-seconds=$poll_interval_seconds"
    [ -z "${test_attestation:-}" ] || set -- "$@" "--test-attestation=$test_attestation"
    [ -z "${bitbucket_api_url:-}" ] || set -- "$@" "--bitbucket-api-url=$bitbucket_api_url"
    [ -z "${github_repository:-}" ] || set -- "$@" "--github-repository=$github_repository"
    ;;
  wait)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${base_url:-}" ] || set -- "$@" "--base-url=$base_url"
    [ -z "${max_attempts:-}" ] || set -- "$@" "--max-attempts=$max_attempts"
    [ -z "${wait_timeout_minutes:-}" ] || set -- "$@" "--wait-timeout-minutes=$wait_timeout_minutes"
    [ -z "${poll_interval_seconds:-}" ] || set -- "$@" "--poll-interval-seconds=$poll_interval_seconds"
    [ -z "${run_id:-}" ] || set -- "$@" "--run-id=$run_id"
    [ -z "${test_attestation:-}" ] || set -- "$@" "--test-attestation=$test_attestation"
    [ -z "${bitbucket_api_url:-}" ] || set -- "$@" "--bitbucket-api-url=$bitbucket_api_url"
    ;;
  skip)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${name_prefix:-}" ] || set -- "$@" "--name-prefix=$name_prefix"
    [ -z "${environment:-}" ] || set -- "$@" "--environment=$environment"
    [ -z "${expected_app_id:-}" ] || set -- "$@" "--expected-app-id=$expected_app_id"
    [ -z "${platform:-}" ] || set -- "$@" "--platform=$platform"
    [ -z "${deployment_type:-}" ] || set -- "$@" "--deployment-type=$deployment_type"
    [ -z "${branch:-}" ] || set -- "$@" "--branch=$branch"
    [ -z "${sha:-}" ] || set -- "$@" "--sha=$sha"
    [ -z "${pull_request:-}" ] || set -- "$@" "--pull-request-number=$pull_request"
    [ -z "${skip_reason:-}" ] || set -- "$@" "--skip-reason=$skip_reason"
    [ -z "${bitbucket_api_url:-}" ] || set -- "$@" "--bitbucket-api-url=$bitbucket_api_url"
    [ -z "${github_repository:-}" ] || set -- "$@" "--github-repository=$github_repository"
    ;;
esac
# mobile-build-deploy: flags (end)

status=0
case "${mode:-deploy}" in
  wait)
    # Wait only: the runs an earlier deploy step handed over ($runIds by default), each judged.
    if [ -z "${run_id:-}" ]; then
      echo "Error: Mode is wait and Runs to wait for (run_id) is empty: no earlier deploy step of this workflow handed over runIds (it created no run, or ran in another workflow). Give the runs to wait for." >&2
      exit 1
    fi
    SERVICE_API_KEY="$key" node "$MBD_CLI_JS" wait ${1+"$@"} \
      ${results:+--junit "$results/mobile-build-deploy.xml"} \
      --output-env "$handover" --output-env-format envman || status=$?
    ;;
  deploy)
    SERVICE_API_KEY="$key" node "$MBD_CLI_JS" deploy "${files[@]}" ${1+"$@"} \
      ${results:+--junit "$results/mobile-build-deploy.xml"} \
      --output-env "$handover" --output-env-format envman || status=$?
    ;;
  skip)
    SERVICE_API_KEY="$key" node "$MBD_CLI_JS" skip ${1+"$@"} \
      --output-env "$handover" --output-env-format envman || status=$?
    ;;
  *)
    echo "Error: Mode (mode) is \"${mode}\": give deploy, wait or skip." >&2
    exit 2
    ;;
esac

while IFS= read -r -d '' name && IFS= read -r -d '' value; do
  envman add --key "$name" --value "$value" --no-expand
done < "$handover"

# Deploy to Bitrise.io reads a test run's folder only with its test-info.json.
if [ -n "$results" ]; then
  if [ -f "$results/mobile-build-deploy.xml" ]; then
    printf '{"test-name":"Mobile build deploy"}\n' > "$results/test-info.json"
  else
    rmdir "$results" 2>/dev/null || true
  fi
fi
exit "$status"

#!/bin/sh
# Runs one command of the mobile-build-deploy CLI with the orb's parameters as its flags. Thin by design:
# the CLI checks every value, names the problem, retries and decides the exit code. The outputs are appended
# to $BASH_ENV in the shell-safe format (no value is ever run by the steps that source it); so is the exit
# code, which a later step ends the job with, so that store_test_results runs before the job fails.
# POSIX sh: CircleCI runs a step with /bin/sh in an image without bash (Alpine's busybox among them).
set -u

# Booleans reach a script as 1/0 from environment:, as true/false elsewhere.
flag() {
  case "$1" in
    1 | true) echo true ;;
    *) echo false ;;
  esac
}

# The key is read from the variable the api_key parameter names, never passed as a value, and reaches the
# CLI's process alone: the variable is taken out of the environment of everything else this step starts
# (the installer among them); CircleCI gives it back to the next step. The name is checked before it is read.
case "${PARAM_API_KEY:-}" in
  '' | [0-9]* | *[!A-Za-z0-9_]*)
    echo "Error: api_key names \"${PARAM_API_KEY:-}\", which is no environment variable's name: give the name of the variable that holds the key, such as SERVICE_API_KEY." >&2
    echo "export MOBILE_BUILD_DEPLOY_EXIT=2" >> "$BASH_ENV"
    exit 0
    ;;
esac
api_key=''
eval "api_key=\${$PARAM_API_KEY:-}"
unset "$PARAM_API_KEY" SERVICE_API_KEY

# Until the CLI has ended, the job's verdict is a failure.
echo "export MOBILE_BUILD_DEPLOY_EXIT=1" >> "$BASH_ENV"

# The CLI's one installer, shared by every wrapper; npm run docs writes wrappers/install-cli.sh here. Its Node
# program is in single quotes on purpose: the shell expands none of it.
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

# A tarball that is not the pinned one stops the job here, before anything in it runs.
mbd_install_cli "$PARAM_CLI_PACKAGE" "$PARAM_CLI_SHA256" || exit 1

# What an earlier step handed over as NAME: bash has read it from $BASH_ENV at the step's start; POSIX sh
# reads no such file, so the last line that exports it is read here (run and environment ids need no quoting).
handed() {
  eval "handed_value=\${$1:-}"
  if [ -z "$handed_value" ] && [ -f "${BASH_ENV:-}" ]; then
    handed_value="$(sed -n "s/^export $1='\\([^']*\\)'\$/\\1/p" "$BASH_ENV" | tail -n 1)"
  fi
  printf '%s' "$handed_value"
}

# Runs the CLI with "$@" and appends what it hands over; the step's status is the last failure's.
status=0
cli() {
  handover="$(mktemp)"
  SERVICE_API_KEY="$api_key" node "$MBD_CLI_JS" "$@" \
    --output-env "$handover" --output-env-format shell || status=$?
  cat "$handover" >> "$BASH_ENV"
  rm -f "$handover"
}

# The command's flags, as the positional parameters: POSIX sh has no arrays.
# mobile-build-deploy: flags (begin)
case "$PARAM_COMMAND" in
  deploy)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${PARAM_BASE_URL:-}" ] || set -- "$@" "--base-url=$PARAM_BASE_URL"
    [ -z "${PARAM_MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$PARAM_MAX_ATTEMPTS"
    [ -z "${PARAM_FILE:-}" ] || set -- "$@" "--file=$PARAM_FILE"
    [ -z "${PARAM_DESTINATION:-}" ] || set -- "$@" "--destination=$PARAM_DESTINATION"
    [ -z "${PARAM_NAME_PREFIX:-}" ] || set -- "$@" "--name-prefix=$PARAM_NAME_PREFIX"
    [ -z "${PARAM_ENVIRONMENT:-}" ] || set -- "$@" "--environment=$PARAM_ENVIRONMENT"
    [ -z "${PARAM_EXPECTED_APP_ID:-}" ] || set -- "$@" "--expected-app-id=$PARAM_EXPECTED_APP_ID"
    [ -z "${PARAM_PLATFORM:-}" ] || set -- "$@" "--platform=$PARAM_PLATFORM"
    [ -z "${PARAM_REQUIRED_ABIS:-}" ] || set -- "$@" "--required-abis=$PARAM_REQUIRED_ABIS"
    [ -z "${PARAM_REQUIRED_TARGET:-}" ] || set -- "$@" "--required-target=$PARAM_REQUIRED_TARGET"
    [ -z "${PARAM_MIN_UPLOAD_KIB_PER_SECOND:-}" ] || set -- "$@" "--min-upload-kib-per-second=$PARAM_MIN_UPLOAD_KIB_PER_SECOND"
    [ -z "${PARAM_DEPLOYMENT_TYPE:-}" ] || set -- "$@" "--deployment-type=$PARAM_DEPLOYMENT_TYPE"
    [ -z "${PARAM_VARIABLES:-}" ] || set -- "$@" "--variables=$PARAM_VARIABLES"
    [ -z "${PARAM_RUN_INPUT_PATH:-}" ] || set -- "$@" "--run-input-path=$PARAM_RUN_INPUT_PATH"
    [ -z "${PARAM_RUN_VARIABLE:-}" ] || set -- "$@" "--run-variable=$PARAM_RUN_VARIABLE"
    [ -z "${PARAM_NOTIFY:-}" ] || set -- "$@" "--notify=$(flag "$PARAM_NOTIFY")"
    [ -z "${PARAM_FAIL_ON_NO_RUN:-}" ] || set -- "$@" "--fail-on-no-run=$(flag "$PARAM_FAIL_ON_NO_RUN")"
    [ -z "${PARAM_DRY_RUN:-}" ] || set -- "$@" "--dry-run=$(flag "$PARAM_DRY_RUN")"
    [ -z "${PARAM_BRANCH:-}" ] || set -- "$@" "--branch=$PARAM_BRANCH"
    [ -z "${PARAM_SHA:-}" ] || set -- "$@" "--sha=$PARAM_SHA"
    [ -z "${PARAM_COMMIT_URL:-}" ] || set -- "$@" "--commit-url=$PARAM_COMMIT_URL"
    [ -z "${PARAM_DEPLOYMENT_URL:-}" ] || set -- "$@" "--deployment-url=$PARAM_DEPLOYMENT_URL"
    [ -z "${PARAM_PULL_REQUEST_NUMBER:-}" ] || set -- "$@" "--pull-request-number=$PARAM_PULL_REQUEST_NUMBER"
    [ -z "${PARAM_HOSTING_SERVICE:-}" ] || set -- "$@" "--hosting-service=$PARAM_HOSTING_SERVICE"
    [ -z "${PARAM_DEDUPLICATION_KEY:-}" ] || set -- "$@" "--deduplication-key=$PARAM_DEDUPLICATION_KEY"
    [ -z "${PARAM_EPHEMERAL_ENVIRONMENT:-}" ] || set -- "$@" "--ephemeral-environment=$(flag "$PARAM_EPHEMERAL_ENVIRONMENT")"
    [ -z "${PARAM_WAIT:-}" ] || set -- "$@" "--wait=$(flag "$PARAM_WAIT")"
    [ -z "${PARAM_REPORT_LATER:-}" ] || set -- "$@" "--report-later=$(flag "$PARAM_REPORT_LATER")"
    [ -z "${PARAM_WAIT_TIMEOUT_MINUTES:-}" ] || set -- "$@" "--wait-timeout-minutes=$PARAM_WAIT_TIMEOUT_MINUTES"
    [ -z "${PARAM_POLL_INTERVAL_SECONDS:-}" ] || set -- "$@" "--poll-interval-seconds=$PARAM_POLL_INTERVAL_SECONDS"
    [ -z "${PARAM_TEST_ATTESTATION:-}" ] || set -- "$@" "--test-attestation=$PARAM_TEST_ATTESTATION"
    [ -z "${PARAM_BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$PARAM_BITBUCKET_API_URL"
    [ -z "${PARAM_GITHUB_REPOSITORY:-}" ] || set -- "$@" "--github-repository=$PARAM_GITHUB_REPOSITORY"
    ;;
  wait)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${PARAM_BASE_URL:-}" ] || set -- "$@" "--base-url=$PARAM_BASE_URL"
    [ -z "${PARAM_MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$PARAM_MAX_ATTEMPTS"
    [ -z "${PARAM_WAIT_TIMEOUT_MINUTES:-}" ] || set -- "$@" "--wait-timeout-minutes=$PARAM_WAIT_TIMEOUT_MINUTES"
    [ -z "${PARAM_POLL_INTERVAL_SECONDS:-}" ] || set -- "$@" "--poll-interval-seconds=$PARAM_POLL_INTERVAL_SECONDS"
    [ -z "${PARAM_TEST_ATTESTATION:-}" ] || set -- "$@" "--test-attestation=$PARAM_TEST_ATTESTATION"
    [ -z "${PARAM_BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$PARAM_BITBUCKET_API_URL"
    ;;
  terminate)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${PARAM_BASE_URL:-}" ] || set -- "$@" "--base-url=$PARAM_BASE_URL"
    [ -z "${PARAM_MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$PARAM_MAX_ATTEMPTS"
    [ -z "${PARAM_NAME_PREFIX:-}" ] || set -- "$@" "--name-prefix=$PARAM_NAME_PREFIX"
    [ -z "${PARAM_DEPLOYMENT_URL:-}" ] || set -- "$@" "--deployment-url=$PARAM_DEPLOYMENT_URL"
    [ -z "${PARAM_ENVIRONMENT_ALIAS:-}" ] || set -- "$@" "--environment-alias=$PARAM_ENVIRONMENT_ALIAS"
    ;;
  skip)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    set --
    [ -z "${PARAM_NAME_PREFIX:-}" ] || set -- "$@" "--name-prefix=$PARAM_NAME_PREFIX"
    [ -z "${PARAM_ENVIRONMENT:-}" ] || set -- "$@" "--environment=$PARAM_ENVIRONMENT"
    [ -z "${PARAM_EXPECTED_APP_ID:-}" ] || set -- "$@" "--expected-app-id=$PARAM_EXPECTED_APP_ID"
    [ -z "${PARAM_PLATFORM:-}" ] || set -- "$@" "--platform=$PARAM_PLATFORM"
    [ -z "${PARAM_DEPLOYMENT_TYPE:-}" ] || set -- "$@" "--deployment-type=$PARAM_DEPLOYMENT_TYPE"
    [ -z "${PARAM_BRANCH:-}" ] || set -- "$@" "--branch=$PARAM_BRANCH"
    [ -z "${PARAM_SHA:-}" ] || set -- "$@" "--sha=$PARAM_SHA"
    [ -z "${PARAM_PULL_REQUEST_NUMBER:-}" ] || set -- "$@" "--pull-request-number=$PARAM_PULL_REQUEST_NUMBER"
    [ -z "${PARAM_SKIP_REASON:-}" ] || set -- "$@" "--skip-reason=$PARAM_SKIP_REASON"
    [ -z "${PARAM_BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$PARAM_BITBUCKET_API_URL"
    [ -z "${PARAM_GITHUB_REPOSITORY:-}" ] || set -- "$@" "--github-repository=$PARAM_GITHUB_REPOSITORY"
    ;;
esac
# mobile-build-deploy: flags (end)

case "$PARAM_COMMAND" in
  deploy)
    mkdir -p "$PARAM_RESULTS_DIR"
    cli deploy "$@" --junit "$PARAM_RESULTS_DIR/mobile-build-deploy.xml"
    ;;
  wait)
    mkdir -p "$PARAM_RESULTS_DIR"
    cli wait --run-id "${PARAM_RUN_ID:-$(handed runIds)}" "$@" \
      --junit "$PARAM_RESULTS_DIR/mobile-build-wait.xml"
    ;;
  terminate)
    # Every environment the deploy handed over (several builds may have gone to several), ended in turn.
    environments="${PARAM_ENVIRONMENT_ID:-$(handed environmentIds)}"
    if [ -z "$environments" ]; then
      echo "Error: no environment to end: environment_id is empty, and no earlier step handed over environmentIds (its deploy's answer named no environment). Give environment_id." >&2
      status=2
    fi
    set -f
    for environment in $environments; do
      cli terminate --environment-id "$environment" "$@"
    done
    set +f
    ;;
  skip)
    cli skip "$@"
    ;;
esac

echo "export MOBILE_BUILD_DEPLOY_EXIT=$status" >> "$BASH_ENV"
exit 0

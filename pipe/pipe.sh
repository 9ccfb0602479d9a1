#!/bin/sh
# The Bitbucket Pipe (its image: pipe/Dockerfile): runs `mobile-build-deploy <MODE>` with the Pipe's variables as its flags. POSIX sh
# (the image's busybox; dash too): thin by design, the CLI checks every value, names the problem, retries
# and decides the exit code, and reads Bitbucket's own variables (BITBUCKET_COMMIT, BITBUCKET_PR_ID, …)
# and the secrets (SLACK_WEBHOOK_URL, RESULT_WEBHOOK_URL, BITBUCKET_ACCESS_TOKEN) itself. Each value reaches
# the CLI as one argument, never split, globbed or run.
set -u
set -f

cli="${MBD_CLI:-mobile-build-deploy}"

fail() {
  printf 'Error: %s\n' "$1" >&2
  exit 2
}

mode="${MODE:-deploy}"
case "$mode" in
  deploy | wait | collect | skip) ;;
  *) fail "MODE is \"$mode\": give deploy, wait, collect or skip." ;;
esac

# The key as the CLI reads it; it leaves the Pipe's own variable.
if [ -n "${API_KEY:-}" ]; then SERVICE_API_KEY="$API_KEY"; fi
unset API_KEY
export SERVICE_API_KEY="${SERVICE_API_KEY:-}"

# The secrets reach the CLI by the names it reads; a name of the Pipe's first draft is refused, not ignored.
if [ -n "${SLACK_WEBHOOK:-}" ]; then fail "SLACK_WEBHOOK is no variable of the Pipe's: pass the webhook as SLACK_WEBHOOK_URL."; fi

set -- "$mode"

# BUILD: one path or glob per line (the CLI expands the globs).
if [ "$mode" = deploy ]; then
  [ -n "${BUILD:-}" ] || [ -n "${RUN_INPUT_PATH:-}" ] || fail "BUILD is empty: give the build to deploy (a path or glob, e.g. app/build/outputs/apk/release/*.apk), or several, one per line; or RUN_INPUT_PATH, an earlier upload's playgroundFileLocation."
  newline='
'
  rest="${BUILD:-}$newline"
  while [ -n "$rest" ]; do
    line="${rest%%"$newline"*}"
    rest="${rest#*"$newline"}"
    if [ -n "$line" ]; then set -- "$@" "--file=$line"; fi
  done
fi

# A switch is true or false (or not given); anything else is refused here, naming the Pipe's variable.
switch() {
  eval "value=\${$1:-}"
  case "$value" in
    '' | true | false) ;;
    *) fail "$1 is \"$value\": give true or false." ;;
  esac
}
# mobile-build-deploy: switches (begin)
for name in NOTIFY FAIL_ON_NO_RUN DRY_RUN EPHEMERAL_ENVIRONMENT WAIT REPORT_LATER; do switch "$name"; done
# mobile-build-deploy: switches (end)

# mobile-build-deploy: flags (begin)
case "$mode" in
  deploy)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    [ -z "${BASE_URL:-}" ] || set -- "$@" "--base-url=$BASE_URL"
    [ -z "${MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$MAX_ATTEMPTS"
    [ -z "${DESTINATION:-}" ] || set -- "$@" "--destination=$DESTINATION"
    [ -z "${NAME_PREFIX:-}" ] || set -- "$@" "--name-prefix=$NAME_PREFIX"
    [ -z "${ENVIRONMENT:-}" ] || set -- "$@" "--environment=$ENVIRONMENT"
    [ -z "${EXPECTED_APP_ID:-}" ] || set -- "$@" "--expected-app-id=$EXPECTED_APP_ID"
    [ -z "${PLATFORM:-}" ] || set -- "$@" "--platform=$PLATFORM"
    [ -z "${REQUIRED_ABIS:-}" ] || set -- "$@" "--required-abis=$REQUIRED_ABIS"
    [ -z "${REQUIRED_TARGET:-}" ] || set -- "$@" "--required-target=$REQUIRED_TARGET"
    [ -z "${MIN_UPLOAD_KIB_PER_SECOND:-}" ] || set -- "$@" "--min-upload-kib-per-second=$MIN_UPLOAD_KIB_PER_SECOND"
    [ -z "${DEPLOYMENT_TYPE:-}" ] || set -- "$@" "--deployment-type=$DEPLOYMENT_TYPE"
    [ -z "${VARIABLES:-}" ] || set -- "$@" "--variables=$VARIABLES"
    [ -z "${RUN_INPUT_PATH:-}" ] || set -- "$@" "--run-input-path=$RUN_INPUT_PATH"
    [ -z "${RUN_VARIABLE:-}" ] || set -- "$@" "--run-variable=$RUN_VARIABLE"
    [ -z "${NOTIFY:-}" ] || set -- "$@" "--notify=$NOTIFY"
    [ -z "${FAIL_ON_NO_RUN:-}" ] || set -- "$@" "--fail-on-no-run=$FAIL_ON_NO_RUN"
    [ -z "${DRY_RUN:-}" ] || set -- "$@" "--dry-run=$DRY_RUN"
    [ -z "${BRANCH:-}" ] || set -- "$@" "--branch=$BRANCH"
    [ -z "${SHA:-}" ] || set -- "$@" "--sha=$SHA"
    [ -z "${COMMIT_URL:-}" ] || set -- "$@" "--commit-url=$COMMIT_URL"
    [ -z "${DEPLOYMENT_URL:-}" ] || set -- "$@" "--deployment-url=$DEPLOYMENT_URL"
    [ -z "${PULL_REQUEST_NUMBER:-}" ] || set -- "$@" "--pull-request-number=$PULL_REQUEST_NUMBER"
    [ -z "${HOSTING_SERVICE:-}" ] || set -- "$@" "--hosting-service=$HOSTING_SERVICE"
    [ -z "${DEDUPLICATION_KEY:-}" ] || set -- "$@" "--deduplication-key=$DEDUPLICATION_KEY"
    [ -z "${EPHEMERAL_ENVIRONMENT:-}" ] || set -- "$@" "--ephemeral-environment=$EPHEMERAL_ENVIRONMENT"
    [ -z "${WAIT:-}" ] || set -- "$@" "--wait=$WAIT"
    [ -z "${REPORT_LATER:-}" ] || set -- "$@" "--report-later=$REPORT_LATER"
    [ -z "${WAIT_TIMEOUT_MINUTES:-}" ] || set -- "$@" "--wait-timeout-minutes=$WAIT_TIMEOUT_MINUTES"
    [ -z "${POLL_INTERVAL_SECONDS:-}" ] || set -- "$@" "--poll-interval-seconds=$POLL_INTERVAL_SECONDS"
    [ -z "${JUNIT:-}" ] || set -- "$@" "--junit=$JUNIT"
    [ -z "${TEST_ATTESTATION:-}" ] || set -- "$@" "--test-attestation=$TEST_ATTESTATION"
    [ -z "${BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$BITBUCKET_API_URL"
    [ -z "${BITBUCKET_PROXY:-}" ] || set -- "$@" "--bitbucket-proxy=$BITBUCKET_PROXY"
    ;;
  wait)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    [ -z "${BASE_URL:-}" ] || set -- "$@" "--base-url=$BASE_URL"
    [ -z "${MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$MAX_ATTEMPTS"
    [ -z "${WAIT_TIMEOUT_MINUTES:-}" ] || set -- "$@" "--wait-timeout-minutes=$WAIT_TIMEOUT_MINUTES"
    [ -z "${POLL_INTERVAL_SECONDS:-}" ] || set -- "$@" "--poll-interval-seconds=$POLL_INTERVAL_SECONDS"
    [ -z "${RUN_ID:-}" ] || set -- "$@" "--run-id=$RUN_ID"
    [ -z "${JUNIT:-}" ] || set -- "$@" "--junit=$JUNIT"
    [ -z "${TEST_ATTESTATION:-}" ] || set -- "$@" "--test-attestation=$TEST_ATTESTATION"
    [ -z "${BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$BITBUCKET_API_URL"
    [ -z "${BITBUCKET_PROXY:-}" ] || set -- "$@" "--bitbucket-proxy=$BITBUCKET_PROXY"
    ;;
  collect)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    [ -z "${BASE_URL:-}" ] || set -- "$@" "--base-url=$BASE_URL"
    [ -z "${MAX_ATTEMPTS:-}" ] || set -- "$@" "--max-attempts=$MAX_ATTEMPTS"
    [ -z "${COLLECT_MAX_REQUESTS:-}" ] || set -- "$@" "--collect-max-requests=$COLLECT_MAX_REQUESTS"
    [ -z "${WAIT_TIMEOUT_MINUTES:-}" ] || set -- "$@" "--wait-timeout-minutes=$WAIT_TIMEOUT_MINUTES"
    [ -z "${JUNIT:-}" ] || set -- "$@" "--junit=$JUNIT"
    [ -z "${TEST_ATTESTATION:-}" ] || set -- "$@" "--test-attestation=$TEST_ATTESTATION"
    [ -z "${BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$BITBUCKET_API_URL"
    ;;
  skip)
    # Generated from the option table (npm run docs): each input that is not empty, as --flag=value.
    [ -z "${NAME_PREFIX:-}" ] || set -- "$@" "--name-prefix=$NAME_PREFIX"
    [ -z "${ENVIRONMENT:-}" ] || set -- "$@" "--environment=$ENVIRONMENT"
    [ -z "${EXPECTED_APP_ID:-}" ] || set -- "$@" "--expected-app-id=$EXPECTED_APP_ID"
    [ -z "${PLATFORM:-}" ] || set -- "$@" "--platform=$PLATFORM"
    [ -z "${DEPLOYMENT_TYPE:-}" ] || set -- "$@" "--deployment-type=$DEPLOYMENT_TYPE"
    [ -z "${BRANCH:-}" ] || set -- "$@" "--branch=$BRANCH"
    [ -z "${SHA:-}" ] || set -- "$@" "--sha=$SHA"
    [ -z "${PULL_REQUEST_NUMBER:-}" ] || set -- "$@" "--pull-request-number=$PULL_REQUEST_NUMBER"
    [ -z "${SKIP_REASON:-}" ] || set -- "$@" "--skip-reason=$SKIP_REASON"
    [ -z "${BITBUCKET_API_URL:-}" ] || set -- "$@" "--bitbucket-api-url=$BITBUCKET_API_URL"
    ;;
esac
# mobile-build-deploy: flags (end)

exec "$cli" "$@"

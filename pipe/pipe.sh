#!/bin/sh
# The Bitbucket Pipe (its image: pipe/Dockerfile): runs `mobile-build-deploy <MODE>` with the Pipe's variables as its flags. POSIX sh
# (the image's busybox; dash too): thin by design, the CLI checks every value, names the problem, retries
# and decides the exit code, and reads Bitbucket's own variables (BITBUCKET_COMMIT, BITBUCKET_PR_ID, …)
# itself. Each value reaches the CLI as one argument, never split, globbed or run.
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

# The key and the service's address as the CLI reads them; the key leaves the Pipe's own variable.
if [ -n "${API_KEY:-}" ]; then SERVICE_API_KEY="$API_KEY"; fi
unset API_KEY
if [ -n "${BASE_URL:-}" ]; then SERVICE_BASE_URL="$BASE_URL"; fi
export SERVICE_API_KEY="${SERVICE_API_KEY:-}" SERVICE_BASE_URL="${SERVICE_BASE_URL:-}"

set -- "$mode"

# BUILD: one path or glob per line (the CLI expands the globs).
if [ "$mode" = deploy ]; then
  [ -n "${BUILD:-}" ] || fail "BUILD is empty: give the build to deploy (a path or glob, e.g. app/build/outputs/apk/release/*.apk), or several, one per line."
  newline='
'
  rest="$BUILD$newline"
  while [ -n "$rest" ]; do
    line="${rest%%"$newline"*}"
    rest="${rest#*"$newline"}"
    if [ -n "$line" ]; then set -- "$@" "--file=$line"; fi
  done
fi

flag() {
  # $1: the Pipe's variable; $2: the CLI's flag. `true` alone turns a switch on; anything but true or false is refused.
  eval "value=\${$1:-}"
  case "$value" in
    '' | false) ;;
    true) switches="$switches $2" ;;
    *) fail "$1 is \"$value\": give true or false." ;;
  esac
}
switches=''
flag WAIT --wait
flag REPORT_LATER --report-later
flag DRY_RUN --dry-run
for switch in $switches; do set -- "$@" "$switch"; done

# Each value passed as it is, one argument, joined to its flag (`--flag=value`): a value that starts with - stays a value.
if [ -n "${VARIABLES:-}" ]; then set -- "$@" "--variables=$VARIABLES"; fi
if [ -n "${RUN_ID:-}" ]; then set -- "$@" "--run-id=$RUN_ID"; fi
if [ -n "${NAME_PREFIX:-}" ]; then set -- "$@" "--name-prefix=$NAME_PREFIX"; fi
if [ -n "${JUNIT:-}" ]; then set -- "$@" "--junit=$JUNIT"; fi
if [ -n "${WAIT_TIMEOUT_MINUTES:-}" ]; then set -- "$@" "--wait-timeout-minutes=$WAIT_TIMEOUT_MINUTES"; fi
if [ -n "${EXPECTED_APP_ID:-}" ]; then set -- "$@" "--expected-app-id=$EXPECTED_APP_ID"; fi
if [ -n "${SKIP_REASON:-}" ]; then set -- "$@" "--skip-reason=$SKIP_REASON"; fi
if [ -n "${SLACK_WEBHOOK:-}" ]; then set -- "$@" "--slack-webhook=$SLACK_WEBHOOK"; fi

exec "$cli" "$@"

#!/usr/bin/env bash
# Runs one command of the mobile-build-deploy CLI with the orb's parameters as its flags. Thin by design:
# the CLI checks every value, names the problem, retries and decides the exit code. The outputs are appended
# to $BASH_ENV in the shell-safe format (no value is ever run by the steps that source it); so is the exit
# code, which a later step ends the job with, so that store_test_results runs before the job fails.
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
# (the installer among them); CircleCI gives it back to the next step.
api_key="${!PARAM_API_KEY:-}"
export -n "${PARAM_API_KEY?}" SERVICE_API_KEY

# Until the CLI has ended, the job's verdict is a failure.
echo "export MOBILE_BUILD_DEPLOY_EXIT=1" >> "$BASH_ENV"

# The CLI's one installer, shared by every wrapper; npm run orb puts wrappers/install-cli.sh here.
# <<include(../../wrappers/install-cli.sh)>>

# A tarball that is not the pinned one stops the job here, before anything in it runs.
mbd_install_cli "$PARAM_CLI_PACKAGE" "$PARAM_CLI_SHA256" || exit 1

handover="$(mktemp)"
args=()
case "$PARAM_COMMAND" in
  deploy)
    mkdir -p "$PARAM_RESULTS_DIR"
    args=(deploy
      --file "$PARAM_FILE" --destination "$PARAM_DESTINATION"
      --name-prefix "$PARAM_NAME_PREFIX" --environment "$PARAM_ENVIRONMENT"
      --expected-app-id "${PARAM_EXPECTED_APP_ID:-}" --platform "${PARAM_PLATFORM:-}"
      --deployment-type "$PARAM_DEPLOYMENT_TYPE" --variables "$PARAM_VARIABLES"
      --fail-on-no-run="$(flag "$PARAM_FAIL_ON_NO_RUN")" --wait="$(flag "$PARAM_WAIT")"
      --wait-timeout-minutes "$PARAM_WAIT_TIMEOUT_MINUTES" --dry-run="$(flag "${PARAM_DRY_RUN:-false}")"
      --junit "$PARAM_RESULTS_DIR/mobile-build-deploy.xml")
    ;;
  wait)
    mkdir -p "$PARAM_RESULTS_DIR"
    args=(wait --run-id "${PARAM_RUN_ID:-${runId:-}}"
      --wait-timeout-minutes "$PARAM_WAIT_TIMEOUT_MINUTES"
      --junit "$PARAM_RESULTS_DIR/mobile-build-wait.xml")
    ;;
  terminate)
    args=(terminate --environment-id "${PARAM_ENVIRONMENT_ID:-${environmentId:-}}")
    ;;
esac

status=0
# shellcheck disable=SC2154 # MBD_CLI_JS is set by mbd_install_cli, included above when the orb is packed.
SERVICE_API_KEY="$api_key" node "$MBD_CLI_JS" "${args[@]}" \
  --base-url "$PARAM_BASE_URL" \
  --output-env "$handover" --output-env-format shell || status=$?
cat "$handover" >> "$BASH_ENV"
rm -f "$handover"
echo "export MOBILE_BUILD_DEPLOY_EXIT=$status" >> "$BASH_ENV"
exit 0

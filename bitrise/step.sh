#!/usr/bin/env bash
# Runs `mobile-build-deploy deploy` with the step's inputs as its flags. Thin by design: the CLI checks every
# value, names the problem, retries and decides the exit code. Its outputs come back NUL-ended (the envman
# hand-over), so that each is set for later steps exactly as it is, never expanded or split; the verdict's
# JUnit report goes where Deploy to Bitrise.io collects test results, also when the verdict fails.
set -uo pipefail

# One build path: the file input, else the one of Bitrise's build paths that is set.
build="${file:-}"
if [ -z "$build" ]; then
  set_paths=()
  for input in apk_path aab_path ipa_path; do
    if [ -n "${!input:-}" ]; then set_paths+=("$input"); fi
  done
  if [ "${#set_paths[@]}" -gt 1 ]; then
    echo "Error: ${set_paths[*]} are all set, and the step deploys one build. Set the Build path input (file) to the one to deploy." >&2
    exit 2
  fi
  if [ "${#set_paths[@]}" -eq 1 ]; then build="${!set_paths[0]}"; fi
fi

results=""
if [ -n "${BITRISE_TEST_RESULT_DIR:-}" ]; then
  results="$BITRISE_TEST_RESULT_DIR/mobile-build-deploy"
  mkdir -p "$results"
fi
handover="$(mktemp)"
trap 'rm -f "$handover"' EXIT

SERVICE_API_KEY="${api_key:-}"
export SERVICE_API_KEY

status=0
npx --yes --package="${cli_package:?The CLI package input (cli_package) is empty: give the package npx runs, e.g. mobile-build-deploy@1}" mobile-build-deploy deploy \
  --file "$build" --destination "${destination:-}" \
  --name-prefix "${name_prefix:-}" --environment "${environment:-}" \
  --deployment-type "${deployment_type:-}" --variables "${variables:-}" \
  --branch "${branch:-}" --pull-request-number "${pull_request:-}" \
  --fail-on-no-run="${fail_on_no_run:-true}" --wait="${wait:-false}" \
  --wait-timeout-minutes "${wait_timeout_minutes:-60}" \
  --base-url "${base_url:-}" \
  ${results:+--junit "$results/mobile-build-deploy.xml"} \
  --output-env "$handover" --output-env-format envman || status=$?

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

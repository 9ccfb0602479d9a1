#!/usr/bin/env bash
# Runs a command (default: npm test) while, every few seconds, one random node process of it
# is paused with SIGSTOP and resumed 1.5 s later, as a loaded CI machine stalls processes.
#   bash script/stall-check.sh [command ...]
set -uo pipefail
[ $# -gt 0 ] || set -- npm test
setsid "$@" &
leader=$!
pauses=0
while kill -0 "$leader" 2>/dev/null; do
  sleep "$(awk 'BEGIN { srand(); printf "%.1f", 2 + rand() * 2 }')"
  pid=$(pgrep -g "$leader" -x node | shuf -n 1)
  [ -n "$pid" ] || continue
  kill -STOP "$pid" 2>/dev/null || continue
  pauses=$((pauses + 1))
  sleep 1.5
  kill -CONT "$pid" 2>/dev/null
done
wait "$leader"
status=$?
echo "stall-check: $pauses pauses of 1.5 s; exit $status" >&2
exit $status

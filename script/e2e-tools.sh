#!/usr/bin/env bash
# The tools the end-to-end suites and the shell lint need beyond npm, from the Debian packages when they are
# missing: rsync (gitlab-ci-local copies the project with it), shellcheck (npm run lint:shell), ruby (the
# fastlane lane of the docs runs in it), curl (the docs' examples download the CLI with it), jq (a Bitrise
# example of the docs reads JSON with it, as Bitrise's stacks can), zsh (a Mac's stock shell: the docs' blocks
# are pasted into it), busybox (an image without bash, as Alpine's: the orb's scripts run under it) and wine64
# (a Windows Node runs the bundle and the copy under it).
# Node 24 for gitlab-ci-local comes from the npm registry when a test first needs it.
set -euo pipefail

missing=()
for tool in rsync shellcheck ruby curl jq zsh busybox; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
# Debian's Wine is a program outside PATH: the suites run it from where the package puts it.
[ -x /usr/lib/wine/wine64 ] || missing+=(wine64)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "Missing ${missing[*]}: install them with your system's package manager." >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
echo "Installing ${missing[*]} (Debian packages)"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# dist/ must be the bundle of the committed source: rebuild it and compare.
set -euo pipefail
npm run --silent package >/dev/null
if [ -n "$(git status --porcelain -- dist)" ]; then
  git status --short -- dist
  echo "dist/ is stale: run 'npm run package' and commit dist/ with the source." >&2
  exit 1
fi

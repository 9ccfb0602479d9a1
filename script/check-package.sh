#!/usr/bin/env bash
# The npm package as it is published: packed (prepack builds build/, whatever the user's npm config says of scripts), then publint (the package.json's
# fields against the files the tarball holds) and Are the Types Wrong? (its type declarations as
# TypeScript resolves them) judge the tarball.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npm pack --silent --ignore-scripts=false --pack-destination "$dir" >/dev/null
tarball=("$dir"/*.tgz)

npx --no-install publint run "${tarball[0]}" --strict
# The package is ESM only ("type": "module", exports with "import" alone), by choice: the esm-only profile
# leaves out the resolutions of CommonJS consumers (node10, node16 from require), which a require() of an
# ES module answers in Node's own terms (it works from Node 22.12, or use import()).
npx --no-install attw "${tarball[0]}" --profile esm-only --format ascii --no-emoji --no-color

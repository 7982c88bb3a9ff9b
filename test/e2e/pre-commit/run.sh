#!/usr/bin/env bash
# pre-commit (the real tool, `pre-commit try-repo`) runs the hooks of .pre-commit-hooks.yaml on staged files:
# a document with errors fails the hook and its findings are shown; a clean document and a YAML file that is not
# OpenAPI pass; a staged $ref'd piece with a broken $ref fails through the document that reaches it.
# By default the `apiconv-system` hook (the built CLI on the PATH, offline); APICONV_PRECOMMIT_NODE=1
# also runs the `apiconv` hook, which pre-commit installs from this repository with npm (needs the npm registry;
# about 4 minutes on 2 cores).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
command -v pre-commit >/dev/null || { apt-get update -qq && apt-get install -y -qq pre-commit >/dev/null; }
WS=$(mktemp -d); trap 'rm -rf "$WS"' EXIT
mkdir -p "$WS/bin" "$WS/repo"
printf '#!/bin/sh\nexec node "%s" "$@"\n' "$ROOT/server/out/cli.js" > "$WS/bin/apiconv"
chmod +x "$WS/bin/apiconv"
export PATH="$WS/bin:$PATH" PRE_COMMIT_HOME="$WS/home"
cd "$WS/repo"
git init -q && git config user.email ci@example.com && git config user.name ci
cp "$ROOT/examples/unconventional.yaml" api.yaml
cp "$ROOT/examples/conventional.yaml" good.yaml
printf 'name: not an API\n' > notes.yaml
# A $ref'd piece of a document, with a broken $ref: staged alone, it fails through the document that reaches it.
mkdir -p spec/paths
printf "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /api/v1/users:\n    \$ref: paths/users.yaml\n" > spec/openapi.yaml
printf "get:\n  responses:\n    '200':\n      \$ref: '../responses.yaml#/Missing'\n" > spec/paths/users.yaml
printf 'Other:\n  description: ok\n' > spec/responses.yaml
git add .
hooks=(apiconv-system)
[ "${APICONV_PRECOMMIT_NODE:-}" = 1 ] && hooks+=(apiconv)
for hook in "${hooks[@]}"; do
  echo "--- $hook"
  if out=$(pre-commit try-repo "$ROOT" "$hook" --files api.yaml notes.yaml 2>&1); then
    echo "$out"; echo "FAIL: $hook passed on a document with errors"; exit 1
  fi
  grep -q 'Failed' <<<"$out" && grep -q 'path-no-verbs' <<<"$out" || { echo "$out"; echo "FAIL: $hook did not report the findings"; exit 1; }
  echo "$hook fails on api.yaml with its findings"
  pre-commit try-repo "$ROOT" "$hook" --files good.yaml notes.yaml >/dev/null 2>&1 || { echo "FAIL: $hook failed on clean files"; exit 1; }
  echo "$hook passes on good.yaml and notes.yaml"
  if out=$(pre-commit try-repo "$ROOT" "$hook" --files spec/paths/users.yaml 2>&1); then
    echo "$out"; echo "FAIL: $hook passed on a staged piece with a broken \$ref"; exit 1
  fi
  grep -q 'invalid-ref' <<<"$out" || { echo "$out"; echo "FAIL: $hook did not report the broken \$ref of the piece"; exit 1; }
  echo "$hook fails on a staged piece with a broken \$ref, through its document"
done
echo PASS

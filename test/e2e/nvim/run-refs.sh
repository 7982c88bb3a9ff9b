#!/usr/bin/env bash
# Neovim (headless, built-in LSP client): references and rename of a schema used across the three files of
# test/fixtures/refs; then the CLI lints the renamed files: no invalid-ref, the findings of before with the new name.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
command -v nvim >/dev/null || { apt-get update -qq && apt-get install -y -qq neovim >/dev/null; }
export APICONV_SERVER=${APICONV_SERVER:-$ROOT/server/out/server.js}
WS=$(mktemp -d); trap 'rm -rf "$WS"' EXIT
cp -r "$ROOT/test/fixtures/refs/." "$WS/"
cd "$WS"
before=$(node "$ROOT/server/out/cli.js" lint -f json api.yaml | sed 's/Pet/Animal/g' || true)
export XDG_DATA_HOME=$WS/.xdg/data XDG_STATE_HOME=$WS/.xdg/state XDG_CACHE_HOME=$WS/.xdg/cache XDG_CONFIG_HOME=$WS/.xdg/config
timeout 120 nvim --headless --clean -c "luafile $HERE/refs-test.lua" api.yaml
grep -q "'../api.yaml#/components/schemas/Animal/properties/owner'" paths/pet.yaml
grep -q "'api.yaml#/components/schemas/Animal'" schemas.yaml
after=$(node "$ROOT/server/out/cli.js" lint -f json api.yaml || true)
[ "$before" = "$after" ] || { echo "FAIL: the lint changed beyond the name"; diff <(echo "$before") <(echo "$after") | head -20; exit 1; }
echo "lint after the rename: the same apart from the name"

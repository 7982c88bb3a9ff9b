#!/usr/bin/env bash
# Neovim (headless, built-in LSP client) end-to-end test of apiconv-language-server.
# Exit 0: the expected diagnostics (codes and lines) arrived. APICONV_SERVER overrides the server path.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
command -v nvim >/dev/null || { apt-get update -qq && apt-get install -y -qq neovim >/dev/null; }
export APICONV_SERVER=${APICONV_SERVER:-$ROOT/server/out/server.js}
[ -f "$APICONV_SERVER" ] || echo "warning: $APICONV_SERVER does not exist (run npm run build)" >&2
WS=$(mktemp -d); trap 'rm -rf "$WS"' EXIT
cp "$ROOT/examples/unconventional.yaml" "$WS/api.yaml"
# servers-https at the http:// server URL, path-no-verbs at /getUsers (1-based lines).
line_of() { grep -n -m1 -F -- "$1" "$WS/api.yaml" | cut -d: -f1; }
export EXPECT="servers-https:$(line_of 'url: http://'),path-no-verbs:$(line_of '/getUsers:')"
echo "expect: $EXPECT"
cd "$WS"
export XDG_DATA_HOME=$WS/.xdg/data XDG_STATE_HOME=$WS/.xdg/state XDG_CACHE_HOME=$WS/.xdg/cache XDG_CONFIG_HOME=$WS/.xdg/config
timeout 120 nvim --headless --clean -c "luafile $HERE/lsp-test.lua" api.yaml

#!/usr/bin/env bash
# Neovim (headless): the user setups of editors/nvim/ as documented — the 0.7 style (vim.lsp.start_client from a
# FileType autocmd) and, on Neovim 0.11+, the vim.lsp.config style (lsp/apiconv.lua + vim.lsp.enable) — loaded as
# the user's config, with `apiconv-language-server` on the PATH; the expected diagnostics must arrive.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
command -v nvim >/dev/null || { apt-get update -qq && apt-get install -y -qq neovim >/dev/null; }
SERVER=${APICONV_SERVER:-$ROOT/server/out/server.js}
WS=$(mktemp -d); trap 'rm -rf "$WS"' EXIT
mkdir -p "$WS/bin"
printf '#!/bin/sh\nexec node "%s" "$@"\n' "$SERVER" > "$WS/bin/apiconv-language-server"
chmod +x "$WS/bin/apiconv-language-server"
export PATH="$WS/bin:$PATH"
cp "$ROOT/examples/unconventional.yaml" "$WS/api.yaml"
line_of() { grep -n -m1 -F -- "$1" "$WS/api.yaml" | cut -d: -f1; }
export EXPECT="servers-https:$(line_of 'url: http://'),path-no-verbs:$(line_of '/getUsers:')"
cd "$WS"
run_with() { # $1: name; the config is in $WS/$1/nvim
  export XDG_CONFIG_HOME=$WS/$1 XDG_DATA_HOME=$WS/$1/.data XDG_STATE_HOME=$WS/$1/.state XDG_CACHE_HOME=$WS/$1/.cache
  echo "--- $1"
  timeout 120 nvim --headless -c "luafile $HERE/check-diagnostics.lua" api.yaml
}
mkdir -p "$WS/nvim-0.7/nvim/lua"
cp "$ROOT/editors/nvim/apiconv-0.7.lua" "$WS/nvim-0.7/nvim/lua/apiconv.lua"
echo "require('apiconv')" > "$WS/nvim-0.7/nvim/init.lua"
run_with nvim-0.7
if nvim --headless --clean -c 'lua io.stdout:write(vim.lsp.config and "yes" or "no")' -c 'qall!' 2>/dev/null | grep -q yes; then
  mkdir -p "$WS/nvim-0.11/nvim/lsp"
  cp "$ROOT/editors/nvim/lsp/apiconv.lua" "$WS/nvim-0.11/nvim/lsp/apiconv.lua"
  echo "vim.lsp.enable('apiconv')" > "$WS/nvim-0.11/nvim/init.lua"
  run_with nvim-0.11
else
  echo "--- nvim-0.11: skipped: $(nvim --version | head -1) has no vim.lsp.config (0.11+); only the 0.7 style is tested here"
fi

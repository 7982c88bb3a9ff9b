#!/usr/bin/env bash
# Emacs + Eglot (headless): the user setup of editors/emacs/apiconv.el as documented, with
# `apiconv-language-server` on the PATH; the expected diagnostics must arrive.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
SERVER=${APICONV_SERVER:-$ROOT/server/out/server.js}
BIN=$(mktemp -d); trap 'rm -rf "$BIN"' EXIT
printf '#!/bin/sh\nexec node "%s" "$@"\n' "$SERVER" > "$BIN/apiconv-language-server"
chmod +x "$BIN/apiconv-language-server"
PATH="$BIN:$PATH" APICONV_EMACS_CONFIG="$ROOT/editors/emacs/apiconv.el" bash "$HERE/run.sh"

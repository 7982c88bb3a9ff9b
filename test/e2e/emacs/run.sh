#!/usr/bin/env bash
# Emacs + Eglot (headless) end-to-end test of apiconv-language-server.
# Exit 0: the expected diagnostics (codes and lines) arrived. APICONV_SERVER overrides the server path.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
if ! command -v emacs >/dev/null || ! ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq emacs-nox elpa-eglot >/dev/null
fi
export APICONV_SERVER=${APICONV_SERVER:-$ROOT/server/out/server.js}
[ -f "$APICONV_SERVER" ] || echo "warning: $APICONV_SERVER does not exist (run npm run build)" >&2
WS=$(mktemp -d); trap 'rm -rf "$WS"' EXIT
cp "$ROOT/examples/unconventional.yaml" "$WS/api.yaml"
line_of() { grep -n -m1 -F -- "$1" "$WS/api.yaml" | cut -d: -f1; }
export EXPECT="servers-https:$(line_of 'url: http://'),path-no-verbs:$(line_of '/getUsers:')"
echo "expect: $EXPECT"
cd "$WS"
export HOME=$WS   # keep ~/.emacs.d out of the real home
export EMACSLOADPATH=
timeout 120 emacs --batch -l "$HERE/eglot-test.el" api.yaml

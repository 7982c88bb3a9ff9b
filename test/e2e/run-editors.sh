#!/usr/bin/env bash
# Runs the non-VS Code editor end-to-end tests (Neovim, Emacs/Eglot) against the built server, then the user
# setups of editors/ (Neovim 0.7 and 0.11+ styles, Eglot) with apiconv-language-server on the PATH.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
rc=0
for t in nvim/run.sh nvim/run-refs.sh emacs/run.sh nvim/run-configs.sh emacs/run-config.sh; do
  echo "=== $t"
  if bash "$HERE/$t"; then echo "=== $t: PASS"; else echo "=== $t: FAIL"; rc=1; fi
done
exit $rc

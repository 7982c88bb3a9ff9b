#!/usr/bin/env bash
# Runs the non-VS Code editor end-to-end tests (Neovim, Emacs/Eglot) against the built server.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
rc=0
for t in nvim emacs; do
  echo "=== $t"
  if bash "$HERE/$t/run.sh"; then echo "=== $t: PASS"; else echo "=== $t: FAIL"; rc=1; fi
done
exit $rc

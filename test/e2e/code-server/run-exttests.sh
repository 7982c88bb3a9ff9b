#!/usr/bin/env bash
# The extension-host suite (test/e2e/vscode/suite, the @vscode/test-electron run() contract) in code-server:
# the extension is loaded from the repository (extensionDevelopmentPath), the suite from test/e2e/vscode/out/index.js.
# Needs: install.sh done, `npm run build`, `node test/e2e/vscode/build.mjs`. Exit 0 = every test passed.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../../.." && pwd)
eval "$("$HERE/install.sh" --env)"
export SHOT_DIR=${SHOT_DIR:-$ROOT/test-results/vscode}; mkdir -p "$SHOT_DIR"
# UNTRUSTED=1: workspace trust on; the suite then runs its restricted-mode tests (and grants trust through the UI)
export SHOT_NAME=exttests${UNTRUSTED:+-untrusted}
RUN=$(mktemp -d "${TMPDIR:-/tmp}/apiconv-exttests-XXXX"); export WS=$RUN/workspace
cp -r "$ROOT/test/e2e/vscode/workspace" "$WS"
source "$HERE/lib.sh"
cs_prepare
export EXT_DEV=${EXT_DEV:-$ROOT} EXT_TESTS=$ROOT/test/e2e/vscode/out/index.js
[ -f "$EXT_TESTS" ] || { echo "missing $EXT_TESTS: run node test/e2e/vscode/build.mjs"; exit 1; }
# the extension host inherits code-server's environment
export APICONV_E2E_ONLY=${APICONV_E2E_ONLY:-}
cs_start
echo "code-server $CS_VERSION up on $CS_URL (run dir $RUN)"
set +e
NODE_PATH=$PW_NODE_PATH CHROMIUM=$CHROMIUM node "$HERE/driver.js" exttests; RC=$?
set -e
cs_stop
# The extension host's own log: a client that registers a diagnostic collection under a name already taken makes it
# warn at each server start (the suite restarts the server).
EXTHOST_LOGS=$(ls "$UDD"/logs/*/exthost*/{remote,}exthost.log 2>/dev/null || true)
if [ -z "$EXTHOST_LOGS" ]; then echo "FAIL: no extension host log under $UDD/logs"; RC=1
elif grep -h "DiagnosticCollection with name" $EXTHOST_LOGS; then echo "FAIL: the extension host log says a diagnostic collection name is taken twice"; RC=1
else echo "extension host log: no diagnostic collection registered twice"; fi
cp "$RUN/code-server.log" "$SHOT_DIR/$SHOT_NAME-code-server.log" 2>/dev/null || true
for f in "$UDD"/logs/*/exthost*/apiconv.apiconv/*.log; do if [ -f "$f" ]; then cp "$f" "$SHOT_DIR/$SHOT_NAME-$(basename "$f")"; fi; done
if [ $RC = 0 ] && [ -z "${KEEP_RUN:-}" ]; then rm -rf "$RUN"; else echo "run folder kept: $RUN"; fi
exit $RC

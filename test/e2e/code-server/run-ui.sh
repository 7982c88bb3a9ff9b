#!/usr/bin/env bash
# Smoke test of the packaged extension through the UI: installs the .vsix into a throwaway code-server profile,
# opens an unconventional document from the Explorer, waits for squiggles and for the Problems panel to list
# apiconv findings; screenshots in test-results/vscode/. Then, with ../shared/corpus present, the latencies on pets,
# asana and stripe (driver.js latency; test-results/vscode/latency-result.json). Needs: install.sh done, `npm run package`.
# LAT_ONLY=asana.yaml[,spec3.yaml]: only the latency run, on those of the three (a short loop while tuning);
# stripe's opens only: LAT_ONLY=petstore.yaml,spec3.yaml LAT_BROKEN= KS_KEYS=0 [LAT_OPENS=5].
# LAT_FLOOR=1: VS Code's own part of the opens, with no extension installed (Enter → the editor shows the text).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../../.." && pwd)
eval "$("$HERE/install.sh" --env)"
VSIX=${VSIX:-$ROOT/apiconv.vsix}
[ -f "$VSIX" ] || { echo "missing $VSIX: run npm run package"; exit 1; }
export SHOT_DIR=${SHOT_DIR:-$ROOT/test-results/vscode}; mkdir -p "$SHOT_DIR"
RUN=$(mktemp -d "${TMPDIR:-/tmp}/apiconv-ui-XXXX"); export WS=$RUN/workspace
mkdir -p "$WS"; cp "$ROOT/examples/unconventional.yaml" "$WS/"
source "$HERE/lib.sh"
cs_prepare
# LAT_PROFILE=<dir>: the latency run's CPU profiles (driver.js, profiler.js), the language server's in <dir>/server
# (written when it exits: the driver restarts it at the end). profile-timeline.mjs <dir> lines them up.
NODE_WS=()
if [ -n "${LAT_PROFILE:-}" ]; then
  mkdir -p "$LAT_PROFILE/server"; export APICONV_SERVER_CPU_PROF=$LAT_PROFILE/server
  # a free port for the extension host's inspector: on a fixed one, two runs at once profiled each other's host
  export LAT_INSPECT_PORT=${LAT_INSPECT_PORT:-$(free_port)}
  node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || NODE_WS=(--experimental-websocket)
fi
if [ "${LAT_FLOOR:-}" = 1 ]; then
  [ -n "${LAT_ONLY:-}" ] || export LAT_ONLY=petstore.yaml,asana.yaml,spec3.yaml
else
  "$CS_NODE" "$CS_ENTRY" "${CS_COMMON[@]}" --install-extension "$VSIX" --force
  "$CS_NODE" "$CS_ENTRY" "${CS_COMMON[@]}" --list-extensions --show-versions | grep -q '^apiconv.apiconv@' || { echo "FAIL: the .vsix did not install"; exit 1; }
fi
cs_start
if [ "${LAT_FLOOR:-}" = 1 ]; then echo "code-server $CS_VERSION up on $CS_URL with no extension (LAT_FLOOR)"; else echo "code-server $CS_VERSION up on $CS_URL with the .vsix installed"; fi
set +e
# what the CLI finds in the same file: the Problems panel must count the same
UI_EXPECT_COUNT=$(cd "$WS" && node "$ROOT/server/out/cli.js" lint -f json unconventional.yaml | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))') || true
[ -n "$UI_EXPECT_COUNT" ] || { echo "FAIL: the CLI did not report on unconventional.yaml"; exit 1; }
export UI_EXPECT_COUNT
RC=0
if [ -z "${LAT_ONLY:-}" ]; then
  NODE_PATH=$PW_NODE_PATH CHROMIUM=$CHROMIUM UI_FILE=unconventional.yaml UI_EXPECT=${UI_EXPECT:-path-no-verbs,servers-https,get-no-request-body} \
    node "$HERE/driver.js" ui || RC=1
fi
# What a user waits for on real API descriptions, when ../shared/corpus is there: Quick Open → Problems lists it,
# keystroke → the status bar's count, on pets (3 KB), asana (400 KB) and stripe (4 MB), and breaking and mending
# stripe's YAML.
CORPUS="${APICONV_CORPUS:-$ROOT/../shared/corpus}"
if [ -f "$CORPUS/stripe/spec3.yaml" ] && [ -z "${SKIP_KEYSTROKE:-}" ]; then
  cp "$CORPUS/oai-petstore-v3/petstore.yaml" "$CORPUS/asana/asana.yaml" "$CORPUS/stripe/spec3.yaml" "$WS/"
  export LAT_FILES=${LAT_ONLY:-petstore.yaml,asana.yaml,spec3.yaml}
  # what the CLI finds in each: the Problems panel must count as many (or the 1,000 VS Code shows) once the user has read
  LAT_EXPECT_COUNTS=$(cd "$WS" && node "$ROOT/server/out/cli.js" lint -f json ${LAT_FILES//,/ } | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const n={};for(const f of JSON.parse(s))n[f.source.split("/").pop()]=(n[f.source.split("/").pop()]||0)+1;console.log(Object.entries(n).map(([f,c])=>f+":"+c).join(","))})') || true
  export LAT_EXPECT_COUNTS
  NODE_PATH=$PW_NODE_PATH CHROMIUM=$CHROMIUM LAT_BROKEN=${LAT_BROKEN-spec3.yaml} node "${NODE_WS[@]}" "$HERE/driver.js" latency || RC=1
else
  echo "latency on real documents: skipped (no corpus at $CORPUS: pets, asana and stripe come from it)"
fi
set -e
cs_stop
cp "$RUN/code-server.log" "$SHOT_DIR/ui-code-server.log" 2>/dev/null || true
if [ $RC = 0 ] && [ -z "${KEEP_RUN:-}" ]; then rm -rf "$RUN"; else echo "run folder kept: $RUN"; fi
exit $RC

#!/usr/bin/env bash
# The HTML report (-f html) in Debian's headless Chromium, driven by playwright-core: it opens offline (every
# request the page would make is refused and counted), its tabs switch, the score and the code snippets show,
# and a screenshot is kept in test-results/report/. The document is stripe's API from ../shared/corpus when it is
# there (the report of a large API must stay under 2 MB), else the example documents.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CACHE=${APICONV_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apiconv-e2e}
PW_VERSION=${PW_VERSION:-1.65.1}
PWDIR="$CACHE/playwright-core-$PW_VERSION"
if ! command -v chromium >/dev/null; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
if [ ! -f "$PWDIR/.done" ]; then
  rm -rf "$PWDIR"; mkdir -p "$PWDIR"; echo '{"name":"pw","private":true}' > "$PWDIR/package.json"
  (cd "$PWDIR" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm i --no-audit --no-fund --no-save --loglevel=error "playwright-core@$PW_VERSION") && touch "$PWDIR/.done"
fi
[ -f "$ROOT/server/out/cli.js" ] || (cd "$ROOT" && npm run -s build)
OUT="$ROOT/test-results/report"
mkdir -p "$OUT"
STRIPE="$ROOT/../shared/corpus/stripe/spec3.yaml"
if [ -f "$STRIPE" ]; then DOC=$STRIPE; MAX_BYTES=$((2 * 1024 * 1024)); else DOC="$ROOT/examples"; MAX_BYTES=0; fi
# Exit 1 is the findings: the report is what is checked.
node "$ROOT/server/out/cli.js" lint -f html:"$OUT/report.html" -f json:"$OUT/report.json" "$DOC" || [ $? = 1 ]
NODE_PATH="$PWDIR/node_modules" CHROMIUM="$(command -v chromium)" node "$HERE/check.js" "$OUT/report.html" "$OUT/report.json" "$OUT/report.png" "$MAX_BYTES"

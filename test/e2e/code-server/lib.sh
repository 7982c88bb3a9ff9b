# Shared by run-exttests.sh and run-ui.sh (sourced): start and stop a throwaway code-server.
# Needs: CS_NODE, CS_ENTRY, CS_VERSION (from install.sh --env), RUN (a fresh folder), WS (workspace folder).

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

cs_prepare() {
  UDD=$RUN/user-data; EXTDIR=$RUN/extensions
  # keep code-server (~/.local/share/code-server, ~/.cache/Microsoft) and chromium (~/.config/chromium) out of $HOME
  export XDG_DATA_HOME=$RUN/xdg/data XDG_CONFIG_HOME=$RUN/xdg/config XDG_CACHE_HOME=$RUN/xdg/cache
  mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$UDD/User" "$EXTDIR"
  cat > "$UDD/User/settings.json" <<'JSON'
{
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "workbench.startupEditor": "none",
  "workbench.enableExperiments": false,
  "workbench.tips.enabled": false,
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "files.autoSave": "off",
  "workbench.secondarySideBar.defaultVisibility": "hidden"
}
JSON
  # UNTRUSTED=1: workspace trust on, so the folder opens in restricted mode (no startup prompt)
  if [ -n "${UNTRUSTED:-}" ]; then
    sed -i 's/"security.workspace.trust.enabled": false/"security.workspace.trust.enabled": true, "security.workspace.trust.startupPrompt": "never"/' "$UDD/User/settings.json"
  fi
  # APICONV_TRACE=verbose: log the LSP traffic into the apiconv output channel (copied to test-results/)
  if [ -n "${APICONV_TRACE:-}" ]; then sed -i "s/^{/{ \"apiconv.trace.server\": \"$APICONV_TRACE\",/" "$UDD/User/settings.json"; fi
  PORT=${PORT:-$(free_port)}
  # a throwaway config file, so that nothing is written to ~/.config/code-server
  printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" > "$RUN/config.yaml"
  CS_COMMON=(--config "$RUN/config.yaml" --user-data-dir "$UDD" --extensions-dir "$EXTDIR")
  export CS_URL="http://127.0.0.1:$PORT"
}

# cs_start [extra code-server options...]: starts code-server on $WS in its own process group.
cs_start() {
  local trust=(--disable-workspace-trust)
  if [ -n "${UNTRUSTED:-}" ]; then trust=(); fi
  setsid "$CS_NODE" "$CS_ENTRY" "${CS_COMMON[@]}" --bind-addr "127.0.0.1:$PORT" --auth none \
    --disable-telemetry --disable-update-check "${trust[@]}" \
    --disable-getting-started-override --ignore-last-opened "$@" "$WS" > "$RUN/code-server.log" 2>&1 &
  CS_PID=$!
  export CS_PID
  trap cs_stop EXIT
  for _ in $(seq 1 240); do
    curl -sf "$CS_URL/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$CS_PID" 2>/dev/null || { echo "code-server exited:"; cat "$RUN/code-server.log"; return 1; }
    sleep 0.25
  done
  echo "code-server did not answer on $CS_URL"; cat "$RUN/code-server.log"; return 1
}

# stops the whole process group: server, extension host, language server, file watchers
cs_stop() {
  [ -n "${CS_PID:-}" ] || return 0
  kill -TERM -- -"$CS_PID" 2>/dev/null || true
  for _ in $(seq 1 20); do pgrep -g "$CS_PID" >/dev/null || break; sleep 0.25; done
  kill -KILL -- -"$CS_PID" 2>/dev/null || true
  CS_PID=
}

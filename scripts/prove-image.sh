#!/usr/bin/env bash
# The Dockerfile's steps without Docker (no engine on this machine): build each app as the image
# does (scripts/build-service.ts: pnpm deploy --prod + compiled bundle), make the tree read-only
# to the runtime user, start the compiled main as a non-root user (uid 65534) with the Node
# version given (NODE_BIN, default node), wait for /readyz, and check /metrics on METRICS_PORT (and none on
# the public port). Prints size and start time per app.
#   scripts/prove-image.sh [app...]     (needs DATABASE_URL, NATS_URL, REDIS_URL for the services)
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_BIN=${NODE_BIN:-node}
apps=("$@")
(( ${#apps[@]} )) || apps=(cart forms restock identity analytics content render gateway)
port=18080
echo "app        size    start (to /readyz 200)  node $("$NODE_BIN" --version); size: the app's tree, which the image adds to node:24-slim"
for app in "${apps[@]}"; do
  tmp=$(mktemp -d) && chmod 755 "$tmp"   # mktemp makes it 0700: the runtime user must reach it
  out=$tmp/"$app"
  node --conditions=@sc/source --import tsx scripts/build-service.ts "$app" "$out" >/dev/null 2>&1
  chmod -R go-w "$out"
  size=$(du -sh "$out" | cut -f1)
  port=$((port + 1))
  started=$(date +%s%N)
  # exec: the subshell becomes setpriv, which becomes node, so $! is node's pid and kill stops it.
  (cd "$out" && exec env PORT=$port METRICS_PORT=$((port + 1000)) HOST=127.0.0.1 IDENTITY_SIGNING_KEY=${IDENTITY_SIGNING_KEY:-prove-image-signing-key-0123456789abcdef} \
    setpriv --reuid=65534 --regid=65534 --clear-groups "$NODE_BIN" --enable-source-maps dist/bundle/main.js >"$out.log" 2>&1) &
  pid=$!
  ok=no
  for _ in $(seq 1 600); do
    if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then ok=yes; break; fi
    sleep 0.1
  done
  ms=$(( ($(date +%s%N) - started) / 1000000 ))
  # Its metrics on METRICS_PORT, none on the public port (where render answers any path as a page:
  # 404, or 503 here with no content service to ask).
  metrics=no
  if [[ $ok == yes ]] && curl -sf "http://127.0.0.1:$((port + 1000))/metrics" | grep '^nodejs_eventloop_lag_seconds ' >/dev/null \
    && ! curl -s "http://127.0.0.1:$port/metrics" | grep '^nodejs_eventloop_lag_seconds ' >/dev/null; then metrics=yes; fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [[ $ok != yes ]]; then echo "$app did not become ready:"; tail -5 "$out.log"; exit 1; fi
  if [[ $metrics != yes ]]; then echo "$app: no /metrics on METRICS_PORT, or one on the public port"; exit 1; fi
  printf '%-10s %-7s %s ms\n' "$app" "$size" "$ms"
  rm -rf "$out" "$out.log"
done

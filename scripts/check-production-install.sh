#!/usr/bin/env bash
# Proves the production install: the build and the lockfile, copied into an empty folder with
# `npm ci --omit=dev`, run the storefront with plain `node` (no tsx, no webpack, no source tree).
# Starts it with production settings on a free port, checks /healthz, the server-rendered home page
# and a guest token, prints the size of the production node_modules, stops it and cleans up.
# Fails loudly, with the server's log, on anything else.
#
#   bash scripts/check-production-install.sh             builds first (client only when stale, server always)
#   bash scripts/check-production-install.sh --no-build  checks the build as it is (after `npm run build`)
#
# `npm test` runs it as its 'production install' step (tests/run-all.ts).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

WORK=""
SERVER_PID=""
say() { printf '\n==> %s\n' "$*"; }
fail() {
  echo "" >&2
  echo "!!! production install check FAILED: $*" >&2
  if [ -n "$WORK" ] && [ -s "$WORK/server.log" ]; then
    echo "--- server log (last 40 lines) ---" >&2
    tail -n 40 "$WORK/server.log" >&2
  fi
  exit 1
}
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [ -n "$WORK" ]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT

if [ "${1:-}" != "--no-build" ]; then
  say "Build: the client when stale, the server (tsc)"
  node --import tsx -e 'require("./src/server/cli/clientBuild").ensureClientBuilt()'
  npm run --silent build:server
fi
for f in dist/index.html dist-ssr/render.js dist-server/server/cli/start.js; do
  [ -f "$f" ] || fail "$f is missing: run npm run build first"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/storefront-production-XXXXXX")"
APP="$WORK/app"
say "Copying the build to $APP"
mkdir -p "$APP/public" "$APP/scripts"
cp package.json package-lock.json "$APP/"
cp scripts/run-server-cli.mjs "$APP/scripts/"
cp -R dist dist-ssr dist-server "$APP/"
cp -R public/media "$APP/public/media"

say "npm ci --omit=dev"
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund --prefer-offline) || fail "npm ci --omit=dev failed"
for dev_only in tsx typescript webpack react jest; do
  [ ! -e "$APP/node_modules/$dev_only" ] || fail "node_modules/$dev_only is installed with --omit=dev: a runtime dependency pulls it in"
done

say "Without the client build, the start refuses in one line"
mv "$APP/dist" "$APP/dist.hidden"
set +e
refusal="$(cd "$APP" && node dist-server/server/cli/start.js 2>&1)"
refusal_status=$?
set -e
mv "$APP/dist.hidden" "$APP/dist"
[ "$refusal_status" -ne 0 ] || fail "the start without dist/ exited 0"
[ "$(printf '%s\n' "$refusal" | wc -l)" -eq 1 ] || fail "the start without dist/ said more than one line: $refusal"
[[ "$refusal" == *"run npm run build first"* ]] || fail "the start without dist/ did not say to build: $refusal"
echo "exit $refusal_status: $refusal"

PORT="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
BASE="http://127.0.0.1:$PORT"
say "Starting node dist-server/server/cli/start.js (NODE_ENV=production) at $BASE"
JWT_SECRET_VALUE="$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("hex"))')"
(
  cd "$APP"
  exec env -u DATABASE_URL -u REDIS_URL -u CLIENT_DIST_DIR -u MEDIA_DIR \
    NODE_ENV=production JWT_SECRET="$JWT_SECRET_VALUE" SMTP_URL=smtp://127.0.0.1:2525 \
    PUBLIC_URL="$BASE" HOST=127.0.0.1 PORT="$PORT" DATA_DIR="$WORK/data" \
    node dist-server/server/cli/start.js
) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

for i in $(seq 1 180); do
  kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited before answering /healthz"
  if curl -fsS -o /dev/null --max-time 2 "$BASE/healthz" 2>/dev/null; then break; fi
  [ "$i" -lt 180 ] || fail "no answer from $BASE/healthz within 90 s"
  sleep 0.5
done

# check NAME URL EXPECTED-CONTENT-TYPE BODY-PATTERN
check() {
  local name="$1" url="$2" type="$3" pattern="$4" status content_type
  status="$(curl -sS -o "$WORK/body" -D "$WORK/headers" -H 'Accept: text/html,application/json' --max-time 20 -w '%{http_code}' "$url")" \
    || fail "$name: no answer from $url"
  content_type="$(grep -i '^content-type:' "$WORK/headers" | head -n 1 | tr -d '\r' | cut -d' ' -f2- || true)"
  [ "$status" = 200 ] || fail "$name: $url answered $status: $(head -c 300 "$WORK/body")"
  [[ "$content_type" == "$type"* ]] || fail "$name: $url answered content-type '$content_type', expected $type"
  grep -q -- "$pattern" "$WORK/body" || fail "$name: $url lacks '$pattern': $(head -c 300 "$WORK/body")"
  echo "ok  $name: GET $url → $status $content_type"
}
check 'liveness' "$BASE/healthz" 'application/json' '"status":"ok"'
# The home page is rendered on the server (dist-ssr/render.js with the production dependencies only).
check 'home page' "$BASE/" 'text/html' 'id="server-page"'
check 'guest token' "$BASE/v1/token/guest" 'application/json' '"success":true'

say "Size of the production install"
echo "$(du -sh "$APP/node_modules" | cut -f1)  node_modules (npm ci --omit=dev)"
echo "$(du -sh "$APP/dist" "$APP/dist-ssr" "$APP/dist-server" | cut -f1 | paste -sd' ')  dist, dist-ssr, dist-server"

say "Stopping the server (SIGTERM)"
kill -TERM "$SERVER_PID"
set +e
wait "$SERVER_PID"
stop_status=$?
set -e
SERVER_PID=""
[ "$stop_status" -eq 0 ] || fail "the server exited with $stop_status on SIGTERM"
echo "stopped cleanly"

say "The operator's tools run from the build: npm run db:migrate -- --status, npm run catalog:import"
migrate_env=(env -u DATABASE_URL NODE_ENV=production JWT_SECRET="$JWT_SECRET_VALUE" SMTP_URL=smtp://127.0.0.1:2525 DATA_DIR="$WORK/data")
status_out="$(cd "$APP" && "${migrate_env[@]}" npm run --silent db:migrate -- --status 2>&1)" || fail "npm run db:migrate -- --status failed: $status_out"
[[ "$status_out" == *"Database schema is up to date."* ]] || fail "npm run db:migrate -- --status did not say the schema is up to date: $status_out"
echo "$status_out" | tail -n 2
import_out="$(cd "$APP" && "${migrate_env[@]}" npm run --silent catalog:import -- --demo 2>&1)" || fail "npm run catalog:import -- --demo failed: $import_out"
echo "$import_out" | tail -n 1

say "Production install check passed"

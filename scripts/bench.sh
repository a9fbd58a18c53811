#!/usr/bin/env bash
# `make bench`: loopback HTTP load against a release build of BuildLedger, on SQLite and on
# PostgreSQL, with every figure also given as a ratio to a plain actix-web handler measured in the
# same run (crates/bench-plain). Seeds through the real API (scripts/bench/seed.py), drives load
# with wrk (scripts/bench/*.lua), writes docs/benchmarks.md (scripts/bench/report.py).
# Issue 31: the board read, the summary and the built frontend's entry chunk, largest chunk and
# favicon are also requested as a browser does, with `Accept-Encoding: gzip, deflate, br, zstd`
# (scenarios *_br), beside the same request without it, under 32 connections and on one kept-alive
# connection (*_single, `wrk -t1 -c1`).
#
# Environment (all optional):
#   BENCH_DURATION=10        seconds per measured scenario (plus a short warm-up)
#   BENCH_THREADS=2          wrk threads (the machine has 2 cores; the server gets the same)
#   BENCH_CONNECTIONS=32     wrk connections
#   BENCH_SIZES=200,1000,10000
#   BENCH_BIDS_PER_TASK=3    bids seeded on every task (a third awarded); 0 for none
#   BENCH_LEDGER=5,1         payments and change orders seeded on every task of boards up to 1,000
#                            tasks (issue 19); 0,0 for none
#   BENCH_SCHEDULE=1000,1500 tasks and links of the schedule's project (issue 33); 0,0 for none
#   BENCH_BACKENDS="sqlite postgres"
#   BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres  (bl_bench is created and dropped)
#   BENCH_SKIP_BUILD=1       use the existing target/release binaries
#   BENCH_BIN=path           the server binary (default target/release/buildledger); with
#   BENCH_PLAIN_BIN=path     the baseline's (default target/release/buildledger-bench-plain), e.g. the
#                            debug builds to check the script itself (their figures mean nothing)
#   BENCH_DIST=frontend/dist the built frontend served for the static scenarios (entry chunk, largest
#                            chunk, favicon); without an index.html there, those scenarios are skipped
#   BENCH_OUT=docs/benchmarks.md
#   BENCH_APP_PORT=18080, BENCH_PLAIN_PORT=18090   loopback ports of the server and the baseline
#   BENCH_SAVE_RESULTS=path  keep the raw results (JSON lines) to regenerate the report later:
#                            python3 scripts/bench/report.py --results path --out docs/benchmarks.md ...
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DURATION="${BENCH_DURATION:-10}"
THREADS="${BENCH_THREADS:-2}"
CONNS="${BENCH_CONNECTIONS:-32}"
SIZES="${BENCH_SIZES:-200,1000,10000}"
BACKENDS="${BENCH_BACKENDS:-sqlite postgres}"
PG_ADMIN_URL="${BENCH_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PG_DB=bl_bench
export PGOPTIONS="${PGOPTIONS:---client-min-messages=warning}"
OUT="${BENCH_OUT:-docs/benchmarks.md}"
PLAIN_PORT="${BENCH_PLAIN_PORT:-18090}"
APP_PORT="${BENCH_APP_PORT:-18080}"
export BENCH_LUA_DIR="$ROOT/scripts/bench"

log() { printf '[bench] %s\n' "$*" >&2; }

# --- tools -------------------------------------------------------------------------------
if ! command -v wrk >/dev/null 2>&1; then
  log "installing wrk (apt)"
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
  else sudo apt-get install -y wrk >/dev/null || { sudo apt-get update >/dev/null && sudo apt-get install -y wrk >/dev/null; }; fi
fi
for tool in curl python3; do
  command -v "$tool" >/dev/null 2>&1 || { log "$tool is required"; exit 1; }
done

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  log "building release binaries (cold: ~7 min)"
  cargo build --release -p buildledger -p buildledger-bench-plain
fi
BIN="${BENCH_BIN:-$ROOT/target/release/buildledger}"
PLAIN_BIN="${BENCH_PLAIN_BIN:-$ROOT/target/release/buildledger-bench-plain}"
for b in "$BIN" "$PLAIN_BIN"; do
  [ -x "$b" ] || { log "no binary at $b"; exit 1; }
done
# What a browser sends with every request (Chromium, Firefox).
BROWSER_AE="Accept-Encoding: gzip, deflate, br, zstd"
DIST="${BENCH_DIST:-$ROOT/frontend/dist}"
STATIC_DONE=""

WORK="$(mktemp -d "${TMPDIR:-/tmp}/bl-bench.XXXXXX")"
RESULTS="$WORK/results.jsonl"
: >"$RESULTS"
PIDS=()
PG_CREATED=""

cleanup() {
  local pid
  for pid in "${PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
  if [ -n "$PG_CREATED" ]; then
    psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# Another process on our port would answer our health check and take our load (a server left
# running by someone else): refuse to start instead.
ensure_port_free() { # port
  if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
    log "port $1 is already in use (BENCH_APP_PORT / BENCH_PLAIN_PORT choose others)"
    exit 1
  fi
}

wait_http() { # url
  local i
  for i in $(seq 1 200); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  log "no answer from $1"
  return 1
}

stop_pid() {
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# run_wrk BACKEND SCENARIO N URL [extra wrk args...]: warm-up, then a measured run, one JSON line out.
run_wrk() {
  local backend="$1" scenario="$2" n="$3" url="$4"
  shift 4
  wrk -t"$THREADS" -c"$CONNS" -d2s "$@" "$url" >/dev/null 2>&1 || true
  local out line
  out="$(wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --timeout 10s "$@" "$url" 2>&1)" || { log "wrk failed: $out"; return 1; }
  line="$(printf '%s\n' "$out" | sed -n 's/^BENCH_JSON //p')"
  [ -n "$line" ] || { log "no result from wrk for $scenario: $out"; return 1; }
  printf '{"backend":"%s","scenario":"%s","n":%s,"result":%s}\n' "$backend" "$scenario" "$n" "$line" >>"$RESULTS"
  python3 - "$backend" "$scenario" "$n" "$line" <<'PY' >&2
import json, sys
b, s, n, r = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
errs = r["errors_status"] + r["errors_connect"] + r["errors_read"] + r["errors_write"] + r["errors_timeout"]
print(f"[bench] {b:8} {s:18} n={n:>5}  {r['rps']:>10.1f} req/s  p50 {r['p50_us']/1000:8.2f} ms  p90 {r['p90_us']/1000:8.2f} ms  p99 {r['p99_us']/1000:8.2f} ms  {r['bytes']/max(r['requests'],1):>9.0f} B/resp  errors {errs}")
PY
}

# record_encoding BACKEND SCENARIO N URL [curl args...]: the Content-Encoding (and body size) one
# such request gets, so the report shows that a browser's responses are still compressed.
record_encoding() {
  local backend="$1" scenario="$2" n="$3" url="$4"
  shift 4
  local headers enc size
  headers="$(curl -fsS -D - -o "$WORK/body" "$@" "$url" | tr -d '\r')" || { log "curl failed for $scenario"; return 1; }
  enc="$(printf '%s\n' "$headers" | sed -n 's/^[Cc]ontent-[Ee]ncoding: *//p' | head -1)"
  size="$(wc -c <"$WORK/body" | tr -d ' ')"
  printf '{"backend":"%s","scenario":"encoding:%s","n":%s,"result":{"content_encoding":"%s","body_bytes":%s}}\n' \
    "$backend" "$scenario" "$n" "${enc:-identity}" "$size" >>"$RESULTS"
}

# pair BACKEND SCENARIO N URL [wrk args...]: the request as a browser sends it (SCENARIO_br, with
# Accept-Encoding) and without the header (SCENARIO), one after the other; under 32 connections
# unless the args say -t1 -c1 (then SCENARIO_br_single and SCENARIO_single).
pair() {
  local backend="$1" scenario="$2" n="$3" url="$4"
  shift 4
  local plain="$scenario" br="${scenario}_br"
  case " $* " in *" -c1 "*) plain="${scenario}_single" br="${scenario}_br_single" ;; esac
  local curl_args=() a prev=""
  for a in "$@"; do
    [ "$prev" = "-H" ] && curl_args+=(-H "$a")
    prev="$a"
  done
  record_encoding "$backend" "$br" "$n" "$url" "${curl_args[@]}" -H "$BROWSER_AE"
  run_wrk "$backend" "$br" "$n" "$url" -s "$BENCH_LUA_DIR/report.lua" "$@" -H "$BROWSER_AE"
  run_wrk "$backend" "$plain" "$n" "$url" -s "$BENCH_LUA_DIR/report.lua" "$@"
}

# The built frontend as a browser fetches it: the entry chunk named by index.html, the largest
# chunk under assets/ and the favicon. Static files do not depend on the database: measured once,
# with the first backend.
bench_static() { # backend base
  local backend="$1" base="$2"
  local entry largest
  entry="$(grep -o 'src="/assets/index-[^"]*\.js"' "$DIST/index.html" | head -1 | sed 's/^src="//; s/"$//')"
  largest="$(ls -S "$DIST"/assets/*.js 2>/dev/null | head -1)"
  if [ -z "$entry" ] || [ -z "$largest" ]; then
    log "no entry chunk or no .js under $DIST/assets: static scenarios skipped"
    return 0
  fi
  largest="/assets/$(basename "$largest")"
  printf '{"backend":"%s","scenario":"static_files","n":0,"result":{"entry":"%s","entry_bytes":%s,"largest":"%s","largest_bytes":%s,"favicon_bytes":%s}}\n' \
    "$backend" "$entry" "$(wc -c <"$DIST$entry" | tr -d ' ')" "$largest" "$(wc -c <"$DIST$largest" | tr -d ' ')" \
    "$(if [ -f "$DIST/favicon.svg" ]; then wc -c <"$DIST/favicon.svg" | tr -d ' '; else echo 0; fi)" >>"$RESULTS"
  log "static: entry $entry, largest $largest"
  pair "$backend" entry 0 "$base$entry"
  pair "$backend" entry 0 "$base$entry" -t1 -c1
  pair "$backend" largest 0 "$base$largest"
  pair "$backend" largest 0 "$base$largest" -t1 -c1
  pair "$backend" favicon 0 "$base/favicon.svg" -t1 -c1
}

# --- the plain handler ---------------------------------------------------------------------
ensure_port_free "$PLAIN_PORT"
ensure_port_free "$APP_PORT"
BIND_ADDR="127.0.0.1:$PLAIN_PORT" "$PLAIN_BIN" >"$WORK/plain.log" 2>&1 &
PLAIN_PID=$!
PIDS+=("$PLAIN_PID")
wait_http "http://127.0.0.1:$PLAIN_PORT/plain"
kill -0 "$PLAIN_PID" 2>/dev/null || { log "the plain handler exited: $(cat "$WORK/plain.log")"; exit 1; }

bench_backend() { # backend database_url
  local backend="$1" url="$2"
  local data="$WORK/data-$backend"
  mkdir -p "$data" "$WORK/empty-dist"
  local dist="$WORK/empty-dist"
  if [ -f "$DIST/index.html" ]; then
    dist="$DIST"
  elif [ -z "$STATIC_DONE" ]; then
    log "no built frontend at $DIST (npm run build, or BENCH_DIST): static scenarios skipped"
  fi
  log "== $backend =="

  # The baseline, in this run, right before this backend's scenarios.
  run_wrk "$backend" plain 0 "http://127.0.0.1:$PLAIN_PORT/plain" -s "$BENCH_LUA_DIR/report.lua"

  local serverlog="$WORK/server-$backend.log"
  env BIND_ADDR="127.0.0.1:$APP_PORT" DATA_DIR="$data" DATABASE_URL="$url" FRONTEND_DIST="$dist" \
    ACCESS_TOKEN_MINUTES=600 "$BIN" serve >"$serverlog" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  wait_http "http://127.0.0.1:$APP_PORT/healthz"
  kill -0 "$pid" 2>/dev/null || { log "the server exited: $(tail -5 "$serverlog")"; return 1; }
  local base="http://127.0.0.1:$APP_PORT"

  log "seeding boards of $SIZES tasks through the API"
  python3 "$BENCH_LUA_DIR/seed.py" --port "$APP_PORT" --sizes "$SIZES" --bids-per-task "${BENCH_BIDS_PER_TASK:-3}" \
    --payments-per-task "$(echo "${BENCH_LEDGER:-5,1}" | cut -d, -f1)" --change-orders-per-task "$(echo "${BENCH_LEDGER:-5,1}" | cut -d, -f2)" \
    --schedule-tasks "$(echo "${BENCH_SCHEDULE:-1000,1500}" | cut -d, -f1)" --schedule-links "$(echo "${BENCH_SCHEDULE:-1000,1500}" | cut -d, -f2)" \
    --outbox "$data/outbox" >"$WORK/seed-$backend.json"
  local seed="$WORK/seed-$backend.json"
  # Seeding writes ~10,000 rows; let the server's background WAL checkpoint of them finish before
  # measuring (it ran into the first scenario of the last board seeded: -44% on the 1,000-task read).
  sleep "${BENCH_SETTLE_SECONDS:-30}"
  local token password smallest member_token
  token="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["access"])' "$seed")"
  password="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["password"])' "$seed")"
  member_token="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["member_access"])' "$seed")"
  python3 -c 'import json,sys; print("\n".join(str(i) for i in json.load(open(sys.argv[1]))["patch_tasks"]))' "$seed" >"$WORK/patch-ids-$backend"
  smallest="$(printf '%s\n' "${SIZES//,/$'\n'}" | sort -n | head -1)"
  printf '{"backend":"%s","scenario":"seed","n":0,"result":%s}\n' "$backend" "$(cat "$seed" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps({"seed_seconds": d["seed_seconds"], "board_bytes": d.get("board_bytes", {})}))')" >>"$RESULTS"

  local n pid_project etag
  for n in ${SIZES//,/ }; do
    pid_project="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["projects"][sys.argv[2]])' "$seed" "$n")"
    run_wrk "$backend" board "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" -H "Authorization: Bearer $token"
    # The same read from one connection: the time one read takes, without a queue in front of it.
    run_wrk "$backend" board_single "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" -H "Authorization: Bearer $token" -t1 -c1
    # Issue 35: the same read by a partner (no subscription of their own): the authorization check's query.
    run_wrk "$backend" board_member "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" -H "Authorization: Bearer $member_token"
    etag="$(curl -fsS -D - -o /dev/null -H "Authorization: Bearer $token" "$base/api/projects/$pid_project/tasks/" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')"
    [ -n "$etag" ] || { log "no ETag on the board"; return 1; }
    run_wrk "$backend" board_304 "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" \
      -H "Authorization: Bearer $token" -H "If-None-Match: $etag"
    # The money summary (issue 19): computed from the one board read.
    if [ "$n" -le 1000 ]; then
      run_wrk "$backend" summary "$n" "$base/api/projects/$pid_project/summary/" -s "$BENCH_LUA_DIR/report.lua" \
        -H "Authorization: Bearer $token"
      # As a browser meets them (issue 31): the same reads with the browser's Accept-Encoding,
      # beside their twins without it (board and summary under 32 connections exist above).
      record_encoding "$backend" board_br "$n" "$base/api/projects/$pid_project/tasks/" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE"
      run_wrk "$backend" board_br "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE"
      record_encoding "$backend" board_br_single "$n" "$base/api/projects/$pid_project/tasks/" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE"
      run_wrk "$backend" board_br_single "$n" "$base/api/projects/$pid_project/tasks/" -s "$BENCH_LUA_DIR/report.lua" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE" -t1 -c1
      record_encoding "$backend" summary_br "$n" "$base/api/projects/$pid_project/summary/" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE"
      run_wrk "$backend" summary_br "$n" "$base/api/projects/$pid_project/summary/" -s "$BENCH_LUA_DIR/report.lua" \
        -H "Authorization: Bearer $token" -H "$BROWSER_AE"
      pair "$backend" summary "$n" "$base/api/projects/$pid_project/summary/" -H "Authorization: Bearer $token" -t1 -c1
    fi
  done
  # The schedule (issue 33): 1,000 tasks with durations, 1,500 links and a baseline, computed from
  # one read of six queries; then revalidated (its ETag is the project's version and the day).
  local sched sched_project sched_tasks
  sched="$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])).get("schedule"); print("%d %d" % (s["project"], s["tasks"]) if s else "")' "$seed")"
  if [ -n "$sched" ]; then
    read -r sched_project sched_tasks <<<"$sched"
    run_wrk "$backend" schedule "$sched_tasks" "$base/api/projects/$sched_project/schedule/" -s "$BENCH_LUA_DIR/report.lua" -H "Authorization: Bearer $token"
    etag="$(curl -fsS -D - -o /dev/null -H "Authorization: Bearer $token" "$base/api/projects/$sched_project/schedule/" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')"
    [ -n "$etag" ] || { log "no ETag on the schedule"; return 1; }
    run_wrk "$backend" schedule_304 "$sched_tasks" "$base/api/projects/$sched_project/schedule/" -s "$BENCH_LUA_DIR/report.lua" \
      -H "Authorization: Bearer $token" -H "If-None-Match: $etag"
  fi
  if [ -z "$STATIC_DONE" ] && [ "$dist" = "$DIST" ]; then
    bench_static "$backend" "$base"
    STATIC_DONE=1
  fi

  BENCH_TOKEN="$token" BENCH_PATCH_IDS="$WORK/patch-ids-$backend" \
    run_wrk "$backend" patch "$smallest" "$base/" -s "$BENCH_LUA_DIR/patch.lua"
  # The board must still be whole and dense after the moves.
  pid_project="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["projects"][sys.argv[2]])' "$seed" "$smallest")"
  curl -fsS -H "Authorization: Bearer $token" "$base/api/projects/$pid_project/tasks/" | python3 -c '
import json, sys
tasks = json.load(sys.stdin)
n = int(sys.argv[1])
cols = {}
for t in tasks:
    cols.setdefault(t["status"], []).append(t["position"])
ok = len(tasks) == n and all(sorted(p) == list(range(len(p))) for p in cols.values())
print("[bench] board after PATCH load: %d tasks, positions %s" % (len(tasks), "dense" if ok else "NOT DENSE"), file=sys.stderr)
sys.exit(0 if ok else 1)' "$smallest"

  # Logins spread over 32 accounts: an account takes at most 5 attempts in flight (the throttle
  # counts an attempt before its password is checked), and one person does not log in 32 times at once.
  local login_users
  login_users="$(python3 - "$base" "$password" "$backend" <<'PY'
import json, sys, urllib.request
base, password, backend = sys.argv[1:4]
names = []
for i in range(32):
    name = f"bench-login-{backend}-{i}"
    body = json.dumps({"username": name, "email": f"{name}@example.com", "password": password}).encode()
    req = urllib.request.Request(base + "/api/register/", data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req).read()
    except urllib.error.HTTPError as e:
        if e.code != 409:
            raise
    names.append(name)
print(",".join(names))
PY
)"
  BENCH_USERS="$login_users" BENCH_PASSWORD="$password" run_wrk "$backend" login 0 "$base/api/token/" -s "$BENCH_LUA_DIR/login.lua"
  run_wrk "$backend" estimate 0 "$base/api/estimate/?zip_code=78701&square_footage=2400&quality=standard&project_type=new_home_build" -s "$BENCH_LUA_DIR/report.lua"

  stop_pid "$pid"
  local locked fivexx
  locked="$(grep -ci 'database is locked' "$serverlog" || true)"
  fivexx="$(grep -cE '" 5[0-9]{2} |HTTP/1\.[01] 5[0-9]{2} ' "$serverlog" || true)"
  printf '{"backend":"%s","scenario":"server_log","n":0,"result":{"database_is_locked":%d,"status_5xx":%d}}\n' "$backend" "${locked:-0}" "${fivexx:-0}" >>"$RESULTS"
  log "$backend server log: 'database is locked' x${locked:-0}, 5xx x${fivexx:-0}"
  if [ "${locked:-0}" != 0 ] || [ "${fivexx:-0}" != 0 ]; then
    grep -iE -m10 'database is locked|" 5[0-9]{2} |HTTP/1\.[01] 5[0-9]{2} ' "$serverlog" >&2 || true
  fi
}

for backend in $BACKENDS; do
  case "$backend" in
    sqlite) bench_backend sqlite "sqlite://$WORK/data-sqlite/buildledger.sqlite3" ;;
    postgres)
      if ! psql "$PG_ADMIN_URL" -qAtc 'SELECT 1' >/dev/null 2>&1; then
        log "PostgreSQL not reachable at $PG_ADMIN_URL: skipping"
        continue
      fi
      psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
      psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $PG_DB" >/dev/null
      PG_CREATED=1
      # No TLS to a database on this host: libpq's default (sslmode=prefer) negotiates TLS when
      # the server offers it, and encrypting loopback traffic protects nothing (see
      # docs/operations.md, "PostgreSQL connections"). Keep TLS for a database on another host.
      bench_backend postgres "${PG_ADMIN_URL%/*}/$PG_DB?sslmode=disable"
      psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
      PG_CREATED=""
      ;;
    *) log "unknown backend $backend" ;;
  esac
done

[ -n "${BENCH_SAVE_RESULTS:-}" ] && cp "$RESULTS" "$BENCH_SAVE_RESULTS"
python3 "$BENCH_LUA_DIR/report.py" --results "$RESULTS" --out "$OUT" --threads "$THREADS" --connections "$CONNS" --duration "$DURATION" --binary "$BIN"
log "wrote $OUT"

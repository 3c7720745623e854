#!/usr/bin/env bash
# The benchmark suite (README, "Performance"): builds the service, seeds its own database, runs each
# scenario with wrk and the very same SQL with pgbench in the same run, then prints a table and JSON lines.
# The table goes to docs/benchmarks/run.md, every figure to target/bench/<UTC time>/results.jsonl.
# Everything stays on loopback; every load is bounded by --duration.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
. scripts/bench/publish.sh
COMMAND=$(publish_command scripts/bench/run.sh "$@")
BENCH=$ROOT/scripts/bench

usage() {
  cat <<'EOF'
Usage: scripts/bench/run.sh [options]
  --pets N            pets seeded in the benchmark database (default 100000)
  --duration S        seconds of measured load per scenario, for wrk and pgbench alike (default 15)
  --warmup S          seconds of unmeasured load before each service scenario (default 8)
  --connections N     concurrent connections of wrk and of pgbench (default 32)
  --scale N           also measure the list scenarios with N pets in a second database (e.g. 10000000)
  --scenarios LIST    comma-separated subset of: list,status,get,post,walk (default all)
  --jvm-options FILE  JVM options file of the service (default scripts/jvm.options; "none" for JVM defaults)
  --java-opts "..."   extra JVM options appended after the file (for experiments)
  --no-build          use the jar already in bootstrap/target
  --no-startup        skip the startup measurement
  --no-aot            measure startup without the AOT cache only
  --port N            service port (default 18083)
  --database NAME     benchmark database (default animalstore_bench; --scale uses NAME_large)
  --db mariadb        run the service on MariaDB (127.0.0.1:3306, user root) instead of PostgreSQL;
                      no pgbench yardstick and no plans then: the service's own figures only
EOF
}

PETS=100000 DURATION=15 WARMUP=8 CONNECTIONS=32 THREADS=2 SCALE=0 PORT=18083 DATABASE=animalstore_bench
SCENARIOS=list,status,get,post,walk JVM_OPTIONS_FILE=scripts/jvm.options EXTRA_JAVA_OPTS="" BUILD=1 STARTUP=1 AOT=1 DB=postgresql
while [ $# -gt 0 ]; do
  case $1 in
    --pets) PETS=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    --warmup) WARMUP=$2; shift ;;
    --connections) CONNECTIONS=$2; shift ;;
    --scale) SCALE=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    --jvm-options) JVM_OPTIONS_FILE=$2; shift ;;
    --java-opts) EXTRA_JAVA_OPTS=$2; shift ;;
    --no-build) BUILD=0 ;;
    --no-startup) STARTUP=0 ;;
    --no-aot) AOT=0 ;;
    --port) PORT=$2; shift ;;
    --database) DATABASE=$2; shift ;;
    --db) DB=$2; shift; [ "$DB" = postgresql ] || [ "$DB" = mariadb ] || { echo "--db is postgresql or mariadb" >&2; exit 2; } ;;
    -h|--help) usage; exit 0 ;;
    *) echo "Unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

. scripts/java-home.sh
. scripts/aot-cache.sh

PG_HOST=127.0.0.1 PG_PORT=5432 PG_USER=postgres
API_KEY=bench-key-0000000000000001
BASE=http://127.0.0.1:$PORT
JAR=bootstrap/target/animal-store.jar
OUT=$ROOT/target/bench/$(date -u +%Y%m%dT%H%M%SZ)
RESULTS=$OUT/results.jsonl
mkdir -p "$OUT"
export BENCH_API_KEY=$API_KEY BENCH_WRK_DIR=$BENCH/wrk BENCH_PETS=$PETS

JVM_OPTS=()
[ "$JVM_OPTIONS_FILE" != none ] && JVM_OPTS+=("@$JVM_OPTIONS_FILE")
# shellcheck disable=SC2206 # a list of options
[ -n "$EXTRA_JAVA_OPTS" ] && JVM_OPTS+=($EXTRA_JAVA_OPTS)

log() { echo "[bench $(date -u +%H:%M:%S)] $*" >&2; }
psql_db() { local db=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h $PG_HOST -p $PG_PORT -U $PG_USER -d "$db" "$@"; }
mariadb_db() { local db=$1; shift; mariadb -N -h 127.0.0.1 -P 3306 -u root "$db" "$@"; }
jdbc_url() { if [ "$DB" = mariadb ]; then echo "jdbc:mariadb://127.0.0.1:3306/$1"; else echo "jdbc:postgresql://$PG_HOST:$PG_PORT/$1"; fi; }
db_user() { if [ "$DB" = mariadb ]; then echo root; else echo "$PG_USER"; fi; }
emit() { echo "$1" >> "$RESULTS"; }
load1() { cut -d' ' -f1 /proc/loadavg; }
has_scenario() { [[ ",$SCENARIOS," == *",$1,"* ]]; }

require_tools() {
  if ! command -v wrk >/dev/null 2>&1; then
    log "installing wrk (Debian package)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk >/dev/null || {
      apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk >/dev/null; }
  fi
  for tool in wrk curl awk $([ "$DB" = mariadb ] && echo mariadb || echo "pgbench psql"); do
    command -v $tool >/dev/null 2>&1 || { echo "$tool is required" >&2; exit 1; }
  done
}

machine_state() {
  local phase=$1 others
  # Other CPU-hungry processes (builds, tests) make absolute figures noisy; ratios stay comparable.
  others=$(ps -eo pcpu=,comm= --sort=-pcpu | awk '$1 >= 5 {printf "%s%s:%s", sep, $2, $1; sep=","}')
  emit "$(printf '{"metric":"machine","phase":"%s","time":"%s","cpus":%d,"load1":%s,"load5":%s,"mem_available_mb":%d,"busy_processes":"%s"}' \
    "$phase" "$(date -u +%FT%TZ)" "$(nproc)" "$(load1)" "$(cut -d' ' -f2 /proc/loadavg)" \
    "$(awk '/MemAvailable/ {print int($2/1024)}' /proc/meminfo)" "$others")"
}

# --- database -------------------------------------------------------------------------------------

ensure_database() {
  local db=$1
  if [ "$DB" = mariadb ]; then
    mariadb_db mysql -e "CREATE DATABASE IF NOT EXISTS $db CHARACTER SET utf8mb4"
    return
  fi
  if ! psql_db postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    log "creating database $db"
    psql_db postgres -c "CREATE DATABASE $db"
  fi
}

# Seeds N pets with ids 1..N (statuses: available, pending, sold and none in turn) unless already there.
seed() {
  local db=$1 n=$2 have started
  if [ "$DB" = mariadb ]; then
    if [ "$(mariadb_db "$db" -e "SELECT CONCAT(count(*), ' ', coalesce(max(id), 0)) FROM pet")" != "$n $n" ]; then
      log "seeding $db on MariaDB with $n pets"
      sed "s/:pets/$n/" "$BENCH/seed-mariadb.sql" | mariadb_db "$db" > /dev/null
    fi
    return
  fi
  have=$(psql_db "$db" -tAc "SELECT count(*) || ' ' || coalesce(max(id), 0) FROM pet")
  if [ "$have" = "$n $n" ]; then
    log "$db already holds $n pets"
    # Rows that earlier POST loads added and removed leave dead index entries past the last pet, which
    # every walk reaching the end of the catalogue would step over.
    psql_db "$db" -c "VACUUM (ANALYZE) pet" > /dev/null
    return
  fi
  log "seeding $db with $n pets"
  started=$(date +%s%N)
  psql_db "$db" -v pets="$n" -f "$BENCH/seed.sql"
  emit "$(printf '{"metric":"seed","database":"%s","pets":%d,"seconds":%.1f}' "$db" "$n" "$(( ($(date +%s%N) - started) / 1000000 ))e-3")"
}

# Rows added by the POST scenarios go, so every scenario sees the seeded catalogue.
trim() {
  if [ "$DB" = mariadb ]; then mariadb_db "$1" -e "DELETE FROM pet WHERE id > $2"; return; fi
  psql_db "$1" -c "DELETE FROM pet WHERE id > $2" -c "VACUUM (ANALYZE) pet"
}

# The plans of the service's statements as PostgreSQL runs them: prepared, with the generic plan it
# settles on after a few executions. A sequential scan on any of them is reported.
explain_queries() {
  local db=$1 middle=$(( $2 / 2 ))
  [ "$DB" = mariadb ] && return 0 # MariaDB's plans: adapters-persistence's MariaDbKeysetPlansTest
  psql_db "$db" > "$OUT/explain-$db.txt" <<EOF
SET plan_cache_mode = force_generic_plan;
PREPARE list_page(bigint, int) AS SELECT id, name, category_id, status FROM pet WHERE id > \$1 ORDER BY id LIMIT \$2;
PREPARE status_page(text, bigint, int) AS SELECT id, name, category_id, status FROM pet WHERE status = \$1 AND id > \$2 ORDER BY id LIMIT \$3;
PREPARE find_by_id(bigint) AS SELECT id, name, category_id, status FROM pet WHERE id = \$1;
\\echo list, first page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE list_page(0, 21);
\\echo list, a page in the middle
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE list_page($middle, 21);
\\echo status, first page
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE status_page('sold', 0, 101);
\\echo status, a page in the middle
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE status_page('pending', $middle, 101);
\\echo get by id
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE find_by_id($middle);
EOF
  if grep -q 'Seq Scan' "$OUT/explain-$db.txt"; then
    log "WARNING: a hot-path query plans a sequential scan on $db (see $OUT/explain-$db.txt)"
  fi
}

# --- service --------------------------------------------------------------------------------------

SERVICE_PID=""
stop_service() {
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    kill -TERM "$SERVICE_PID"
    wait "$SERVICE_PID" 2>/dev/null || true
  fi
  SERVICE_PID=""
}
trap stop_service EXIT

# start_service DB [JVM option...]: starts the jar against DB; STARTUP_MS: process start to the first 200.
STARTUP_MS=0
start_service() {
  local db=$1; shift
  local started code
  started=$(date +%s%N)
  PETSTORE_API_KEYS=$API_KEY MICRONAUT_SERVER_PORT=$PORT ENDPOINTS_ALL_PORT=$((PORT + 1)) \
    MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} DATASOURCES_DEFAULT_URL="$(jdbc_url "$db")" DATASOURCES_DEFAULT_USERNAME="$(db_user)" \
    "$JAVA_HOME/bin/java" "$@" > "$OUT/service.log" 2>&1 &
  SERVICE_PID=$!
  while :; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $API_KEY" "$BASE/v1/pets?limit=1" || true)
    [ "$code" = 200 ] && break
    if ! kill -0 "$SERVICE_PID" 2>/dev/null; then
      echo "The service did not start: see $OUT/service.log" >&2; exit 1
    fi
    if [ $(( ($(date +%s%N) - started) / 1000000000 )) -ge 120 ]; then
      echo "The service did not answer within 120 s: see $OUT/service.log" >&2; exit 1
    fi
    sleep 0.005
  done
  STARTUP_MS=$(( ($(date +%s%N) - started) / 1000000 ))
}

# CPU seconds (user + system) the service has used so far.
cpu_s() { awk '{printf "%.2f", ($14 + $15) / '"$(getconf CLK_TCK)"'}' "/proc/$SERVICE_PID/stat"; }
rss_mb() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$SERVICE_PID/status"; }
hwm_mb() { awk '/VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$SERVICE_PID/status"; }

# --- load -----------------------------------------------------------------------------------------

# wrk_run SCENARIO SECONDS [CONNECTIONS]: prints wrk's JSON line.
wrk_run() {
  local scenario=$1 seconds=$2 connections=${3:-$CONNECTIONS} threads=$THREADS
  [ "$connections" -lt "$threads" ] && threads=$connections
  wrk -t "$threads" -c "$connections" -d "${seconds}s" --timeout 5s -s "$BENCH/wrk/$scenario.lua" "$BASE" \
    > "$OUT/wrk-$scenario-$connections.txt" 2>&1
  tail -n 1 "$OUT/wrk-$scenario-$connections.txt"
}

# pgbench_run DB SCRIPT [CONNECTIONS]: prints a JSON line like wrk's (p50/p99 from a 10 % sample of transactions).
pgbench_run() {
  local db=$1 script=$2 connections=${3:-$CONNECTIONS} dir out
  dir=$(mktemp -d "$OUT/pgbench-$script.XXXX")
  out=$dir/out.txt
  (cd "$dir" && pgbench -h $PG_HOST -p $PG_PORT -U $PG_USER -n -M prepared -c "$connections" -j $THREADS \
    -T "$DURATION" -l --sampling-rate 0.1 \
    -D pets="$PETS" -D after=0 -D available=available -D pending=pending -D sold=sold \
    -D name=bench-pet -D status=available \
    -f "$BENCH/pgbench/$script.sql" "$db" > "$out" 2>&1) || { cat "$out" >&2; return 1; }
  cat "$dir"/pgbench_log.* | awk '{print $3 / 1000}' | sort -n > "$dir/latencies"
  awk -v tps="$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$out")" \
      -v done_tx="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$out")" \
      -v failed="$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$out")" \
      '{ v[NR] = $1 } END {
        p50 = v[int(NR * 0.50) + 1]; p90 = v[int(NR * 0.90) + 1]; p99 = v[int(NR * 0.99) + 1]
        printf "{\"requests\":%d,\"rps\":%.1f,\"p50_ms\":%.3f,\"p90_ms\":%.3f,\"p99_ms\":%.3f,\"errors\":%d}\n", done_tx, tps, p50, p90, p99, failed + 0
      }' "$dir/latencies"
  rm -f "$dir"/pgbench_log.*
}

json_field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" <<< "$1"; }

# measure SCENARIO PGBENCH_SCRIPT DB PETS_LABEL: warm-up, service load, then pgbench on the same SQL.
measure() {
  local scenario=$1 script=$2 db=$3 label=$4 svc pg pct cpu cpu_before
  log "$scenario: warm-up ${WARMUP}s"
  wrk_run "$scenario" "$WARMUP" > /dev/null
  [ "$scenario" = post ] && trim "$db" "$PETS" > /dev/null
  log "$scenario: service ${DURATION}s (load $(load1))"
  cpu_before=$(cpu_s)
  svc=$(wrk_run "$scenario" "$DURATION")
  # The service's own CPU per request: unlike requests/s, it hardly moves with what else the machine runs.
  cpu=$(awk -v a="$cpu_before" -v b="$(cpu_s)" -v n="$(json_field "$svc" requests)" 'BEGIN { printf "%.0f", (n > 0 ? 1e6 * (b - a) / n : 0) }')
  svc="${svc%\}},\"cpu_us_per_request\":$cpu}"
  [ "$scenario" = post ] && trim "$db" "$PETS" > /dev/null
  if [ "$DB" = mariadb ]; then
    emit "{\"scenario\":\"$scenario\",\"pets\":$label,\"side\":\"service\",\"connections\":$CONNECTIONS,\"load1\":$(load1),${svc#\{}"
    return
  fi
  log "$scenario: pgbench ${DURATION}s (load $(load1))"
  pg=$(pgbench_run "$db" "$script")
  [ "$scenario" = post ] && trim "$db" "$PETS" > /dev/null
  pct=$(awk -v a="$(json_field "$svc" rps)" -v b="$(json_field "$pg" rps)" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }')
  emit "{\"scenario\":\"$scenario\",\"pets\":$label,\"side\":\"service\",\"connections\":$CONNECTIONS,\"load1\":$(load1),${svc#\{}"
  emit "{\"scenario\":\"$scenario\",\"pets\":$label,\"side\":\"pgbench\",\"sql\":\"$script.sql\",\"connections\":$CONNECTIONS,${pg#\{}"
  emit "{\"scenario\":\"$scenario\",\"pets\":$label,\"side\":\"ratio\",\"service_pct_of_pgbench\":$pct}"
}

# After a start, every read scenario once, unmeasured, so the JIT has compiled the shared paths.
warm_up() {
  log "warm-up: every read scenario for ${WARMUP}s, unmeasured"
  for scenario in list status get; do wrk_run "$scenario" "$WARMUP" > /dev/null; done
}

walk_available() {
  local headers
  headers=$(curl -s -D - -o /dev/null -H "Authorization: Bearer $API_KEY" "$BASE/v1/pets?limit=20")
  grep -qi '^link:.*rel="\?next' <<< "$headers"
}

run_scenarios() {
  local db=$1 label=$2 list=$3
  has_scenario list && [[ $list == *list* ]] && measure list list "$db" "$label"
  has_scenario status && [[ $list == *status* ]] && measure status status "$db" "$label"
  has_scenario get && [[ $list == *get* ]] && measure get get "$db" "$label"
  if has_scenario walk && [[ $list == *walk* ]]; then
    if walk_available; then
      measure walk walk "$db" "$label"
    else
      log "walk: skipped, GET /v1/pets sends no Link rel=\"next\" header (cursor paging not in this build)"
      emit "{\"scenario\":\"walk\",\"pets\":$label,\"side\":\"skipped\",\"reason\":\"no Link rel=next header\"}"
    fi
  fi
  has_scenario post && [[ $list == *post* ]] && measure post insert "$db" "$label"
  return 0
}

# --- report ---------------------------------------------------------------------------------------

report() {
  echo
  echo "Results ($RESULTS)"
  summary | tee "$OUT/summary.txt"
  BENCH_DB=$DB publish_text run "The benchmark suite: the service beside pgbench" "$COMMAND" < "$OUT/summary.txt"
  echo
  echo "JSON lines:"
  cat "$RESULTS"
}

# The table and the lines around it, from the JSON lines.
summary() {
  awk '
    function field(name,   m) { if (match($0, "\"" name "\":\"?[^,}\"]*")) { m = substr($0, RSTART, RLENGTH); sub(/^"[^"]*":"?/, "", m); return m } return "" }
    /"metric":"machine"/ { printf "machine (%s): %s cpus, load1 %s, load5 %s, busy: %s\n", field("phase"), field("cpus"), field("load1"), field("load5"), field("busy_processes") }
    /"metric":"cpu_stalls"/ { printf "CPU stalls of the idle machine: %s a second per CPU over 1 ms, %s over 3 ms, longest %s ms\n", field("stalls_over_1ms_per_cpu_s"), field("stalls_over_3ms_per_cpu_s"), field("max_stall_ms") }
    /"side":"service"/ { key = field("scenario") "@" field("pets"); svc[key] = sprintf("%10.0f %9.2f %9.2f %7d %8d", field("rps"), field("p50_ms"), field("p99_ms"), field("errors"), field("cpu_us_per_request")); order[++n] = key }
    /"side":"pgbench"/ { key = field("scenario") "@" field("pets"); pg[key] = sprintf("%10.0f %9.2f %9.2f", field("rps"), field("p50_ms"), field("p99_ms")) }
    /"side":"ratio"/ { key = field("scenario") "@" field("pets"); pct[key] = field("service_pct_of_pgbench") }
    /"side":"skipped"/ { skipped = skipped " " field("scenario") "@" field("pets") " (" field("reason") ")" }
    /"side":"service"/ { s = field("scenario"); if (!(s in small)) { small[s] = field("pets"); p50s[s] = field("p50_ms"); p99s[s] = field("p99_ms") }
                         else { large[s] = field("pets"); p50l[s] = field("p50_ms"); p99l[s] = field("p99_ms") } }
    /"metric":"startup"/ { startup = startup sprintf("  startup %-9s runs(ms): %s  best %s ms\n", field("mode"), field("runs_ms"), field("best_ms")) }
    /"metric":"rss"/ { rss = sprintf("  RSS after the load at the first size: %s MB (peak %s MB)\n", field("rss_mb"), field("hwm_mb")) }
    /"metric":"seed"/ { seeds = seeds sprintf("  seeded %s pets into %s in %s s\n", field("pets"), field("database"), field("seconds")) }
    END {
      printf "\n%-18s %10s %9s %9s %7s %8s | %10s %9s %9s | %8s\n", "scenario@pets", "svc rps", "p50 ms", "p99 ms", "errors", "cpu us", "pg rps", "p50 ms", "p99 ms", "% of pg"
      for (i = 1; i <= n; i++) { k = order[i]; printf "%-18s %s | %s | %7s%%\n", k, svc[k], pg[k], pct[k] }
      if (skipped != "") print "skipped:" skipped
      for (s in large) printf "scale %-7s p50 %.2f ms at %s pets, %.2f ms at %s pets (x%.2f); p99 %.2f ms, %.2f ms (x%.2f)\n", s, p50s[s], small[s], p50l[s], large[s], p50l[s] / p50s[s], p99s[s], p99l[s], p99l[s] / p99s[s]
      printf "%s%s%s", seeds, rss, startup
    }' "$RESULTS"
}

# --- the run --------------------------------------------------------------------------------------

require_tools
machine_state start
if [ "$BUILD" = 1 ]; then
  log "building the service"
  ./mvnw -q -B -DskipTests package > "$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; exit 1; }
fi
[ -f "$JAR" ] || { echo "$JAR missing: run without --no-build" >&2; exit 1; }
if [ "$DB" = mariadb ]; then
  database_version="MariaDB $(mariadb_db mysql -e 'SELECT VERSION()')" durability="innodb_flush_log_at_trx_commit=$(mariadb_db mysql -e 'SELECT @@innodb_flush_log_at_trx_commit')"
else
  database_version="PostgreSQL $(psql_db postgres -tAc 'SHOW server_version')" durability="synchronous_commit=$(psql_db postgres -tAc 'SHOW synchronous_commit')"
fi
emit "$(printf '{"metric":"settings","pets":%d,"duration_s":%d,"warmup_s":%d,"connections":%d,"jvm_options":"%s","java":"%s","database":"%s","durability":"%s"}' \
  "$PETS" "$DURATION" "$WARMUP" "$CONNECTIONS" "$(printf '%s ' "${JVM_OPTS[@]}" | sed 's/ $//')" \
  "$("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1 | tr -d '"')" "$database_version" "$durability")"
[ "$JVM_OPTIONS_FILE" != none ] && cp "$JVM_OPTIONS_FILE" "$OUT/"
# How often the idle machine takes a busy CPU away for over a millisecond: the floor under every p99 here.
log "measuring CPU stalls (scripts/bench/Stalls.java, 10 s)"
stalls=$("$JAVA_HOME/bin/java" -XX:+UseSerialGC scripts/bench/Stalls.java 10)
emit "{\"metric\":\"cpu_stalls\",${stalls#\{}"

ensure_database "$DATABASE"
log "starting the service (Flyway migrates $DATABASE on first use)"
start_service "$DATABASE" "${JVM_OPTS[@]}" -jar "$JAR"
seed "$DATABASE" "$PETS"
explain_queries "$DATABASE" "$PETS"
warm_up
machine_state load
run_scenarios "$DATABASE" "$PETS" list,status,get,walk,post
emit "$(printf '{"metric":"rss","rss_mb":%s,"hwm_mb":%s}' "$(rss_mb)" "$(hwm_mb)")"
stop_service

if [ "$STARTUP" = 1 ]; then
  runs=""
  for _ in 1 2 3; do
    start_service "$DATABASE" "${JVM_OPTS[@]}" -jar "$JAR"
    stop_service
    runs="$runs${runs:+ }$STARTUP_MS"
  done
  emit "$(printf '{"metric":"startup","mode":"jit","runs_ms":"%s","best_ms":%s}' "$runs" "$(tr ' ' '\n' <<< "$runs" | sort -n | head -n 1)")"
  if [ "$AOT" = 1 ]; then
    PETSTORE_API_KEYS=$API_KEY DATASOURCES_DEFAULT_URL="$(jdbc_url "$DATABASE")" DATASOURCES_DEFAULT_USERNAME="$(db_user)" \
      aot_prepare "$JAR" "${JVM_OPTS[@]}"
    runs=""
    for _ in 1 2 3; do
      start_service "$DATABASE" "${JVM_OPTS[@]}" "${AOT_OPTS[@]}" -jar "$AOT_JAR"
      stop_service
      runs="$runs${runs:+ }$STARTUP_MS"
    done
    emit "$(printf '{"metric":"startup","mode":"aot-cache","runs_ms":"%s","best_ms":%s}' "$runs" "$(tr ' ' '\n' <<< "$runs" | sort -n | head -n 1)")"
  fi
fi

if [ "$SCALE" -gt 0 ]; then
  LARGE=${DATABASE}_large
  ensure_database "$LARGE"
  start_service "$LARGE" "${JVM_OPTS[@]}" -jar "$JAR"
  seed "$LARGE" "$SCALE"
  explain_queries "$LARGE" "$SCALE"
  PETS=$SCALE BENCH_PETS=$SCALE
  warm_up
  machine_state scale
  run_scenarios "$LARGE" "$SCALE" list,status,walk
  stop_service
fi

machine_state end
report

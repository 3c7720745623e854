#!/usr/bin/env bash
# The service against its Spring Boot alternative (scripts/bench/spring-boot), plain ("spring") and with its
# cached profile ("cached"): builds both jars, seeds one database all use, loads each side with the same wrk
# scenarios, and writes requests/s, p99, CPU per request, RSS after the run and start-to-first-200 of each to
# target/bench/vs-spring-<UTC time>/ (JSON, Markdown) and the table to docs/benchmarks/vs-spring.md, beside
# how often the idle machine stalled a busy CPU before the run (scripts/bench/Stalls.java).
#
# Fairness on a shared 2-core machine: all processes stay up for the whole load run and only one is
# loaded at a time (an idle JVM takes next to no CPU), so each keeps its JIT-compiled code and the windows
# of a scenario are taken back to back, seconds apart, instead of minutes apart as with one process per
# pass. The order of the sides rotates from round to round, so none always runs on the heels of the same
# other's load. Startup is measured with each alone. The service runs with its production settings
# (scripts/jvm.options, MALLOC_ARENA_MAX=2 as scripts/run.sh sets), the alternative with the JVM's defaults.
# Before the load the script checks that every side gives the same bodies and Link headers. Load goes to
# loopback only and is bounded by the durations.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
BENCH=$ROOT/scripts/bench

usage() {
  cat <<'EOF'
Usage: scripts/bench/vs-spring.sh [options]
  --scale N          pets seeded in the database (default 100000; e.g. 10000000)
  --duration S       measured seconds per scenario and side (default 15)
  --warmup S         unmeasured seconds per scenario and side before each measured window (default 10)
  --first-warmup S   after the starts, unmeasured seconds of mixed, of lookup and of unauthorized load on each
                     side, so the JIT compilers (the service runs C2 alone) are done and the service's cache
                     holds what a long-running instance would before any window (default 30)
  --pet-ttl D        how long both the service and the cached side remember a pet (default 1h, longer than a
                     run). The sides fill their memories minutes apart, so with the 10m default the pets
                     of the first warm-up expire inside a different round's get window on each side, and
                     a median would compare a re-reading side with one answering from memory
  --rounds N         rounds of every scenario, the order of the sides rotating; medians (default 3)
  --connections N    wrk connections (default 32)
  --scenarios LIST   comma-separated subset of list20,status100,get,post,mixed,unauthorized,floor (default:
                     these seven; floor is GET /v1/store/orders with the key, the service's constant 501
                     through its filters, measured on the service alone: the Spring app has no such route),
                     or of the error answers notfound (404 of an unknown id), invalid (400 of limit=500)
                     and closed401 (401 without a key, each on a connection closed after its answer), or
                     closedget (get, each on a connection closed after its answer)
  --sides LIST       comma-separated sides beside the service: spring (plain), cached (its cached profile)
                     (default spring,cached)
  --startup-runs N   starts of each, alternating, for start-to-first-200 without AOT cache (default 3; 0 skips)
  --database NAME    PostgreSQL database all sides use (default bench_spring)
  --port N           the service's port (default 18383; N+1 its management port)
  --spring-port N    the Spring Boot alternative's port (default 18393)
  --cached-port N    its cached profile's port (default: the Spring port + 1)
  --service-jvm OPTS extra JVM options for the service, after @scripts/jvm.options (they win); e.g.
                     "-Dmicronaut.netty.event-loops.default.num-threads=4" to try a setting against Spring Boot
  --no-build         use the jars already built
  --no-docs          leave docs/benchmarks/vs-spring.md as it is (a trial run)
EOF
}

PET_TTL=1h SERVICE_JVM="" SCALE=100000 DURATION=15 WARMUP=10 FIRST_WARMUP=30 ROUNDS=3 CONNECTIONS=32 STARTUP_RUNS=3 DATABASE=bench_spring
SCENARIOS=list20,status100,get,post,mixed,unauthorized,floor PORT=18383 SPRING_PORT=18393 CACHED_PORT="" BUILD=1
OTHERS=spring,cached DOCS=1
COMMAND="scripts/bench/vs-spring.sh $*"
while [ $# -gt 0 ]; do
  case $1 in
    --scale) SCALE=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    --warmup) WARMUP=$2; shift ;;
    --first-warmup) FIRST_WARMUP=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --pet-ttl) PET_TTL=$2; shift ;;
    --connections) CONNECTIONS=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    --startup-runs) STARTUP_RUNS=$2; shift ;;
    --database) DATABASE=$2; shift ;;
    --port) PORT=$2; shift ;;
    --spring-port) SPRING_PORT=$2; shift ;;
    --cached-port) CACHED_PORT=$2; shift ;;
    --sides) OTHERS=$2; shift ;;
    --service-jvm) SERVICE_JVM=$2; shift ;;
    --no-build) BUILD=0 ;;
    --no-docs) DOCS=0 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "Unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

CACHED_PORT=${CACHED_PORT:-$((SPRING_PORT + 1))}
IFS=, read -r -a other_sides <<< "$OTHERS"
for side in "${other_sides[@]}"; do
  case $side in spring|cached) ;; *) echo "Unknown side $side: spring or cached" >&2; exit 2 ;; esac
done
SIDES=(service "${other_sides[@]}")

. scripts/java-home.sh

API_KEY=bench-key-0000000000000001
CURSOR_SECRET=vs-spring-cursor-secret-0000000000000001
SERVICE_JAR=bootstrap/target/animal-store.jar
SPRING_JAR=scripts/bench/spring-boot/target/spring-pets.jar
OUT=$ROOT/target/bench/vs-spring-$(date -u +%Y%m%dT%H%M%SZ)
RUNS=$OUT/runs.jsonl
mkdir -p "$OUT"
export BENCH_API_KEY=$API_KEY BENCH_WRK_DIR=$BENCH/wrk BENCH_PETS=$SCALE

log() { echo "[vs-spring $(date -u +%H:%M:%S)] $*" >&2; }
psql_db() { local db=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p 5432 -U postgres -d "$db" "$@"; }
load1() { cut -d' ' -f1 /proc/loadavg; }
field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" <<< "$1"; }
lua_of() { case $1 in list20) echo list ;; status100) echo status ;; *) echo "$1" ;; esac; }
port_of() { case $1 in service) echo "$PORT" ;; spring) echo "$SPRING_PORT" ;; cached) echo "$CACHED_PORT" ;; esac; }
# The sides a scenario loads, in the order of round $1: the list rotated by round - 1. The floor route
# exists on the service alone.
order_of() {
  local round=$1 scenario=$2 n=${#SIDES[@]} i
  for i in $(seq 0 $((n - 1))); do
    local side=${SIDES[$(( (i + round - 1) % n ))]}
    [ "$scenario" = floor ] && [ "$side" != service ] && continue
    echo "$side"
  done
}

require_tools() {
  local tool
  for tool in wrk jq; do
    command -v $tool >/dev/null 2>&1 && continue
    log "installing $tool (Debian package)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $tool >/dev/null || {
      apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $tool >/dev/null; }
  done
  for tool in wrk jq psql curl awk; do
    command -v $tool >/dev/null 2>&1 || { echo "$tool is required" >&2; exit 1; }
  done
}

# --- database -------------------------------------------------------------------------------------

ensure_database() {
  psql_db postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'" | grep -q 1 \
    || psql_db postgres -c "CREATE DATABASE $DATABASE"
}

# Pets 1..N, the same rows as scripts/bench/run.sh (seed.sql).
seed() {
  if [ "$(psql_db "$DATABASE" -tAc "SELECT count(*) || ' ' || coalesce(max(id), 0) FROM pet")" = "$SCALE $SCALE" ]; then
    log "$DATABASE already holds $SCALE pets"
    psql_db "$DATABASE" -c "VACUUM (ANALYZE) pet" > /dev/null
    return
  fi
  log "seeding $DATABASE with $SCALE pets"
  psql_db "$DATABASE" -v pets="$SCALE" -f "$BENCH/seed.sql" > /dev/null
}

# Rows the POST scenarios added go, so every window sees the seeded catalogue.
trim() { psql_db "$DATABASE" -c "DELETE FROM pet WHERE id > $SCALE" -c "VACUUM (ANALYZE) pet" > /dev/null; }

# --- the processes --------------------------------------------------------------------------------

declare -A PID=()
stop() {
  local side=$1
  if [ -n "${PID[$side]:-}" ] && kill -0 "${PID[$side]}" 2>/dev/null; then
    kill -TERM "${PID[$side]}"
    wait "${PID[$side]}" 2>/dev/null || true
  fi
  PID[$side]=""
}
cleanup() { local side; for side in "${SIDES[@]}"; do stop "$side"; done; trim 2>/dev/null || true; }
trap cleanup EXIT

# start SIDE LOG: launches one side; STARTUP_MS: from the launch to its first 200 on GET /v1/pets.
STARTUP_MS=0
start() {
  local side=$1 log=$2 started code profile
  [ "$side" = cached ] && profile=cached
  # Another process on the port (other benchmarks share this machine) would answer in our place.
  if (exec 3<>"/dev/tcp/127.0.0.1/$(port_of "$side")") 2>/dev/null; then
    echo "Port $(port_of "$side") is in use: pick another with --port / --spring-port / --cached-port" >&2; exit 1
  fi
  started=$(date +%s%N)
  if [ "$side" = service ]; then
    PETSTORE_API_KEYS=$API_KEY PETSTORE_CURSOR_SECRET=$CURSOR_SECRET MICRONAUT_SERVER_PORT=$PORT PETSTORE_CACHE_PET_TTL=$PET_TTL \
      ENDPOINTS_ALL_PORT=$((PORT + 1)) MALLOC_ARENA_MAX=2 DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:5432/$DATABASE" \
      "$JAVA_HOME/bin/java" @scripts/jvm.options $SERVICE_JVM -jar "$SERVICE_JAR" > "$log" 2>&1 &
  else
    PETSTORE_API_KEYS=$API_KEY PETSTORE_CURSOR_SECRET=$CURSOR_SECRET SERVER_PORT=$(port_of "$side") \
      SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:5432/$DATABASE" \
      "$JAVA_HOME/bin/java" -jar "$SPRING_JAR" ${profile:+"--spring.profiles.active=$profile" "--petstore.cache.pet-ttl=$PET_TTL"} > "$log" 2>&1 &
  fi
  PID[$side]=$!
  while :; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $API_KEY" "http://127.0.0.1:$(port_of "$side")/v1/pets?limit=1" || true)
    [ "$code" = 200 ] && break
    kill -0 "${PID[$side]}" 2>/dev/null || { echo "$side did not start: see $log" >&2; exit 1; }
    [ $(( ($(date +%s%N) - started) / 1000000000 )) -lt 120 ] || { echo "$side gave no 200 within 120 s: see $log" >&2; exit 1; }
    sleep 0.005
  done
  STARTUP_MS=$(( ($(date +%s%N) - started) / 1000000 ))
}

cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.3f", ($14 + $15) / hz}' "/proc/${PID[$1]}/stat"; }
memory_mb() { awk -v key="$2" '$1 == key":" {printf "%.1f", $2 / 1024}' "/proc/${PID[$1]}/status"; }

# --- load -----------------------------------------------------------------------------------------

# wrk_run SIDE SCENARIO SECONDS TAG: prints wrk's JSON line (scripts/bench/wrk/common.lua).
wrk_run() {
  local side=$1 scenario=$2 seconds=$3 tag=$4 file
  file=$OUT/wrk-$scenario-$side-$tag.txt
  wrk -t 2 -c "$CONNECTIONS" -d "${seconds}s" --timeout 5s --latency -s "$BENCH/wrk/$(lua_of "$scenario").lua" \
    "http://127.0.0.1:$(port_of "$side")" > "$file" 2>&1
  tail -n 1 "$file"
}

writes() { [ "$1" = post ] || [ "$1" = mixed ]; }

# warm SIDE SCENARIO [SECONDS]
warm() {
  local seconds=${3:-$WARMUP}
  log "$2: warm-up of $1, ${seconds}s"
  wrk_run "$1" "$2" "$seconds" warmup > /dev/null
  if writes "$2"; then trim; fi
}

measure() {
  local side=$1 scenario=$2 round=$3 before result cpu load
  load=$(load1)
  log "$scenario: $side, ${DURATION}s (round $round, load $load)"
  before=$(cpu_s "$side")
  result=$(wrk_run "$side" "$scenario" "$DURATION" "round$round")
  cpu=$(awk -v a="$before" -v b="$(cpu_s "$side")" -v n="$(field "$result" requests)" 'BEGIN { printf "%.0f", (n > 0 ? 1e6 * (b - a) / n : 0) }')
  if writes "$scenario"; then trim; fi
  echo "{\"round\":$round,\"scenario\":\"$scenario\",\"side\":\"$side\",\"load1\":$load,\"cpu_us_per_request\":$cpu,${result#\{}" >> "$RUNS"
}

# Every side must give the service's bodies and Link headers (cursors included), or the load compares
# different work.
same_answers() {
  local path side expected answer
  for path in "/v1/pets?limit=20" "/v1/pets?status=available&limit=100" "/v1/pets/7"; do
    expected=""
    for side in "${SIDES[@]}"; do
      answer=$(curl -s -D - -H "Authorization: Bearer $API_KEY" "http://127.0.0.1:$(port_of "$side")$path" \
        | tr -d '\r' | sed -n '/^[Ll]ink:/p; /^\[\|^{/p')
      [ -n "$expected" ] || expected=$answer
      [ "$answer" = "$expected" ] || { echo "$side answers $path unlike the service:" >&2; diff <(echo "$expected") <(echo "$answer") >&2; exit 1; }
    done
  done
  log "every side answers the same bodies and Link headers"
}

busy_processes() { ps -eo pcpu=,comm= --sort=-pcpu | awk '$1 >= 5 {printf "%s%s:%s", sep, $2, $1; sep=","}'; }

# --- the run --------------------------------------------------------------------------------------

require_tools
STARTED_AT=$(date -u +%FT%TZ)
BUSY_AT_START=$(busy_processes) LOAD_AT_START=$(load1)
if [ "$BUILD" = 1 ]; then
  log "building the service and the Spring Boot alternative"
  { ./mvnw -q -B -DskipTests package && ./mvnw -q -B -f scripts/bench/spring-boot/pom.xml -DskipTests package; } > "$OUT/build.log" 2>&1 \
    || { cat "$OUT/build.log" >&2; exit 1; }
fi
for jar in "$SERVICE_JAR" "$SPRING_JAR"; do [ -f "$jar" ] || { echo "$jar missing: run without --no-build" >&2; exit 1; }; done

# How often the idle machine takes a busy CPU away for over a millisecond: the floor under every p99 here.
log "measuring CPU stalls (scripts/bench/Stalls.java, 10 s)"
STALLS_AT_START=$("$JAVA_HOME/bin/java" -XX:+UseSerialGC "$BENCH/Stalls.java" 10)
ensure_database
log "starting the service (Flyway migrates $DATABASE), then ${OTHERS//,/ and }"
start service "$OUT/service.log"
seed
for side in "${other_sides[@]}"; do start "$side" "$OUT/$side.log"; done
same_answers

if [ "$FIRST_WARMUP" -gt 0 ]; then
  for side in "${SIDES[@]}"; do
    warm "$side" mixed "$FIRST_WARMUP"; warm "$side" get "$FIRST_WARMUP"; warm "$side" unauthorized "$FIRST_WARMUP"
  done
fi
IFS=, read -r -a scenario_list <<< "$SCENARIOS"
for round in $(seq 1 "$ROUNDS"); do
  for scenario in "${scenario_list[@]}"; do
    mapfile -t order < <(order_of "$round" "$scenario")
    for side in "${order[@]}"; do warm "$side" "$scenario"; done
    for side in "${order[@]}"; do measure "$side" "$scenario" "$round"; done
  done
done
BUSY_AT_END=$(busy_processes)
RSS_JSON=$(for side in "${SIDES[@]}"; do
  printf '{"%s":{"rss_mb":%s,"peak_mb":%s}}\n' "$side" "$(memory_mb "$side" VmRSS)" "$(memory_mb "$side" VmHWM)"
done | jq -s add)
for side in "${SIDES[@]}"; do stop "$side"; done

declare -A STARTS=()
for run in $(seq 1 "$STARTUP_RUNS"); do
  for side in "${SIDES[@]}"; do
    start "$side" "$OUT/startup-$side-$run.log"; stop "$side"
    STARTS[$side]+="${STARTS[$side]:+,}$STARTUP_MS"
    log "startup $run: $side first 200 after $STARTUP_MS ms"
  done
done
STARTS_JSON=$(for side in "${SIDES[@]}"; do
  jq -n --arg side "$side" --arg ms "${STARTS[$side]:-}" '{($side): ($ms | split(",") | map(select(. != "") | tonumber))}'
done | jq -s add)

# --- results --------------------------------------------------------------------------------------

MACHINE_JSON=$(jq -n --arg cpu "$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)" --argjson nproc "$(nproc)" \
  --argjson mem "$(awk '/MemTotal/ {printf "%d", $2 / 1024}' /proc/meminfo)" --arg kernel "$(uname -r)" \
  --arg java "$("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)" --arg pg "$(psql_db postgres -tAc 'SHOW server_version')" \
  --arg wrk "$(wrk -v 2>&1 | head -n 1)" --arg busy_start "$BUSY_AT_START" --argjson load_start "$LOAD_AT_START" --arg busy_end "$BUSY_AT_END" --argjson stalls "$STALLS_AT_START" \
  '{nproc: $nproc, cpu_model: $cpu, mem_total_mb: $mem, kernel: $kernel, java: $java, postgres: $pg, wrk: $wrk,
    load1_at_start: $load_start, busy_processes_at_start: $busy_start, busy_processes_at_end: $busy_end, cpu_stalls_at_start: $stalls}')
jq -s --arg command "$COMMAND" --arg date "$STARTED_AT" --arg commit "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs/benchmarks' || echo ' with uncommitted changes')" \
  --argjson machine "$MACHINE_JSON" --argjson rss "$RSS_JSON" --argjson starts "$STARTS_JSON" --argjson sides "$(printf '%s\n' "${SIDES[@]}" | jq -R . | jq -s .)" \
  --argjson settings "$(printf '{"pets":%d,"duration_s":%d,"warmup_s":%d,"first_warmup_s":%d,"rounds":%d,"connections":%d,"pet_ttl":"%s","service_jvm_options":"%s","spring_jvm_options":"JVM defaults"}' \
    "$SCALE" "$DURATION" "$WARMUP" "$FIRST_WARMUP" "$ROUNDS" "$CONNECTIONS" "$PET_TTL" "@scripts/jvm.options${SERVICE_JVM:+ $SERVICE_JVM}")" '
  def median: sort | if length == 0 then null elif length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
  def side($runs): if ($runs | length) == 0 then null else
    {rps: ($runs | map(.rps) | median), p50_ms: ($runs | map(.p50_ms) | median), p99_ms: ($runs | map(.p99_ms) | median),
     cpu_us_per_request: ($runs | map(.cpu_us_per_request) | median), non_2xx: ($runs | map(.non_2xx) | add),
     socket_errors: ($runs | map(.socket_errors) | add), rounds_rps: ($runs | map(.rps))} end;
  def ratio(a; b): if a == null or b == null or b == 0 then null else a / b end;
  . as $runs
  | (reduce ($runs[].scenario) as $s ([]; if any(.[]; . == $s) then . else . + [$s] end)
     | map(. as $s | reduce $sides[] as $side ({scenario: $s}; .[$side] = side([$runs[] | select(.scenario == $s and .side == $side)]))
           | . as $row
           | .rps_ratio = (reduce ($sides[1:][]) as $o ({}; .[$o] = ratio($row.service.rps; $row[$o].rps)))
           | .p99_ratio = (reduce ($sides[1:][]) as $o ({}; .[$o] = ratio($row.service.p99_ms; $row[$o].p99_ms))))) as $scenarios
  | ($scenarios | map(select(.scenario == "floor")) | first | .service.rps) as $floor
  | {command: $command, date: $date, commit: $commit, machine: $machine, settings: $settings, sides: $sides,
     scenarios: ($scenarios | map(.service_share_of_floor = ratio(.service.rps; $floor))),
     rss_after_run: $rss,
     startup_to_first_200_ms: {no_aot_cache: $starts},
     runs: $runs}' "$RUNS" > "$OUT/results.json"

# The Markdown report; with $docs, the one docs/benchmarks/vs-spring.md keeps: no date (git has it).
report() {
  jq -r --argjson docs "$1" '
  def r(n): if n == null then "–" else (n * 100 | round / 100 | tostring) end;
  def i(n): if n == null then "–" else (n | round | tostring) end;
  def best(a): if (a | length) == 0 then null else (a | min) end;
  def cells(f): .sides | map(f | tostring) | join(" | ");
  . as $all | (.sides[1:]) as $others
  | "# The service against the Spring Boot alternative\(if ($others | length) > 1 then "s" else "" end)\n",
  (if $docs then "Written by `scripts/bench/vs-spring.sh` on every run (its JSON and logs go to `target/bench/`); read the ratios, and only within one run: the rates move with the load of the machine.\n" else empty end),
  "- command: `\(.command)`",
  (if $docs then "- commit: \(.commit)" else "- date: \(.date) (UTC), commit \(.commit)" end),
  "- machine: \(.machine.nproc) cores, \(.machine.cpu_model), \(.machine.mem_total_mb) MB; \(.machine.java); PostgreSQL \(.machine.postgres)",
  "- sides: service (\(.settings.service_jvm_options))\($others | map(if . == "spring" then ", spring: the plain Spring Boot alternative" else ", cached: the same jar with --spring.profiles.active=cached" end) | join("")) (\(.settings.spring_jvm_options)); scripts/bench/spring-boot/README.md",
  "- load average (1 min) at start: \(.machine.load1_at_start); busy processes (≥ 5 % CPU) at start: \(.machine.busy_processes_at_start); at end: \(.machine.busy_processes_at_end)",
  (.machine.cpu_stalls_at_start | "- CPU stalls of the idle machine (scripts/bench/Stalls.java, \(.seconds) s, every CPU busy): \(.stalls_over_1ms_per_cpu_s) a second per CPU over 1 ms, \(.stalls_over_3ms_per_cpu_s) over 3 ms, longest \(.max_stall_ms) ms"),
  "- load: \(.settings.pets) pets, \(.settings.connections) connections, \(.settings.first_warmup_s) s each of mixed, lookup and unauthorized load on each side after the starts, then \(.settings.warmup_s) s warm-up + \(.settings.duration_s) s measured per scenario and side, \(.settings.rounds) round(s), the order of the sides rotating (medians); pets remembered for \(.settings.pet_ttl // "10m") on the service and the cached side (--pet-ttl)\n",
  "| scenario | \(cells("\(.) rps")) | \($others | map("ratio to \(.)") | join(" | ")) | \(cells("\(.) p99 ms")) | \($others | map("p99 ratio to \(.)") | join(" | ")) |",
  "|---|\([range(0; (.sides | length) * 2 + ($others | length) * 2)] | map("---:") | join("|"))|",
  (.scenarios[] as $row | $row | "| \(.scenario) | \($all | cells(i($row[.].rps))) | \($others | map(r($row.rps_ratio[.])) | join(" | ")) | \($all | cells(r($row[.].p99_ms))) | \($others | map(r($row.p99_ratio[.])) | join(" | ")) |"),
  "",
  "| scenario | \(cells("\(.) CPU µs/req")) | non-2xx (\(.sides | join("/"))) | service rps / floor |",
  "|---|\([range(0; (.sides | length) + 2)] | map("---:") | join("|"))|",
  (.scenarios[] as $row | $row | "| \(.scenario) | \($all | cells(i($row[.].cpu_us_per_request))) | \([$all.sides[] | ($row[.].non_2xx // "–" | tostring)] | join("/")) | \(r(.service_share_of_floor)) |"),
  "",
  "| | \(cells(.)) | \($others | map("ratio to \(.)") | join(" | ")) |",
  "|---|\([range(0; (.sides | length) + ($others | length))] | map("---:") | join("|"))|",
  "| RSS after the run, MB | \(cells($all.rss_after_run[.].rss_mb)) | \($others | map(r($all.rss_after_run.service.rss_mb / $all.rss_after_run[.].rss_mb)) | join(" | ")) |",
  "| peak RSS, MB | \(cells($all.rss_after_run[.].peak_mb)) | \($others | map(r($all.rss_after_run.service.peak_mb / $all.rss_after_run[.].peak_mb)) | join(" | ")) |",
  (.startup_to_first_200_ms.no_aot_cache as $s | if ($s.service | length) > 0 then
    "| start to first 200 (no AOT cache), best of \($s.service | length), ms | \(cells(best($s[.]) | tostring)) | \($others | map(r(best($s.service) / best($s[.])))  | join(" | ")) |" else empty end),
  "",
  "Ratios are the service'"'"'s requests/s (or p99, RSS, start) over the other side'"'"'s. unauthorized: every answer is a 401; floor: `GET /v1/store/orders` with the key, the service'"'"'s constant 501 after its filters and key check (the Spring app has no such route), so every answer counts as non-2xx; \"service rps / floor\" says how close each answer comes to it. Figures from a shared machine: compare ratios and CPU per request rather than absolute requests/s."
  ' "$OUT/results.json"
}
report false > "$OUT/results.md"
if [ "$DOCS" = 1 ]; then
  mkdir -p docs/benchmarks
  report true > docs/benchmarks/vs-spring.md
fi

cat "$OUT/results.md"
echo
echo "Written to $OUT (results.json, results.md, runs.jsonl, wrk outputs, logs)$([ "$DOCS" = 1 ] && echo ', docs/benchmarks/vs-spring.md')"

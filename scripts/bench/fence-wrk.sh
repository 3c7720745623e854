#!/usr/bin/env bash
# The HTTP fence's share of a request's CPU, end to end (docs/framework-workarounds.md): starts the built
# jar twice, with the fence and without it (PETSTORE_HTTP_WORKAROUNDS=false), loads them with wrk in
# turns, and prints each one's requests/s and CPU time per request (utime+stime from /proc). Writes
# target/bench/fence-wrk.txt and docs/benchmarks/fence-wrk.md. Only the ratio within one run means anything
# on a shared machine.
#
#   scripts/bench/fence-wrk.sh [ROUNDS]      (default 5; needs the jar: ./mvnw -DskipTests package)
#   WARMUP (s per route and variant, default 40), SECONDS_PER_ROUND (10) and CONNECTIONS (16) override the defaults.
#
# Two routes: GET /info on the management port (the HTTP stack alone, no database) and
# GET /v1/pets?limit=10 (a real read). BENCH_DATABASE (default animalstore_fence_bench) is created if missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/fence-wrk.sh "$@")

rounds=${1:-5} seconds=${SECONDS_PER_ROUND:-10} connections=${CONNECTIONS:-16} warmup=${WARMUP:-40}
database=${BENCH_DATABASE:-animalstore_fence_bench} key=bench-key-0000000000000001
psql -X -q -h 127.0.0.1 -U postgres -tc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 \
  || psql -X -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $database"
mkdir -p target/bench
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT

start() { # start PORT WORKAROUNDS; both in the test environment, outside which the service refuses WORKAROUNDS=false
  MICRONAUT_ENVIRONMENTS=test PETSTORE_API_KEYS=$key MICRONAUT_SERVER_PORT=$1 ENDPOINTS_ALL_PORT=$(($1 + 1)) PETSTORE_HTTP_WORKAROUNDS=$2 MALLOC_ARENA_MAX=2 \
    DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:5432/$database" \
    "$JAVA_HOME/bin/java" @scripts/jvm.options -jar bootstrap/target/animal-store.jar > "target/bench/fence-wrk-$2.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 600); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$1/v1/pets?limit=1")" = 200 ] && return 0
    sleep 0.2
  done
  echo "no answer on port $1" >&2; exit 1
}
start 18301 true; on=${pids[-1]}
start 18311 false; off=${pids[-1]}
curl -s -o /dev/null -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"name":"Rex","categoryId":1}' http://127.0.0.1:18301/v1/pets

cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.3f", ($14 + $15) / hz}' "/proc/$1/stat"; }
load() { # load PID URL SECONDS -> "requests cpu_us_per_request rps"
  local before after out requests
  before=$(cpu "$1")
  out=$(wrk -t 2 -c "$connections" -d "${3}s" -H "Authorization: Bearer $key" -H 'Accept: application/json' "$2")
  after=$(cpu "$1")
  requests=$(awk '/requests in/ {print $1}' <<< "$out")
  awk -v a="$after" -v b="$before" -v n="$requests" -v s="$3" 'BEGIN {printf "%d %.1f %.0f", n, (a - b) * 1e6 / n, n / s}'
}
routes=("info http://127.0.0.1:PORT1/info" "pets http://127.0.0.1:PORT/v1/pets?limit=10")
url() { local u=${2//PORT1/$(($1 + 1))}; echo "${u//PORT/$1}"; }
for route in "${routes[@]}"; do # C2 alone (scripts/jvm.options) needs a long warm-up
  for port in 18301 18311; do load "$on" "$(url $port "${route#* }")" "$warmup" > /dev/null; done
done
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, scripts/bench/fence-wrk.sh $rounds: wrk -t 2 -c $connections, ${seconds}s per run, fence on and off in turns"
  echo "# route fence round requests cpu_us_per_request rps"
  for round in $(seq 1 "$rounds"); do
    for route in "${routes[@]}"; do
      name=${route%% *}
      echo "$name on $round $(load "$on" "$(url 18301 "${route#* }")" "$seconds")"
      echo "$name off $round $(load "$off" "$(url 18311 "${route#* }")" "$seconds")"
    done
  done
} | tee target/bench/fence-wrk-raw.txt
awk '!/^#/ { key = $1 " " $2; cpu[key] = cpu[key] " " $5; rps[key] = rps[key] " " $6 }
  function median(list,   a, n, i, j, t) { n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { for (r in cpu) if (r ~ / on$/) { split(r, p, " "); off = p[1] " off"
      printf "%-5s fence on: %6.1f us CPU/request, %6.0f rps | off: %6.1f us, %6.0f rps | on/off CPU %.3f, rps %.3f\n",
        p[1], median(cpu[r]), median(rps[r]), median(cpu[off]), median(rps[off]), median(cpu[r]) / median(cpu[off]), median(rps[r]) / median(rps[off]) } }' \
  target/bench/fence-wrk-raw.txt | { head -1 target/bench/fence-wrk-raw.txt; cat; } | tee target/bench/fence-wrk.txt
publish_text fence-wrk "The HTTP fence on and off, end to end" "$command" < target/bench/fence-wrk.txt

#!/usr/bin/env bash
# A/B of two builds side by side (docs/performance/benchmarks.md): starts jar A and jar B against the same
# benchmark database, warms both up, then loads them in turns, one at a time, the order alternating
# from round to round, so both see the same drift of this shared machine. Per round and side it
# records requests/s, p99 and CPU per request: the service's user and system time and PostgreSQL's
# (all its processes, from /proc). Prints each round, then the medians and in how many rounds B was
# faster; writes the same to target/bench/ab-LABEL.txt and, as the latest A/B, to docs/benchmarks/ab.md.
#
#   cp bootstrap/target/animal-store.jar /tmp/before.jar    # then change, ./mvnw -DskipTests package
#   scripts/bench/ab.sh LABEL /tmp/before.jar bootstrap/target/animal-store.jar "get post" [JVM option...]
#   B_JVM="-Xmn16m" scripts/bench/ab.sh young16 bootstrap/target/animal-store.jar bootstrap/target/animal-store.jar get
#
# The JVM options after the scenarios go to both; A_JVM and B_JVM add options to one side only.
# Needs the seeded database of scripts/bench/run.sh (animalstore_bench, 100 000 pets by default;
# BENCH_DATABASE and BENCH_PETS for another). WARMUP (s per scenario and side, default 20),
# ROUNDS (default 6), SECONDS_PER_ROUND (default 8), CONNECTIONS (default 32) override the defaults.
# Even in turns a round varies by about 10 %, and two processes of one jar by 1.5-3 % (each JVM compiles
# its own code): trust a difference above about 5 %, and check a smaller one with the sides swapped.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh

[ $# -ge 4 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/ab.sh "$@")
label=$1 jar_a=$2 jar_b=$3 scenarios=$4; shift 4
[ -f "$jar_a" ] && [ -f "$jar_b" ] || { echo "no such jar: $jar_a or $jar_b" >&2; exit 2; }
warmup=${WARMUP:-20} rounds=${ROUNDS:-6} seconds=${SECONDS_PER_ROUND:-8} connections=${CONNECTIONS:-32}
base_port=${BENCH_PORT:-18083}
. scripts/bench/start-service.sh
out=target/bench/ab-$label.txt

declare -A pid ports
ports[A]=$base_port ports[B]=$((base_port + 2))
for side in A B; do
  port=${ports[$side]} BENCH_JAR=$([ $side = A ] && echo "$jar_a" || echo "$jar_b")
  side_jvm=$([ $side = A ] && echo "${A_JVM:-}" || echo "${B_JVM:-}")
  # shellcheck disable=SC2086 # the side's options are words
  start_bench_service "target/bench/ab-$label-$side.log" "$@" $side_jvm
  pid[$side]=$BENCH_SERVICE_PID
done

ticks() { awk '{t += $14 + $15} END {print t}' "$@" 2>/dev/null; }
service_ticks() { awk '{print $14, $15}' "/proc/${pid[$1]}/stat"; }
postgres_ticks() { ticks $(pgrep -u postgres | sed 's|.*|/proc/&/stat|'); }
load() { wrk -t 2 -c "$connections" -d "${3}s" --timeout 5s -s "scripts/bench/wrk/$2.lua" "http://127.0.0.1:${ports[$1]}" | tail -n 1; }
field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" <<< "$1"; }

# One measured window: "scenario side round rps p99 user_us sys_us postgres_us non_2xx".
measure() {
  local side=$1 scenario=$2 round=$3 before_s before_p result after_s after_p
  before_s=$(service_ticks "$side"); before_p=$(postgres_ticks)
  result=$(load "$side" "$scenario" "$seconds")
  after_s=$(service_ticks "$side"); after_p=$(postgres_ticks)
  awk -v s="$scenario" -v side="$side" -v r="$round" -v hz="$(getconf CLK_TCK)" \
      -v rps="$(field "$result" rps)" -v p99="$(field "$result" p99_ms)" -v n="$(field "$result" requests)" \
      -v bad="$(field "$result" non_2xx)" -v b="$before_s" -v a="$after_s" -v bp="$before_p" -v ap="$after_p" '
    BEGIN { split(b, x, " "); split(a, y, " "); us = 1e6 / hz / n
      printf "%s %s %d %.0f %.2f %.1f %.1f %.1f %d\n", s, side, r, rps, p99, (y[1] - x[1]) * us, (y[2] - x[2]) * us, (ap - bp) * us, bad }'
}

for scenario in $scenarios; do for side in A B; do load "$side" "$scenario" "$warmup" > /dev/null; done; done
rows=""
for round in $(seq 1 "$rounds"); do
  order="A B"; [ $((round % 2)) = 0 ] && order="B A"
  for scenario in $scenarios; do
    for side in $order; do
      row=$(measure "$side" "$scenario" "$round"); rows+="$row"$'\n'
      echo "$row" | awk '{printf "round %d %-12s %s  rps %7.0f  p99 %6.2f ms  user %5.1f  sys %5.1f  postgres %5.1f us/req  non-2xx %d\n", $3, $1, $2, $4, $5, $6, $7, $8, $9}' >&2
    done
  done
done

{
  echo "A = $jar_a ${A_JVM:-}, B = $jar_b ${B_JVM:-}, options $*, $rounds rounds of ${seconds}s, $connections connections, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1))"
  for scenario in $scenarios; do
    grep "^$scenario " <<< "$rows" | awk -v s="$scenario" '
      function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
      { k = $2; n[k]++; rps[k, n[k]] = $4; p99[k, n[k]] = $5; cpu[k, n[k]] = $6 + $7; pg[k, n[k]] = $8; bad[k] += $9; per[$3, k] = $4 }
      END {
        for (side = 0; side < 2; side++) { k = side ? "B" : "A"
          for (i = 1; i <= n[k]; i++) { r[i] = rps[k, i]; p[i] = p99[k, i]; c[i] = cpu[k, i]; g[i] = pg[k, i] }
          printf "%-12s %s  rps %7.0f  p99 %6.2f ms  service %5.1f  postgres %5.1f us/req (medians)  non-2xx %d\n", s, k, median(r, n[k]), median(p, n[k]), median(c, n[k]), median(g, n[k]), bad[k] }
        faster = 0; ratios = ""
        for (i = 1; i <= n["A"]; i++) { ratios = ratios sprintf(" %.2f", per[i, "B"] / per[i, "A"]); if (per[i, "B"] > per[i, "A"]) faster++ }
        printf "%-12s B/A requests/s per round:%s; B faster in %d of %d\n", s, ratios, faster, n["A"] }'
  done
  for side in A B; do echo "$side: RSS after the run $(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/${pid[$side]}/status") MB"; done
} | tee "$out"
publish_text ab "A/B of two builds: $label" "$command" < "$out"

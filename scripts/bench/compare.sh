#!/usr/bin/env bash
# A/B of one setting (docs/performance/benchmarks.md): starts the built jar with extra JVM options or
# environment, warms every chosen scenario up, then runs each ROUNDS times and prints the medians of
# requests/s, p99 and the service's CPU time per request. Run it once per variant, one after the other:
# only figures taken minutes apart on this shared machine compare, and even then expect 10-20 % noise.
# Writes target/bench/compare-LABEL.txt and, as the latest variant measured, docs/benchmarks/compare.md.
#
#   scripts/bench/compare.sh LABEL "SCENARIOS" [JVM option...]
#   scripts/bench/compare.sh pool8 "list get" (with DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE=8 in the environment)
#   scripts/bench/compare.sh c2only "list get" -XX:-TieredCompilation
#
# Needs the jar (./mvnw -DskipTests package) and the seeded database of scripts/bench/run.sh
# (animalstore_bench, 100 000 pets by default). WARMUP, ROUNDS, SECONDS_PER_ROUND, CONNECTIONS override the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh

[ $# -ge 2 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/compare.sh "$@")
label=$1 scenarios=$2; shift 2
warmup=${WARMUP:-25} rounds=${ROUNDS:-3} seconds=${SECONDS_PER_ROUND:-8} connections=${CONNECTIONS:-32}
port=${BENCH_PORT:-18083}
. scripts/bench/start-service.sh
log=target/bench/compare-$label.log

start_bench_service "$log" "$@"
pid=$BENCH_SERVICE_PID

cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.3f", ($14 + $15) / hz}' "/proc/$pid/stat"; }
load() { wrk -t 2 -c "$connections" -d "${2}s" --timeout 5s -s "scripts/bench/wrk/$1.lua" "http://127.0.0.1:$port" | tail -n 1; }
field() { sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p" <<< "$1"; }

for scenario in $scenarios; do load "$scenario" "$warmup" > /dev/null; done
results=""
for _ in $(seq 1 "$rounds"); do
  for scenario in $scenarios; do
    before=$(cpu_s); out=$(load "$scenario" "$seconds"); after=$(cpu_s)
    results+="$scenario $(field "$out" rps) $(field "$out" p99_ms) $(awk -v a="$after" -v b="$before" -v n="$(field "$out" requests)" 'BEGIN {printf "%.0f", (a - b) * 1e6 / n}') $(field "$out" non_2xx)"$'\n'
  done
done
# The figures go to the terminal, to target/bench/compare-LABEL.txt and to docs/benchmarks/compare.md.
for scenario in $scenarios; do
  grep "^$scenario " <<< "$results" | awk -v label="$label" -v s="$scenario" '
    { rps[NR] = $2; p99[NR] = $3; cpu[NR] = $4; all = all " " $4; bad += $5 }
    function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END { printf "%-16s %-7s rps %7.0f  p99 %6.2f ms  cpu/req %4.0f us (rounds:%s)  non-2xx %d\n", label, s, median(rps, NR), median(p99, NR), median(cpu, NR), all, bad }'
done > "target/bench/compare-$label.txt"
echo "$label: RSS $(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$pid/status") MB" >> "target/bench/compare-$label.txt"
cat "target/bench/compare-$label.txt"
publish_text compare "One setting measured: $label" "$command" < "target/bench/compare-$label.txt"

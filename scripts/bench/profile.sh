#!/usr/bin/env bash
# Where the service's CPU goes under one scenario (docs/performance/benchmarks.md): starts the built jar with a
# JFR recording that begins after the warm-up, loads it with wrk, then prints JFR's hottest methods.
# The recording stays in target/bench/profile-SCENARIO.jfr for `jfr print` / `jfr view` or JDK Mission Control;
# the hottest methods also go to docs/benchmarks/profile.md.
#
#   scripts/bench/profile.sh SCENARIO [JVM option...]      e.g. scripts/bench/profile.sh status
#
# Needs the jar and the seeded database of scripts/bench/run.sh. WARMUP (s, default 25) and
# RECORD (s, default 20) override the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh

[ $# -ge 1 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/profile.sh "$@")
scenario=$1; shift
warmup=${WARMUP:-25} record=${RECORD:-20}
port=${BENCH_PORT:-18083}
. scripts/bench/start-service.sh
jfr=target/bench/profile-$scenario.jfr log=target/bench/profile-$scenario.log
rm -f "$jfr"

start_bench_service "$log" "$@" \
  "-XX:StartFlightRecording=filename=$jfr,settings=profile,delay=$((warmup + 5))s,duration=${record}s"
started=$SECONDS
wrk -t 2 -c "${CONNECTIONS:-32}" -d "$((warmup + record + 8))s" --timeout 5s -s "scripts/bench/wrk/$scenario.lua" "http://127.0.0.1:$port" | tail -n 1
while [ ! -s "$jfr" ] && [ $((SECONDS - started)) -lt $((warmup + record + 60)) ]; do sleep 1; done
sleep 2
"$JAVA_HOME/bin/jfr" view --width 160 hot-methods "$jfr" | tee "target/bench/profile-$scenario.txt"
publish_text profile "Where the CPU goes: $scenario" "$command" < "target/bench/profile-$scenario.txt"
echo "recording: $jfr"

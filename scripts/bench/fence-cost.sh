#!/usr/bin/env bash
# What each workaround of the HTTP fence costs per request (docs/framework-workarounds.md), without JMH:
# FenceCostBenchmark pushes requests through Netty's HTTP/1.1 codec with and without each handler, on
# one thread, variants taking turns. Writes target/bench/fence-cost.txt and docs/benchmarks/fence-cost.md.
# Compare the variants of one
# run only: the machine is shared, and absolute figures drift between runs.
#
#   scripts/bench/fence-cost.sh [ROUNDS]      (default 15)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/fence-cost.sh "$@")

# One reactor run, so that domain comes from this checkout, not from a jar in ~/.m2.
./mvnw -q -B -pl adapters-rest -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/fence-cost.classpath -Dmdep.includeScope=test
mkdir -p target/bench
out=target/bench/fence-cost.txt
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, scripts/bench/fence-cost.sh ${1:-}"
  "$JAVA_HOME/bin/java" -cp "adapters-rest/target/test-classes:adapters-rest/target/classes:$(cat adapters-rest/target/fence-cost.classpath)" \
    org.animalstore.adapters.rest.http.FenceCostBenchmark "${1:-15}"
} | tee "$out"
publish_text fence-cost "What each handler of the HTTP fence costs, in process" "$command" < "$out"

#!/usr/bin/env bash
# CPU per request of the rate limiter's decision (RateLimitService.consume), in process, on one thread:
# what a quota adds to each request, against the 100-250 µs a request costs the service end to end.
#   scripts/bench/rate-limit-cost.sh [ROUNDS]      writes target/bench/rate-limit-cost.txt and docs/benchmarks/rate-limit-cost.md
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/bench/rate-limit-cost.sh "$@")

./mvnw -q -B -pl application -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/rate-limit-cost.classpath -Dmdep.includeScope=test
mkdir -p target/bench
out=target/bench/rate-limit-cost.txt
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, scripts/bench/rate-limit-cost.sh ${1:-}"
  "$JAVA_HOME/bin/java" -cp "application/target/test-classes:application/target/classes:$(cat application/target/rate-limit-cost.classpath)" \
    org.animalstore.application.RateLimitCostBenchmark "${1:-15}"
} | tee "$out"
publish_text rate-limit-cost "What the rate limiter's decision costs, in process" "$command" < "$out"

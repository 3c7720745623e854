#!/usr/bin/env bash
# Builds and starts the service against the local PostgreSQL (127.0.0.1:5432, user postgres,
# database postgres) in the "dev" environment, whose well-known API key is
# local-dev-key-do-not-deploy. Every setting can be overridden by environment variable (docs/operations.md).
#
# --aot (first argument): start from a JDK 25 AOT cache, trained on first use and again whenever the
# jar, the JVM options or the JDK change (scripts/aot-cache.sh; docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

aot=false
if [ "${1:-}" = "--aot" ]; then aot=true; shift; fi

./mvnw -q -B -DskipTests package
export MICRONAUT_ENVIRONMENTS="${MICRONAUT_ENVIRONMENTS:-dev}"
# Two malloc arenas instead of one per thread that allocates natively (docs/performance.md, "Production JVM settings").
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# Production JVM settings (scripts/jvm.options), then JAVA_OPTS, which win.
# shellcheck disable=SC2206 # JAVA_OPTS is a list of options
jvm_opts=(@scripts/jvm.options ${JAVA_OPTS:-})
jar=bootstrap/target/animal-store.jar
if $aot; then
  . scripts/aot-cache.sh
  aot_prepare "$jar" "${jvm_opts[@]}"
  jar=$AOT_JAR
  jvm_opts+=("${AOT_OPTS[@]}")
fi
exec "$JAVA_HOME/bin/java" "${jvm_opts[@]}" -jar "$jar" "$@"

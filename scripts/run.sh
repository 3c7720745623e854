#!/usr/bin/env bash
# Builds and starts the service against the local PostgreSQL (127.0.0.1:5432, user postgres,
# database postgres) in the "dev" environment, whose well-known API key is
# local-dev-key-do-not-deploy. Every setting can be overridden by environment variable (README).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

./mvnw -q -B -DskipTests package
export MICRONAUT_ENVIRONMENTS="${MICRONAUT_ENVIRONMENTS:-dev}"
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
exec "$JAVA_HOME/bin/java" ${JAVA_OPTS:-} -jar bootstrap/target/animal-store.jar "$@"

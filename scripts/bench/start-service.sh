# Sourced by scripts/bench/compare.sh and profile.sh: starts the built jar against the benchmark
# database with the production JVM settings plus the given options, and waits for its first 200.
# Sets BENCH_SERVICE_PID; on exit the service stops and rows added by POST scenarios go.
# Expects port, database, key and BENCH_PETS to be set by the caller.

# start_bench_service LOG [JVM option...]
start_bench_service() {
  local log=$1; shift
  PETSTORE_API_KEYS=$key MICRONAUT_SERVER_PORT=$port ENDPOINTS_ALL_PORT=$((port + 1)) MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} \
    DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:5432/$database" \
    "$JAVA_HOME/bin/java" @scripts/jvm.options "$@" -jar bootstrap/target/animal-store.jar > "$log" 2>&1 &
  BENCH_SERVICE_PID=$!
  trap 'kill $BENCH_SERVICE_PID 2>/dev/null || true
    psql -X -q -h 127.0.0.1 -U postgres -d "$database" -c "DELETE FROM pet WHERE id > $BENCH_PETS" -c "VACUUM (ANALYZE) pet" >/dev/null 2>&1 || true' EXIT
  for _ in $(seq 1 1200); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/v1/pets?limit=1")" = 200 ] && return 0
    kill -0 $BENCH_SERVICE_PID 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "The service did not answer within 120 s: see $log" >&2
  exit 1
}

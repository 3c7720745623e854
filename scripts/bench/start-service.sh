# Sourced by scripts/bench/compare.sh, ab.sh and profile.sh: starts the built jar (or BENCH_JAR) against
# the benchmark database with the production JVM settings plus the given options, and waits for its
# first 200. Sets BENCH_SERVICE_PID; on exit every service started so stops and rows added by POST
# scenarios go. Sourcing it sets what its callers share (database, key, BENCH_PETS, target/bench/);
# each caller sets port.
#
# BENCH_DB=postgresql (default: 127.0.0.1:5432, seeded beforehand by scripts/bench/run.sh) or
# BENCH_DB=mariadb (127.0.0.1:3306, user root: the database is created, migrated by the service and
# seeded here with BENCH_PETS pets by scripts/bench/seed-mariadb.sql when it does not hold them).

database=${BENCH_DATABASE:-animalstore_bench}
key=bench-key-0000000000000001
export BENCH_API_KEY=$key BENCH_WRK_DIR=$PWD/scripts/bench/wrk BENCH_PETS=${BENCH_PETS:-100000}
# The seeded count, fixed now: the exit trap trims to it even if BENCH_PETS changes later in the shell
# (a smaller BENCH_PETS given to wrk must never delete seeded pets).
BENCH_SEEDED_PETS=${BENCH_SEEDED_PETS:-$BENCH_PETS}
mkdir -p target/bench

# bench_sql [SQL]: runs SQL (or standard input) on the benchmark database; prints results without headers.
bench_sql() {
  case ${BENCH_DB:-postgresql} in
    postgresql) psql -X -q -tA -h 127.0.0.1 -U postgres -d "$database" ${1:+-c "$1"} ;;
    mariadb) mariadb -N -h 127.0.0.1 -P 3306 -u root "$database" ${1:+-e "$1"} ;;
  esac
}

# start_bench_service LOG [JVM option...]
start_bench_service() {
  local log=$1; shift
  local url
  case ${BENCH_DB:-postgresql} in
    postgresql) url="jdbc:postgresql://127.0.0.1:5432/$database" user=postgres ;;
    mariadb) url="jdbc:mariadb://127.0.0.1:3306/$database?createDatabaseIfNotExist=true" user=root ;;
    *) echo "BENCH_DB must be postgresql or mariadb" >&2; exit 2 ;;
  esac
  PETSTORE_API_KEYS=$key MICRONAUT_SERVER_PORT=$port ENDPOINTS_ALL_PORT=$((port + 1)) MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} \
    DATASOURCES_DEFAULT_URL="$url" DATASOURCES_DEFAULT_USERNAME=$user \
    "$JAVA_HOME/bin/java" @scripts/jvm.options "$@" -jar "${BENCH_JAR:-bootstrap/target/animal-store.jar}" > "$log" 2>&1 &
  BENCH_SERVICE_PID=$!
  BENCH_SERVICE_PIDS="${BENCH_SERVICE_PIDS:-} $BENCH_SERVICE_PID"
  trap 'kill $BENCH_SERVICE_PIDS 2>/dev/null || true
    bench_sql "DELETE FROM pet WHERE id > $BENCH_SEEDED_PETS" >/dev/null 2>&1 || true
    [ "${BENCH_DB:-postgresql}" = mariadb ] || bench_sql "VACUUM (ANALYZE) pet" >/dev/null 2>&1 || true' EXIT
  for _ in $(seq 1 1200); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/v1/pets?limit=1")" = 200 ]; then
      if [ "${BENCH_DB:-postgresql}" = mariadb ] && [ "$(bench_sql "SELECT count(*) FROM pet")" != "$BENCH_PETS" ]; then
        echo "seeding $database on MariaDB with $BENCH_PETS pets" >&2
        sed "s/:pets/$BENCH_PETS/" scripts/bench/seed-mariadb.sql | bench_sql
      fi
      return 0
    fi
    kill -0 $BENCH_SERVICE_PID 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "The service did not answer within 120 s: see $log" >&2
  exit 1
}

#!/usr/bin/env bash
# PgBouncer drill (docs/scaling.md#connection-pooling): one instance through PgBouncer in transaction mode in
# front of a private primary (scripts/replica/private-pair.sh, port 5452), first with pgjdbc's defaults, then
# with prepareThreshold=0; wrk's mixed load (10 % creates) and creates with Idempotency-Keys, each sent
# twice. Needs pgbouncer and wrk (apt-get install pgbouncer wrk). Figures: target/faults/<UTC>-pgbouncer/;
# the report also to docs/benchmarks/pgbouncer-drill.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/faults/pgbouncer-drill.sh "$@")
export REPLICA_PAIR_DIR=/tmp/animalstore-scale-drill REPLICA_PAIR_PRIMARY_PORT=5452 REPLICA_PAIR_REPLICA_PORT=5453
seconds=${PGBOUNCER_DRILL_SECONDS:-15} key=drill-key-00000000000000001 port=18500 bouncer=6442
out=target/faults/$(date -u +%Y%m%dT%H%M%SZ)-pgbouncer
dir=/tmp/animalstore-pgbouncer-drill
mkdir -p "$out" "$dir"
report() { echo "$*" | tee -a "$out/report.txt"; }

./mvnw -q -B -DskipTests -Dopenapi.lint.skip=true package
scripts/replica/private-pair.sh start
psql -X -q -h 127.0.0.1 -p 5452 -U postgres -c "DROP DATABASE IF EXISTS pgb WITH (FORCE)" -c "CREATE DATABASE pgb"

cat > "$dir/pgbouncer.ini" <<INI
[databases]
pgb = host=127.0.0.1 port=5452 dbname=pgb
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bouncer
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
default_pool_size = 8
max_client_conn = 200
ignore_startup_parameters = extra_float_digits
pidfile = $dir/pgbouncer.pid
logfile = $dir/pgbouncer.log
INI
echo '"postgres" ""' > "$dir/users.txt"
chown -R postgres: "$dir" 2>/dev/null || true
instance=
cleanup() {
  [ -n "$instance" ] && kill "$instance" 2>/dev/null || true
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  scripts/replica/private-pair.sh stop
}
trap cleanup EXIT
if [ "$(id -u)" = 0 ]; then pgbouncer -d -u postgres "$dir/pgbouncer.ini"; else pgbouncer -d "$dir/pgbouncer.ini"; fi

start_instance() { # JDBC URL, Flyway on or off
  PETSTORE_API_KEYS=$key MICRONAUT_SERVER_PORT=$port ENDPOINTS_ALL_PORT=$((port + 1)) MALLOC_ARENA_MAX=2 \
    DATASOURCES_DEFAULT_URL="$1" FLYWAY_DATASOURCES_DEFAULT_ENABLED=$2 \
    "$JAVA_HOME/bin/java" @scripts/jvm.options -jar bootstrap/target/animal-store.jar >> "$out/instance.log" 2>&1 &
  instance=$!
  for _ in $(seq 1 600); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((port + 1))/health/readiness")" = 200 ] && return 0
    sleep 0.1
  done
  echo "the instance did not become ready: see $out/instance.log" >&2; exit 1
}
stop_instance() { kill "$instance"; wait "$instance" 2>/dev/null || true; instance=; }

# The schema is migrated on a direct connection: Flyway holds a session lock, which transaction pooling breaks.
start_instance jdbc:postgresql://127.0.0.1:5452/pgb true
psql -X -q -h 127.0.0.1 -p 5452 -U postgres -d pgb -c "INSERT INTO pet (name, category_id, status) SELECT 'pgb-' || g, 1 + g % 50, 'available' FROM generate_series(1, 10000) g"
stop_instance

phase() { # label, JDBC URL
  start_instance "$2" false
  local same=0 failed=0
  BENCH_WRK_DIR=scripts/bench/wrk BENCH_API_KEY=$key BENCH_PETS=10000 \
    wrk -t2 -c16 -d"${seconds}s" --timeout 10s -s scripts/bench/wrk/mixed.lua "http://127.0.0.1:$port" > "$out/wrk-$1.txt"
  for n in $(seq 1 20); do
    first=$(curl -s -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -H "Idempotency-Key: \"$1-$n\"" \
      -d "{\"name\":\"once-$n\",\"categoryId\":1}" "http://127.0.0.1:$port/v1/pets")
    again=$(curl -s -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -H "Idempotency-Key: \"$1-$n\"" \
      -d "{\"name\":\"once-$n\",\"categoryId\":1}" "http://127.0.0.1:$port/v1/pets")
    case $first in *'"id"'*) [ "$first" = "$again" ] && same=$((same + 1)) ;; *) failed=$((failed + 1)) ;; esac
  done
  stop_instance
  local errors; errors=$(grep -c 'prepared statement' "$out/instance.log" || true)
  report "$1: $(grep '^{' "$out/wrk-$1.txt" | tail -n 1); idempotent creates replayed identically $same/20, failed $failed/20;" \
    "'prepared statement' errors in the log so far: $errors"
}
phase default "jdbc:postgresql://127.0.0.1:$bouncer/pgb"
phase no-prepare "jdbc:postgresql://127.0.0.1:$bouncer/pgb?prepareThreshold=0"
echo "PgBouncer $(pgbouncer --version | head -n 1 | awk '{print $2}')" >> "$out/report.txt"
echo "figures: $out/report.txt"
publish_text pgbouncer-drill "One instance through PgBouncer in transaction mode" "$command" < "$out/report.txt"

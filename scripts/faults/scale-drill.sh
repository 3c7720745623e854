#!/usr/bin/env bash
# Scaling drill (docs/scaling.md): three instances behind HAProxy, over a private PostgreSQL primary and its
# streaming replica (scripts/replica/private-pair.sh on ports 5452/5453, data under /tmp; the shared server
# is never touched). Real processes only; load on loopback, bounded by SCALE_DRILL_SECONDS (20) per phase.
#   lagging   replica 2 s behind (recovery_min_apply_delay): 30 creates through HAProxy, each read back at once
#   healthy   mixed load; reads counted on each server (pg_stat_user_tables)
#   instance  mixed load; one instance stopped (SIGTERM) mid-load
#   replica   mixed load; the replica stopped mid-load, then started again
# Needs haproxy and wrk (apt-get install haproxy wrk). Figures: target/faults/<UTC>-scale/results.json, report.txt;
# the report also to docs/benchmarks/scale-drill.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/faults/scale-drill.sh "$@")
export REPLICA_PAIR_DIR=/tmp/animalstore-scale-drill REPLICA_PAIR_PRIMARY_PORT=5452 REPLICA_PAIR_REPLICA_PORT=5453
seconds=${SCALE_DRILL_SECONDS:-20} pets=100000 key=drill-key-00000000000000001 lb=http://127.0.0.1:18499
out=target/faults/$(date -u +%Y%m%dT%H%M%SZ)-scale
mkdir -p "$out"
report() { echo "$*" | tee -a "$out/report.txt"; }
primary() { psql -X -q -tA -h 127.0.0.1 -p 5452 -U postgres -d "${db:-drill}" "$@"; }
replica() { psql -X -q -tA -h 127.0.0.1 -p 5453 -U postgres -d "${db:-drill}" "$@"; }

./mvnw -q -B -DskipTests -Dopenapi.lint.skip=true package
scripts/replica/private-pair.sh start
db=postgres primary -c "DROP DATABASE IF EXISTS drill WITH (FORCE)" -c "CREATE DATABASE drill"

declare -A pid
start_instance() {
  local port=$((18400 + 10 * $1))
  PETSTORE_API_KEYS=$key PETSTORE_CURSOR_SECRET=drill-cursor-secret-0000000000000001 PETSTORE_ACCESS_LOG=errors \
    MICRONAUT_SERVER_PORT=$port ENDPOINTS_ALL_PORT=$((port + 1)) MALLOC_ARENA_MAX=2 \
    DATASOURCES_DEFAULT_URL=jdbc:postgresql://127.0.0.1:5452/drill DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE=4 DATASOURCES_DEFAULT_MINIMUM_IDLE=2 \
    DATASOURCES_REPLICA_URL=jdbc:postgresql://127.0.0.1:5453/drill DATASOURCES_REPLICA_USERNAME=postgres DATASOURCES_REPLICA_PASSWORD= \
    DATASOURCES_REPLICA_MAXIMUM_POOL_SIZE=4 DATASOURCES_REPLICA_MINIMUM_IDLE=2 \
    "$JAVA_HOME/bin/java" @scripts/jvm.options -jar bootstrap/target/animal-store.jar >> "$out/instance-$1.log" 2>&1 &
  pid[$1]=$!
}
await_ready() {
  for _ in $(seq 1 600); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((18401 + 10 * $1))/health/readiness")" = 200 ] && return 0
    sleep 0.1
  done
  echo "instance $1 did not become ready: see $out/instance-$1.log" >&2; exit 1
}
cleanup() {
  for n in "${!pid[@]}"; do kill "${pid[$n]}" 2>/dev/null || true; done
  [ -f "$out/haproxy.pid" ] && kill "$(cat "$out/haproxy.pid")" 2>/dev/null || true
  replica -c "ALTER SYSTEM RESET recovery_min_apply_delay" -c "SELECT pg_reload_conf()" > /dev/null 2>&1 || true
  scripts/replica/private-pair.sh stop
}
trap cleanup EXIT
start_instance 1; await_ready 1 # migrates the schema
start_instance 2; start_instance 3; await_ready 2; await_ready 3

cat > "$out/haproxy.cfg" <<CFG
global
  maxconn 4000
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  # A connection refused, or one the server closed before answering (an idle keep-alive connection of a
  # stopping instance), is tried again on another instance; a request an instance has begun is never resent.
  retries 2
  option redispatch
  retry-on conn-failure empty-response
frontend api
  bind 127.0.0.1:18499
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /health/readiness
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
  server i1 127.0.0.1:18410 check port 18411
  server i2 127.0.0.1:18420 check port 18421
  server i3 127.0.0.1:18430 check port 18431
CFG
haproxy -f "$out/haproxy.cfg" -D -p "$out/haproxy.pid"
sleep 2

replica_reads() { replica -c "SELECT coalesce(sum(seq_scan + idx_scan), 0) FROM pg_stat_user_tables WHERE relname = 'pet'"; }
primary_reads() { primary -c "SELECT coalesce(sum(seq_scan + idx_scan), 0) FROM pg_stat_user_tables WHERE relname = 'pet'"; }
settle_stats() { sleep 11; } # idle backends report their statistics within 10 s
mixed() { # phase label; prints wrk's JSON line
  BENCH_WRK_DIR=scripts/bench/wrk BENCH_API_KEY=$key BENCH_PETS=$pets \
    wrk -t2 -c32 -d"${seconds}s" --timeout 10s -s scripts/faults/scale-mixed.lua "$lb" > "$out/wrk-$1.txt"
  grep '^{' "$out/wrk-$1.txt" | tail -n 1
}

# 1. lagging: the replica applies WAL 2 s late; every create must still be read back at once.
replica -c "ALTER SYSTEM SET recovery_min_apply_delay = '2s'" -c "SELECT pg_reload_conf()" > /dev/null
sleep 1
r0=$(replica_reads) p0=$(primary_reads)
seen_by_id=0 listed=0 listed_cached=0 create_ms=()
for n in $(seq 1 30); do
  started=$(date +%s%N)
  id=$(curl -sf -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d "{\"name\":\"lag-$n\",\"categoryId\":1}" "$lb/v1/pets" | sed -E 's/.*"id":([0-9]+).*/\1/')
  create_ms+=($(( ($(date +%s%N) - started) / 1000000 )))
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$lb/v1/pets/$id")" = 200 ] && seen_by_id=$((seen_by_id + 1))
  curl -s -H "Authorization: Bearer $key" -H 'Cache-Control: no-cache' "$lb/v1/pets?limit=100" | grep -q "\"id\":$id," && listed=$((listed + 1))
  curl -s -H "Authorization: Bearer $key" "$lb/v1/pets?limit=100" | grep -q "\"id\":$id," && listed_cached=$((listed_cached + 1))
done
settle_stats
lag_replica=$(( $(replica_reads) - r0 )) lag_primary=$(( $(primary_reads) - p0 ))
create_median=$(printf '%s\n' "${create_ms[@]}" | sort -n | sed -n 15p)
report "lagging replica (2 s): 30 creates through HAProxy; fetched at once $seen_by_id/30, listed at once with no-cache $listed/30," \
  "without $listed_cached/30; create median $create_median ms; reads on replica $lag_replica, on primary $lag_primary"
replica -c "ALTER SYSTEM RESET recovery_min_apply_delay" -c "SELECT pg_reload_conf()" > /dev/null

# 2. healthy: 100 000 pets, mixed load; where did the reads go?
primary -c "INSERT INTO pet (name, category_id, status) SELECT 'drill-' || g, 1 + g % 50, (ARRAY['available','pending','sold'])[1 + g % 3] FROM generate_series(1, $pets) g" -c "ANALYZE pet"
sleep 3
r0=$(replica_reads) p0=$(primary_reads)
healthy=$(mixed healthy)
settle_stats
healthy_replica=$(( $(replica_reads) - r0 )) healthy_primary=$(( $(primary_reads) - p0 ))
report "healthy replica: $healthy; reads on replica $healthy_replica, on primary $healthy_primary"

# 3. instance: SIGTERM to one instance a third of the way in.
( sleep $((seconds / 3)); kill -TERM "${pid[2]}" ) &
instance=$(mixed instance)
wait "${pid[2]}" 2>/dev/null || true
report "one instance stopped mid-load: $instance"
start_instance 2; await_ready 2; sleep 2

# 4. replica: stopped a third of the way in, started at two thirds.
r0=$(replica_reads)
( sleep $((seconds / 3)); scripts/replica/private-pair.sh stop-replica; sleep $((seconds / 3)); scripts/replica/private-pair.sh start-replica ) &
replica_stop=$!
standby=$(mixed replica)
wait "$replica_stop"
settle_stats
r1=$(replica_reads)
report "replica stopped and started mid-load: $standby; replica's read count $r0 before the phase, $r1 after its restart"

cat > "$out/results.json" <<JSON
{"lagging":{"creates":30,"fetched_at_once":$seen_by_id,"listed_at_once_no_cache":$listed,"listed_at_once_plain":$listed_cached,"create_median_ms":$create_median,"reads_replica":$lag_replica,"reads_primary":$lag_primary},
 "healthy":{"wrk":$healthy,"reads_replica":$healthy_replica,"reads_primary":$healthy_primary},
 "instance_stopped":{"wrk":$instance},
 "replica_stopped":{"wrk":$standby,"replica_reads_before":$r0,"replica_reads_after_restart":$r1}}
JSON
echo "figures: $out/results.json"
publish_text scale-drill "Three instances behind HAProxy over a primary and its replica" "$command" < "$out/report.txt"

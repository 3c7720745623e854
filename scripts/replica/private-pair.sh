#!/usr/bin/env bash
# A private PostgreSQL primary and its streaming replica, for the replica tests and drills, so that
# nothing touches the shared server on 5432: data under /tmp, primary on 5442, replica on 5443 (built by
# pg_basebackup -R, no replication slot), trust authentication on loopback, databases postgres and test.
#   scripts/replica/private-pair.sh start | stop | stop-replica | start-replica | status
# The servers run as the postgres user (initdb refuses root).
set -euo pipefail
dir=${REPLICA_PAIR_DIR:-/tmp/animalstore-replica-pair}
primary_port=${REPLICA_PAIR_PRIMARY_PORT:-5442} replica_port=${REPLICA_PAIR_REPLICA_PORT:-5443}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
ready() { "$bin/pg_isready" -q -h 127.0.0.1 -p "$1"; }
wait_ready() {
  for _ in $(seq 1 300); do ready "$1" && return 0; sleep 0.1; done
  echo "PostgreSQL on port $1 did not start: see $dir/$2.log" >&2; exit 1
}
server() { # name port
  ready "$2" && return 0
  as_postgres "$bin/pg_ctl" -D "$dir/$1" -l "$dir/$1.log" -w -t 30 -o "-p $2 -k $dir -c listen_addresses=127.0.0.1" start > /dev/null
  wait_ready "$2" "$1"
}

start() {
  if [ ! -f "$dir/primary/PG_VERSION" ]; then
    rm -rf "$dir"; mkdir -p "$dir"; chown postgres: "$dir" 2>/dev/null || true
    as_postgres "$bin/initdb" -D "$dir/primary" -U postgres -A trust -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log"
    printf 'host replication all 127.0.0.1/32 trust\n' >> "$dir/primary/pg_hba.conf"
    server primary "$primary_port"
    "$bin/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -qc "CREATE DATABASE test"
  fi
  server primary "$primary_port"
  if [ ! -f "$dir/replica/PG_VERSION" ]; then
    as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/replica" -R -X stream -c fast
  fi
  server replica "$replica_port"
}

stop_one() { [ -f "$dir/$1/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$dir/$1" -m fast -w stop > /dev/null || true; }

case ${1:-} in
  start) start ;;
  stop) stop_one replica; stop_one primary ;;
  stop-replica) stop_one replica ;;
  start-replica) server replica "$replica_port" ;;
  status) ready "$primary_port" && ready "$replica_port" ;;
  *) sed -n '2,6p' "$0" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# A private MariaDB for the fault drills (scripts/faults/run.sh --db mariadb), so the drill that restarts
# the database never touches a shared server: its own data directory under /tmp, port 3307, user root
# without a password.   scripts/faults/private-mariadb.sh start|stop|restart
set -euo pipefail
dir=${FAULTS_MARIADB_DIR:-/tmp/animalstore-faults-mariadb} port=${FAULTS_MARIADB_PORT:-3307}

running() { [ -f "$dir/mysqld.pid" ] && kill -0 "$(cat "$dir/mysqld.pid")" 2>/dev/null; }

start() {
  if [ ! -d "$dir/data/mysql" ]; then
    mkdir -p "$dir/data"
    mariadb-install-db --no-defaults --datadir="$dir/data" --user=root --auth-root-authentication-method=normal > "$dir/install.log" 2>&1
  fi
  running && return 0
  mariadbd --no-defaults --datadir="$dir/data" --port="$port" --bind-address=127.0.0.1 --socket="$dir/mysqld.sock" \
    --pid-file="$dir/mysqld.pid" --user=root --character-set-server=utf8mb4 > "$dir/mariadbd.log" 2>&1 &
  for _ in $(seq 1 300); do
    mariadb-admin -h 127.0.0.1 -P "$port" -u root --connect-timeout=1 status > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the private MariaDB did not start: see $dir/mariadbd.log" >&2
  exit 1
}

stop() {
  if running; then
    local pid; pid=$(cat "$dir/mysqld.pid")
    kill "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  restart) stop; start ;;
  *) sed -n '2,4p' "$0" >&2; exit 2 ;;
esac

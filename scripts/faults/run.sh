#!/usr/bin/env bash
# Fault drills (docs/reliability.md): kill -9 during creates, the database restarted under load,
# two instances on one database, a bounded soak. Uses its own database (animalstore_faults) and
# ports 18100/18101.
#   scripts/faults/run.sh [--db postgresql|mariadb] [--soak-seconds 180] [--only kill|db-restart|two-instances|soak]
# PostgreSQL (default): RESTARTS the local PostgreSQL cluster once, so run it on a machine of your own.
# MariaDB: a private server on port 3307 (scripts/faults/private-mariadb.sh), stopped at the end; the
# shared one on 3306 is never touched.
# Figures: target/faults/<UTC time>/results.json (and report.txt); the report also to
# docs/benchmarks/faults-postgresql.md or faults-mariadb.md, the latest drill on each database.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh
. scripts/bench/publish.sh
command=$(publish_command scripts/faults/run.sh "$@")

DB=animalstore_faults database=postgresql
if [ "${1:-}" = --db ]; then database=$2; shift 2; fi
./mvnw -q -B -DskipTests package
case $database in
  postgresql)
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
    psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
    cluster=$(pg_lsclusters -h | awk 'NR == 1 {print $1 " " $2}')
    url="jdbc:postgresql://127.0.0.1:5432/$DB"
    restart="pg_ctlcluster --skip-systemctl-redirect $cluster restart" ;;
  mariadb)
    scripts/faults/private-mariadb.sh start
    trap 'scripts/faults/private-mariadb.sh stop' EXIT
    mariadb -h 127.0.0.1 -P 3307 -u root -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB CHARACTER SET utf8mb4"
    url="jdbc:mariadb://127.0.0.1:3307/$DB"
    restart="scripts/faults/private-mariadb.sh restart" ;;
  *) echo "--db must be postgresql or mariadb" >&2; exit 2 ;;
esac

# The report goes to the terminal and to report.txt; its FAULTS_JSON line to results.json.
out=target/faults/$(date -u +%Y%m%dT%H%M%SZ)-$database
mkdir -p "$out"
status=0
"$JAVA_HOME/bin/java" scripts/faults/Faults.java --jar bootstrap/target/animal-store.jar \
  --jdbc-url "$url" --restart-command "$restart" "$@" | tee "$out/report.txt" || status=$?
sed -n 's/^FAULTS_JSON //p' "$out/report.txt" > "$out/results.json"
echo "figures: $out/results.json"
BENCH_DB=$database PUBLISH_DB_PORT=3307 publish_text "faults-$database" "Fault drills on $database" "$command" < "$out/report.txt"
exit $status

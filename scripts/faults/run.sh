#!/usr/bin/env bash
# Fault drills (docs/reliability.md): kill -9 during creates, PostgreSQL restarted under load,
# two instances on one database, a bounded soak. Uses its own database (animalstore_faults) and
# ports 18100/18101; RESTARTS the local PostgreSQL cluster once, so run it on a machine of your own.
#   scripts/faults/run.sh [--soak-seconds 180] [--only kill|pg-restart|two-instances|soak]
# Figures: target/faults/<UTC time>/results.json (and report.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh

DB=animalstore_faults
./mvnw -q -B -DskipTests package
psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)"
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
cluster=$(pg_lsclusters -h | awk 'NR == 1 {print $1 " " $2}')

# The report goes to the terminal and to report.txt; its FAULTS_JSON line to results.json.
out=target/faults/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
status=0
"$JAVA_HOME/bin/java" scripts/faults/Faults.java --jar bootstrap/target/animal-store.jar \
  --jdbc-url "jdbc:postgresql://127.0.0.1:5432/$DB" --pg-cluster "$cluster" "$@" | tee "$out/report.txt" || status=$?
sed -n 's/^FAULTS_JSON //p' "$out/report.txt" > "$out/results.json"
echo "figures: $out/results.json"
exit $status

#!/usr/bin/env bash
# SIGTERM drill on the packaged service: a request is kept waiting in PostgreSQL (a table lock held
# by psql), the process gets SIGTERM, and the drill checks that the port stops accepting at once,
# the waiting request still completes with 201, the pet is stored and the process exits cleanly.
# Needs: curl, psql, bootstrap/target/animal-store.jar (./mvnw -DskipTests package).
# Uses its own schema (DRILL_SCHEMA, dropped first) of the local "test" database.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

api_port=${DRILL_API_PORT:-18082}
management_port=${DRILL_MANAGEMENT_PORT:-18092}
schema=${DRILL_SCHEMA:-animalstore_drill}
key=drill-key-00000000000000001
db=(env PGOPTIONS="-c client_min_messages=warning" psql -X -q -h 127.0.0.1 -U postgres -d test -v ON_ERROR_STOP=1)
work=$(mktemp -d)
trap 'kill "$service" 2>/dev/null || true; kill "$locker" 2>/dev/null || true; rm -rf "$work"' EXIT

"${db[@]}" -c "DROP SCHEMA IF EXISTS $schema CASCADE"
MICRONAUT_SERVER_PORT=$api_port ENDPOINTS_ALL_PORT=$management_port PETSTORE_API_KEYS=$key \
DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:5432/test?currentSchema=$schema" \
FLYWAY_DATASOURCES_DEFAULT_DEFAULT_SCHEMA=$schema FLYWAY_DATASOURCES_DEFAULT_SCHEMAS=$schema \
  "$JAVA_HOME/bin/java" -jar bootstrap/target/animal-store.jar > "$work/service.log" 2>&1 &
service=$!
for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$management_port/health/readiness" > /dev/null && break
  sleep 1
done
curl -fs "http://127.0.0.1:$management_port/health/readiness" > /dev/null || { cat "$work/service.log"; echo "FAIL: service not ready"; exit 1; }

# Hold a lock that makes the next INSERT wait, until the fifo is written to.
mkfifo "$work/release"
{ echo "BEGIN; LOCK TABLE $schema.pet IN EXCLUSIVE MODE; SELECT 'locked';"; cat "$work/release"; echo "COMMIT;"; } \
  | "${db[@]}" > "$work/locker.log" &
locker=$!
until grep -q locked "$work/locker.log" 2>/dev/null; do sleep 0.1; done

curl -s -o "$work/body" -w '%{http_code}' -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
  -d '{"name":"Last Orders","categoryId":7}' "http://127.0.0.1:$api_port/v1/pets" > "$work/status" &
request=$!
sleep 1

started=$(date +%s%N)
kill -TERM "$service"
sleep 1
if curl -s -o /dev/null "http://127.0.0.1:$api_port/v1/pets"; then
  echo "FAIL: still accepting connections after SIGTERM"; exit 1
fi
if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$management_port/health/readiness")" = 200 ]; then
  echo "FAIL: still ready after SIGTERM"; exit 1
fi
echo "ok: new connections refused and readiness failing after SIGTERM"
kill -0 "$service" && echo "ok: the process waits for the request in flight"

echo > "$work/release"
wait "$request"
status=$(cat "$work/status")
[ "$status" = 201 ] || { echo "FAIL: the request in flight got $status: $(cat "$work/body")"; exit 1; }
echo "ok: the request in flight completed with 201: $(cat "$work/body")"

set +e
wait "$service"
code=$?
set -e
stopped=$(( ($(date +%s%N) - started) / 1000000 ))
echo "ok: the process exited with $code (143: the JVM's usual answer to SIGTERM), ${stopped} ms after SIGTERM"
stored=$("${db[@]}" -tAc "SELECT count(*) FROM $schema.pet WHERE name = 'Last Orders'")
[ "$stored" = 1 ] || { echo "FAIL: the acknowledged pet was not stored"; exit 1; }
echo "ok: the acknowledged pet is stored"
"${db[@]}" -c "DROP SCHEMA $schema CASCADE"
echo "PASS"

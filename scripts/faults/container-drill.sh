#!/usr/bin/env bash
# Container drill: runs the image scripts/image.sh builds against the local PostgreSQL (its own database,
# animalstore_container_drill, reached through a TCP relay the drill can cut) and checks what an operator relies on:
#   1. it starts on a read-only root file system as a non-root user, with no shell in it;
#   2. create, list and fetch answer through it;
#   3. the resident memory of the service in the container, against the bare jar under the same load;
#   4. readiness goes DOWN while the database is out of reach (relay stopped) and UP once it is back;
#   5. SIGTERM (podman stop) during load: no request the service had taken fails, the process exits 143.
# Writes its figures to docs/benchmarks/container-drill.md. Bounded: about two minutes of loopback load in all.
# Needs root (podman), socat (installed when missing), python3, curl, psql. Not part of ./mvnw verify.
#
# Ports (override by environment): API 18580, management 18581, bare jar 18582/18583, relay 18590.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/java-home.sh

api=${DRILL_API_PORT:-18580}; mgmt=${DRILL_MANAGEMENT_PORT:-18581}
bare_api=${DRILL_BARE_API_PORT:-18582}; bare_mgmt=${DRILL_BARE_MANAGEMENT_PORT:-18583}
relay_port=${DRILL_RELAY_PORT:-18590}
database=animalstore_container_drill
version=$(sed -n '/<artifactId>animal-store-service<\/artifactId>/,/<version>/s:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)
image="localhost/animal-store:$version"
name=animal-store-drill
key="container-drill-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
secret="container-drill-cursor-secret-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
load=(python3 scripts/faults/drill-load.py)
out=docs/benchmarks/container-drill.md
work=$(mktemp -d)
podman=(podman --runtime runc)
relay=""; bare=""

cleanup() {
  "${podman[@]}" rm -f -t 0 "$name" >/dev/null 2>&1 || true
  [ -n "$bare" ] && kill "$bare" 2>/dev/null || true
  [ -n "$relay" ] && kill -- "-$relay" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "container drill FAILED: $*" >&2; "${podman[@]}" logs --tail 40 "$name" 2>&1 | tail -40 >&2 || true; exit 1; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
code() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
wait_for() { # wait_for SECONDS URL STATUS: polls until the URL answers STATUS
  local until=$(( $(date +%s) + $1 ))
  while [ "$(date +%s)" -lt "$until" ]; do [ "$(code "$2")" = "$3" ] && return 0; sleep 0.2; done
  return 1
}
rss_kib() { sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$1/status"; }
start_relay() { setsid socat "TCP-LISTEN:$relay_port,bind=127.0.0.1,fork,reuseaddr" TCP:127.0.0.1:5432 & relay=$!; sleep 0.3; }

command -v socat >/dev/null 2>&1 || { export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q socat; }
"${podman[@]}" image exists "$image" || scripts/image.sh
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$image")
psql -h 127.0.0.1 -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 \
  || psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $database"
start_relay

settings=(PETSTORE_API_KEYS="$key" PETSTORE_CURSOR_SECRET="$secret" PETSTORE_ACCESS_LOG=all PETSTORE_ACCESS_LOG_LINES_PER_SECOND=0
          DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:$relay_port/$database")
envs=(); for setting in "${settings[@]}"; do envs+=(-e "$setting"); done

# 1. Start: read-only root file system (podman mounts a tmpfs on /tmp, as the Kubernetes manifests mount an emptyDir).
started=$(date +%s%N)
"${podman[@]}" run -d --name "$name" --read-only --network=host --ulimit nofile=20000:20000 --ulimit nproc=4096:4096 \
  "${envs[@]}" -e MICRONAUT_SERVER_PORT="$api" -e ENDPOINTS_ALL_PORT="$mgmt" "$image" >/dev/null
wait_for 180 "http://127.0.0.1:$mgmt/health/readiness" 200 || fail "not ready within 180 s"
ready_ms=$(ms_since "$started")
pid=$("${podman[@]}" inspect --format '{{.State.Pid}}' "$name")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
[ "$uid" = 10001 ] || fail "the service runs as uid $uid, not 10001"
[ "$("${podman[@]}" inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$name")" = true ] || fail "root file system not read-only"
if "${podman[@]}" exec "$name" /bin/sh -c true >/dev/null 2>&1; then fail "the image has a shell"; fi
echo "ok: ready in $ready_ms ms, uid $uid, read-only root, no shell"

# 2. Create, list, fetch.
auth=(-H "Authorization: Bearer $key")
created=$(curl -s "${auth[@]}" -H 'Content-Type: application/json' -d '{"name":"Crate","categoryId":4,"status":"available"}' \
  -w '\n%{http_code}' "http://127.0.0.1:$api/v1/pets")
[ "$(tail -n 1 <<<"$created")" = 201 ] || fail "create answered $created"
id=$(head -n 1 <<<"$created" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
[ "$(code "${auth[@]}" "http://127.0.0.1:$api/v1/pets?limit=5")" = 200 ] || fail "list"
curl -s "${auth[@]}" "http://127.0.0.1:$api/v1/pets/$id" | grep -q '"name":"Crate"' || fail "fetch of pet $id"
echo "ok: created pet $id, listed, fetched"

# 3. Memory under the same bounded load: the service in the container, then the bare jar (same settings, same JVM options).
list="/v1/pets?limit=20"
in_container=$("${load[@]}" "http://127.0.0.1:$api$list" "$key" 8 15 warm)
rss_container=$(rss_kib "$pid")
env "${settings[@]}" MICRONAUT_SERVER_PORT="$bare_api" ENDPOINTS_ALL_PORT="$bare_mgmt" MALLOC_ARENA_MAX=2 \
  "$JAVA_HOME/bin/java" @scripts/jvm.options -jar bootstrap/target/animal-store.jar >"$work/bare.log" 2>&1 &
bare=$!
bare_started=$(date +%s%N)
wait_for 180 "http://127.0.0.1:$bare_mgmt/health/readiness" 200 || fail "bare jar not ready"
bare_ready_ms=$(ms_since "$bare_started")
bare_load=$("${load[@]}" "http://127.0.0.1:$bare_api$list" "$key" 8 15 bare)
rss_bare=$(rss_kib "$bare")
kill "$bare"; wait "$bare" 2>/dev/null || true; bare=""
echo "ok: RSS after load: container $((rss_container / 1024)) MiB, bare jar $((rss_bare / 1024)) MiB"

# 4. The database out of reach: cut the relay (its listener and every connection it carries), then restore it.
kill -- "-$relay"; relay=""
cut=$(date +%s%N)
wait_for 60 "http://127.0.0.1:$mgmt/health/readiness" 503 || fail "readiness still UP 60 s after the database went away"
down_ms=$(ms_since "$cut")
create_down=$(code "${auth[@]}" -H 'Content-Type: application/json' -d '{"name":"Lost","categoryId":1}' "http://127.0.0.1:$api/v1/pets")
[ "$create_down" = 503 ] || fail "create without a database answered $create_down, not 503"
start_relay
restored=$(date +%s%N)
wait_for 60 "http://127.0.0.1:$mgmt/health/readiness" 200 || fail "readiness not back 60 s after the database returned"
up_ms=$(ms_since "$restored")
echo "ok: readiness DOWN $down_ms ms after the cut (create: 503), UP $up_ms ms after the return"

# 5. SIGTERM during load.
"${load[@]}" "http://127.0.0.1:$api$list" "$key" 8 12 stop >"$work/stop.json" &
loader=$!
sleep 4
stop_started=$(date +%s%N)
"${podman[@]}" stop -t 40 "$name" >/dev/null
stop_ms=$(ms_since "$stop_started")
wait "$loader"
exit_code=$("${podman[@]}" inspect --format '{{.State.ExitCode}}' "$name")
"${podman[@]}" logs "$name" >"$work/container.log" 2>&1
read -r answered non2xx refused unanswered < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(r["answered"], sum(v for k, v in r["statuses"].items() if not k.startswith("2")), r["refused"], len(r["unanswered"]))' "$work/stop.json")
taken=0
for request_id in $(python3 -c 'import json, sys; print(" ".join(u["id"] for u in json.load(open(sys.argv[1]))["unanswered"]))' "$work/stop.json"); do
  grep -q -- "$request_id" "$work/container.log" && taken=$((taken + 1))
done

[ "$exit_code" = 143 ] || fail "exit code $exit_code after SIGTERM, not 143"
[ "$non2xx" = 0 ] || fail "$non2xx answers other than 2xx during the stop: $(cat "$work/stop.json")"
[ "$taken" = 0 ] || fail "$taken requests the service had taken got no answer"
echo "ok: stopped in $stop_ms ms, exit 143; $answered answered (all 2xx), $refused connections refused after the stop,"\
  "$unanswered closed unanswered and never taken by the service"

field() { python3 -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
cat >"$out" <<EOF
# Container drill: figures

Written by \`scripts/faults/container-drill.sh\` (run as root: \`scripts/faults/container-drill.sh\`), on a 2-core
machine shared with other work, so times vary between runs. The image is \`$image\` built by \`scripts/image.sh\`;
the container runs with \`podman --runtime runc run --read-only --network=host --ulimit nofile=20000:20000
--ulimit nproc=4096:4096\` against the local PostgreSQL 15 (database \`$database\`) through a \`socat\` relay the drill
stops to take the database away. The load is \`scripts/faults/drill-load.py\`: 8 keep-alive connections listing
\`$list\` on loopback. How to read them: [deployment](../deployment.md).

| Figure | Value |
|---|---|
| Image size (\`podman image inspect\`) | $((size / 1000 / 1000)) MB ($size bytes) |
| From \`podman run\` to readiness UP | $ready_ms ms (bare jar: $bare_ready_ms ms) |
| User, root file system, shell | uid $uid, read-only, none |
| Create / list / fetch through the container | 201 / 200 / 200 |
| Load, 15 s: container | $(field "$in_container" per_second) requests/s |
| Load, 15 s: bare jar | $(field "$bare_load" per_second) requests/s |
| RSS after the load: container (the java process) | $((rss_container / 1024)) MiB |
| RSS after the load: bare jar, same \`scripts/jvm.options\` | $((rss_bare / 1024)) MiB |
| Readiness DOWN after the database is cut | $down_ms ms (a create meanwhile: $create_down) |
| Readiness UP after the database is back | $up_ms ms |
| \`podman stop\` (SIGTERM) during load: time to exit | $stop_ms ms, exit code $exit_code |
| Requests answered during the stop's 12 s of load | $answered, all 2xx |
| Requests the service had taken and did not answer | $taken |
| Connections refused after the stop (nothing sent) | $refused |
| Requests closed unanswered on an idle connection, never taken (logged by no line) | $unanswered |
EOF
echo "PASS: figures in $out"

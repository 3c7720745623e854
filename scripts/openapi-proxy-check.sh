#!/usr/bin/env bash
# A validating proxy with the served OpenAPI document flags nothing the service accepts: starts the built jar
# and Prism in proxy mode (@stoplight/prism-cli, pinned in tools/openapi-proxy, installed from the npm registry
# on first use) with the document the instance serves, sends through the proxy what the service accepts (and a
# few errors it answers), and fails on any violation Prism reports, for the request or for the response
# (--errors: a violation turns the answer into Prism's own error).
# Not part of ./mvnw verify. Ports: API 18586, management 18588, proxy 18587 (loopback only).
# Uses the local PostgreSQL's database animalstore_container_drill (created when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

api=${PROXY_CHECK_API_PORT:-18586}; mgmt=${PROXY_CHECK_MANAGEMENT_PORT:-18588}; proxy=${PROXY_CHECK_PORT:-18587}
database=animalstore_container_drill
jar=bootstrap/target/animal-store.jar
tools=tools/openapi-proxy
out=target/openapi-proxy-check
key="proxy-check-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
mkdir -p "$out"
[ -f "$jar" ] || ./mvnw -q -B -DskipTests package
if [ ! -f "$tools/node_modules/.package-lock.json" ] || [ "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi
psql -h 127.0.0.1 -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 \
  || psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $database"

PETSTORE_API_KEYS="$key" MICRONAUT_SERVER_PORT="$api" ENDPOINTS_ALL_PORT="$mgmt" \
DATASOURCES_DEFAULT_URL="jdbc:postgresql://127.0.0.1:5432/$database" \
  "$JAVA_HOME/bin/java" @scripts/jvm.options -jar "$jar" >"$out/service.log" 2>&1 &
service=$!
prism=""
trap 'kill "$service" 2>/dev/null || true; [ -n "$prism" ] && kill "$prism" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$mgmt/health/readiness" >/dev/null && break; sleep 1; done
curl -fs "http://127.0.0.1:$api/openapi.yaml" -o "$out/served.yml" || { cat "$out/service.log"; echo "service not up" >&2; exit 1; }

"$tools/node_modules/.bin/prism" proxy "$out/served.yml" "http://127.0.0.1:$api/v1" --host 127.0.0.1 --port "$proxy" \
  --errors >"$out/prism.log" 2>&1 &
prism=$!
for _ in $(seq 1 60); do grep -q "Prism is listening" "$out/prism.log" && break; sleep 1; done

failures=0
# through PROXY_STATUS METHOD PATH [curl options...]: the status through the proxy must be the one expected.
through() {
  local expected=$1 method=$2 path=$3; shift 3
  local got
  got=$(curl -s -o "$out/body" -w '%{http_code}' -X "$method" $([ "$method" = HEAD ] && echo --head) \
    -H "Authorization: Bearer $key" "$@" "http://127.0.0.1:$proxy$path")
  if [ "$got" = "$expected" ]; then echo "ok   $method $path -> $got"; else
    echo "FAIL $method $path -> $got (expected $expected): $(head -c 400 "$out/body")"; failures=$((failures + 1)); fi
}
json=(-H 'Content-Type: application/json')
quoted_backslashes="\"$(printf '\\\\%.0s' $(seq 1 200))\""      # 200 backslashes, each escaped: 402 characters
bare_255=$(printf 'k%.0s' $(seq 1 255))

through 201 POST /pets "${json[@]}" -H "Idempotency-Key: $quoted_backslashes" -d '{"name":"Proxy","categoryId":3,"status":"available"}'
through 201 POST /pets "${json[@]}" -H "Idempotency-Key: $bare_255" -H 'X-Request-Id: proxy-check-1' -d '{"name":"Bare","categoryId":2}'
id=$(curl -s -H "Authorization: Bearer $key" "http://127.0.0.1:$api/v1/pets?limit=1" | sed -n 's/^\[{"id":\([0-9]*\).*/\1/p')
through 200 GET "/pets?limit=5"
through 200 GET "/pets?limit=2&status=available" -H 'X-Request-Id: proxy-check-2'
# HEAD is left out: Prism 5.14 parses the body of every application/json answer, and fails (500, "invalid json
# response body") on a HEAD answer, which has none; the service's 200 reached it.
through 200 GET "/pets/$id"
through 404 GET /pets/987654321
# What the service refuses, Prism refuses too, before forwarding (its own 422).
through 422 GET "/pets?limit=0"
through 422 POST /pets "${json[@]}" -d '{"categoryId":3}'

violations=$(grep -ci "violation" "$out/prism.log" || true)
echo "Prism reported $violations violation lines (log: $out/prism.log)"
[ "$failures" = 0 ] && [ "$violations" = 0 ] || { grep -i -A3 violation "$out/prism.log" | head -40; exit 1; }
echo "PASS: the validating proxy flagged nothing"

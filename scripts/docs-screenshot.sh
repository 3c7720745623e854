#!/usr/bin/env bash
# Opens the service's documentation page in a real headless browser (Debian's chromium) and checks what
# a person would see: the page renders the three operations, the document and the page are readable
# without an API key while the API is not, and "Try it out" on listPets, authorized with a key, answers 200
# from the instance serving the page (driven by playwright-core, pinned in tools/docs-check, installed from
# the npm registry on first use). Leaves the page's DOM and screenshots in target/docs-check/.
#
# Starts its own instance of the built jar on a free port, with a throwaway API key, against the
# PostgreSQL that DATASOURCES_DEFAULT_URL names (default: the local one, as scripts/run.sh), and stops it.
# Installs chromium with apt-get when it is missing (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

out=target/docs-check
jar=bootstrap/target/animal-store.jar
mkdir -p "$out"

if ! command -v chromium >/dev/null 2>&1; then
  echo "chromium missing: installing Debian's package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q chromium
fi
if [ ! -f "$jar" ]; then
  ./mvnw -q -B -DskipTests package
fi

# A fresh key the API must demand; the documentation must not.
key="docs-check-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
log="$out/service.log"
PETSTORE_API_KEYS="$key" MICRONAUT_SERVER_PORT=-1 "$JAVA_HOME/bin/java" -jar "$jar" >"$log" 2>&1 &
service=$!
profile=$(mktemp -d)
trap 'kill "$service" 2>/dev/null || true; wait "$service" 2>/dev/null || true; rm -rf "$profile"' EXIT

base=""
for _ in $(seq 1 60); do
  base=$(sed -n 's/.*Server Running: \(http:\/\/[^ ]*\).*/\1/p' "$log" | head -n 1)
  [ -n "$base" ] && break
  kill -0 "$service" 2>/dev/null || { cat "$log"; echo "the service did not start" >&2; exit 1; }
  sleep 1
done
[ -n "$base" ] || { cat "$log"; echo "the service did not start within 60 s" >&2; exit 1; }
echo "service at $base"

fail() { echo "docs check FAILED: $*" >&2; exit 1; }
status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }

[ "$(status "$base/swagger/animal-store.yml")" = 200 ] || fail "the document is not served without an API key"
curl -s -D - -o /dev/null "$base/swagger/animal-store.yml" | grep -qi '^content-type: application/yaml' || fail "the document is not application/yaml"
[ "$(status "$base/swagger-ui/")" = 200 ] || fail "the documentation page is not served without an API key"
[ "$(status "$base/v1/pets")" = 401 ] || fail "the API answers without an API key"
[ "$(status -H "Authorization: Bearer $key" "$base/v1/pets")" = 200 ] || fail "the API refuses its own key"

chrome=(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
        --disable-component-update --disable-sync --disable-dev-shm-usage --user-data-dir="$profile"
        --virtual-time-budget=15000 --window-size=1280,1600)
"${chrome[@]}" --dump-dom "$base/swagger-ui/" >"$out/swagger-ui.html" 2>"$out/chromium.log"
"${chrome[@]}" --screenshot="$out/swagger-ui.png" "$base/swagger-ui/" >>"$out/chromium.log" 2>&1

# Swagger UI renders each operation as an "opblock" showing its operation id (displayOperationId).
for operation in listPets createPet getPet; do
  grep -q "opblock-summary-operation-id[^>]*>$operation<" "$out/swagger-ui.html" || fail "the page does not show operation $operation"
done
grep -q 'opblock-deprecated' "$out/swagger-ui.html" || fail "the page does not mark getPet deprecated"
grep -q 'Animal Store Service' "$out/swagger-ui.html" || fail "the page does not show the API title"
[ -s "$out/swagger-ui.png" ] || fail "no screenshot"

# "Try it out": the document's first server is the instance itself (/v1), so the page's call reaches it.
tools=tools/docs-check
if [ ! -f "$tools/node_modules/.package-lock.json" ] || [ "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi
tried=$(node "$tools/try-it-out.mjs" "$base" "$key" "$out/try-it-out.png") || fail "Try it out on listPets answered: $tried"
echo "Try it out on listPets: $tried"
echo "docs check passed: $out/swagger-ui.png, $out/swagger-ui.html"

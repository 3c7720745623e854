#!/usr/bin/env bash
# Lints the OpenAPI document generated at compile time with Redocly CLI (pinned in tools/openapi-lint).
# Usage: scripts/lint-openapi.sh [document]; ./mvnw verify runs it on adapters-rest's document.
# Needs Node.js 20.19+ and npm; installs the linter from the npm registry on first use.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
document="$(realpath "${1:-$root/adapters-rest/target/classes/META-INF/swagger/animal-store.yml}")"
tools="$root/tools/openapi-lint"

if ! command -v npm >/dev/null 2>&1; then
  echo "lint-openapi: npm is required (Node.js 20.19+); skip with -Dopenapi.lint.skip=true" >&2
  exit 1
fi
# (Re)install when the lock file changed since the last install.
if [ ! -f "$tools/node_modules/.package-lock.json" ] || [ "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
cd "$tools"
exec ./node_modules/.bin/redocly lint --config redocly.yaml "$document"

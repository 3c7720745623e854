#!/usr/bin/env bash
# After starting an instance: is it ready, does it know its public address, and does the API
# answer an authenticated call? The key is read from API_KEY and never put on a command line.
#   API_KEY=... scripts/smoke-check.sh https://staging.example.com/v1 http://10.0.0.5:8081
set -euo pipefail
base_url=${1:?usage: API_KEY=<key> scripts/smoke-check.sh BASE_URL MANAGEMENT_URL}
management_url=${2:?usage: API_KEY=<key> scripts/smoke-check.sh BASE_URL MANAGEMENT_URL}
: "${API_KEY:?set API_KEY to a key the instance accepts}"
failed=0

readiness=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$management_url/health/readiness" || true)
if [ "$readiness" = 200 ]; then echo "ok: ready ($management_url/health/readiness)"; else echo "FAIL: readiness answered '$readiness'"; failed=1; fi

published=$(curl -s -m 10 "$management_url/info" | sed -n 's/.*"base-url":"\([^"]*\)".*/\1/p')
if [ "$published" = "$base_url" ]; then echo "ok: the instance publishes $published"; else echo "FAIL: the instance publishes base URL '$published', not $base_url"; failed=1; fi

listing=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H @<(printf 'Authorization: Bearer %s\n' "$API_KEY") "$base_url/pets?limit=1" || true)
if [ "$listing" = 200 ]; then echo "ok: GET $base_url/pets answers 200"; else echo "FAIL: GET $base_url/pets answered '$listing'"; failed=1; fi

exit $failed

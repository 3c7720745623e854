#!/usr/bin/env bash
# Makes a new random API key for one client, and the PETSTORE_API_KEYS entry that enables it:
# the service is given only the SHA-256 digest and a label; the key itself goes to the client.
#   scripts/new-api-key.sh mobile-2026
set -euo pipefail
label="${1:?usage: scripts/new-api-key.sh LABEL (1-40 of A-Z a-z 0-9 . _ -)}"
if ! [[ "$label" =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$ ]]; then
  echo "LABEL must be 1-40 of A-Z a-z 0-9 . _ - and start with a letter or a digit" >&2
  exit 2
fi
# 32 random bytes, base64url: 43 visible ASCII characters.
key=$(head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')
digest=$(printf '%s' "$key" | sha256sum | cut -d' ' -f1)
echo "key, for the client only:       $key"
echo "entry, for PETSTORE_API_KEYS:   $label:sha256:$digest"

# Sourced by scripts/run.sh --aot and scripts/bench/run.sh: a JDK 25 AOT cache (JEP 483/514) for the
# service jar, trained once and reused while nothing it depends on changes.
#
# A cache is only valid for the exact jar it was trained with (the JVM checks the jar's size and
# modification time), and `mvnw package` rewrites the jar on every build. So the jar is copied to
# bootstrap/target/aot/ and the cache is built for that copy; a stamp holds a SHA-256 of the jar's
# entries (names, sizes and CRCs: a rebuild of the same code only changes entry dates), of the JVM
# options and of the java version. While the stamp matches, the copy and its cache are reused; when
# any of them changes, the cache is trained again.
#
# Training starts the service on AOT_TRAINING_PORT (default 18099; management port one above) with the
# caller's environment (database, keys), sends read-only requests (never a write), then stops it; the
# JVM writes the cache on exit.

AOT_DIR=${AOT_DIR:-bootstrap/target/aot}

# aot_prepare JAR [JVM option...]: sets AOT_JAR (the jar to run) and AOT_OPTS (the options that use the cache).
aot_prepare() {
  local jar=$1; shift
  local stamp option
  # What the cache depends on: the jar, the JVM options (with the content of @argument files), the JDK.
  stamp="$(jar_digest "$jar") $(for option in "$@"; do
      echo "$option"; case $option in @*) cat "${option#@}" ;; esac
    done | sha256sum | cut -d' ' -f1) $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)"
  AOT_JAR="$AOT_DIR/animal-store.jar"
  AOT_OPTS=("-XX:AOTCache=$AOT_DIR/animal-store.aot")
  if [ -f "$AOT_DIR/animal-store.aot" ] && [ "$(cat "$AOT_DIR/stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  echo "AOT cache missing or stale: training it (10-40 s)" >&2
  rm -rf "$AOT_DIR" && mkdir -p "$AOT_DIR"
  cp -p "$jar" "$AOT_JAR"
  if aot_train "$@"; then
    echo "$stamp" > "$AOT_DIR/stamp"
  else
    echo "AOT training failed (see $AOT_DIR/training.log): starting without the cache" >&2
    AOT_JAR=$jar
    AOT_OPTS=()
  fi
}

# SHA-256 of the jar's entries without their dates (of the whole file when unzip is missing).
jar_digest() {
  if command -v unzip >/dev/null 2>&1; then
    unzip -v "$1" | awk '$7 ~ /^[0-9a-f]{8}$/ {print $1, $7, $8}' | sha256sum | cut -d' ' -f1
  else
    sha256sum "$1" | cut -d' ' -f1
  fi
}

aot_train() {
  local port=${AOT_TRAINING_PORT:-18099} base pid key
  base="http://127.0.0.1:$port"
  MICRONAUT_SERVER_PORT=$port ENDPOINTS_ALL_PORT=$((port + 1)) "$JAVA_HOME/bin/java" "$@" -XX:AOTCacheOutput="$AOT_DIR/animal-store.aot" \
    -jar "$AOT_JAR" > "$AOT_DIR/training.log" 2>&1 &
  pid=$!
  key=${PETSTORE_API_KEYS:-local-dev-key-do-not-deploy}
  key=${key%%,*}
  for _ in $(seq 1 300); do
    curl -s -o /dev/null "$base/v1/pets" && break
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  # The paths a client takes: authenticated reads, 404, validation errors, the 401 challenge. No writes.
  for _ in $(seq 1 50); do
    curl -s -H "Authorization: Bearer $key" -o /dev/null -o /dev/null -o /dev/null -o /dev/null \
      "$base/v1/pets?limit=20" "$base/v1/pets?status=available&limit=5" "$base/v1/pets/1" "$base/v1/pets/0"
    curl -s -o /dev/null -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"name":""}' "$base/v1/pets"
    curl -s -o /dev/null "$base/v1/pets"
  done > /dev/null 2>&1
  kill -TERM "$pid"
  wait "$pid" || true
  [ -s "$AOT_DIR/animal-store.aot" ]
}

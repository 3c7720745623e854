# Sourced by the project's scripts: points JAVA_HOME at a JDK 25 or newer.
# Order: an existing JAVA_HOME that is 25+, the `java` on PATH if 25+, then JDKs under /usr/lib/jvm.
java_major() { "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | cut -d. -f1; }

select_java_home() {
  local candidate
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ "$(java_major "$JAVA_HOME/bin/java")" -ge 25 ] 2>/dev/null; then
    return 0
  fi
  if command -v java >/dev/null 2>&1 && [ "$(java_major java)" -ge 25 ] 2>/dev/null; then
    JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
    export JAVA_HOME
    return 0
  fi
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25* /usr/lib/jvm/*; do
    if [ -x "$candidate/bin/java" ] && [ "$(java_major "$candidate/bin/java")" -ge 25 ] 2>/dev/null; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done
  echo "No JDK 25 or newer found: install one and set JAVA_HOME to it." >&2
  return 1
}

select_java_home

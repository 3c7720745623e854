# Sourced by the benchmark scripts and the fault drills: writes the latest run's figures to
# docs/benchmarks/NAME.md, the one file the docs link for them (what ran, where, the command, the table).
# Each run replaces the file; commit it to publish the figures, and git keeps the earlier ones.
#
#   publish_text NAME TITLE COMMAND < text        the text as a preformatted block
#   publish_markdown NAME TITLE COMMAND < markdown

publish_markdown() {
  local name=$1 title=$2 command=$3 file=docs/benchmarks/$1.md code database=""
  code="commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  git diff --quiet HEAD -- . ':(exclude)docs' ':(exclude)*.md' 2>/dev/null || code="$code, with uncommitted changes"
  case ${BENCH_DB:-postgresql} in
    mariadb) database=$(mariadb -N -h 127.0.0.1 -P "${PUBLISH_DB_PORT:-3306}" -u root -e 'SELECT VERSION()' 2>/dev/null | sed 's/^/MariaDB /' || true) ;;
    *) database=$(psql -X -h 127.0.0.1 -U postgres -d postgres -tAc 'SHOW server_version' 2>/dev/null | sed 's/^/PostgreSQL /' || true) ;;
  esac
  mkdir -p docs/benchmarks
  {
    echo "# $title"
    echo
    echo "Written by \`$(tr ' ' '\n' <<< "$command" | grep -m 1 '^scripts/')\` at the end of its latest run; running it again replaces this file."
    echo
    echo "- Command: \`$command\`"
    echo "- Code: $code"
    echo "- Machine: $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)), $(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GB RAM, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
    echo "- Software: $("${JAVA_HOME:-/usr}/bin/java" -version 2>&1 | head -n 1 | tr -d '"')${database:+, $database}"
    echo "- Run: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    cat
  } > "$file"
  echo "latest figures: $file" >&2
}

publish_text() {
  { echo '```text'; cat; echo '```'; } | publish_markdown "$@"
}

# publish_command SCRIPT [ARG...]: the command line as run, with the variables that change a run in front;
# call it before the script sets any of them itself.
publish_command() {
  local line="" name arg
  for name in $(compgen -e | grep -E '^(BENCH_DB|BENCH_DATABASE|BENCH_PETS|A_JVM|B_JVM|WARMUP|ROUNDS|SECONDS_PER_ROUND|CONNECTIONS|RECORD|JAVA_OPTS|MALLOC_ARENA_MAX|PETSTORE_.*|DATASOURCES_.*|MICRONAUT_.*|SOAK_.*|.*_DRILL_SECONDS)$'); do
    line+="$name=$(printf '%q' "${!name}") "
  done
  line+=$1; shift
  for arg in "$@"; do
    case $arg in *[[:space:]\"\']*) line+=" '$arg'" ;; *) line+=" $arg" ;; esac
  done
  echo "$line"
}

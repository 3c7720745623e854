#!/usr/bin/env bash
# The test command: finds a JDK 25 the way scripts/run.sh does (scripts/java-home.sh), then runs the
# whole suite with the Maven Wrapper. Arguments go to Maven, e.g. scripts/test.sh -pl bootstrap -am -Dtest=ListPetsApiTest.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh
exec ./mvnw verify "$@"

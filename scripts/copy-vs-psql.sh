#!/usr/bin/env bash
# Times dbbench's GOMESSAGE `copy` against `psql \copy` of the same rows into the same embedded
# PostgreSQL (and bulk/many against copy), median of N shots each; writes results/copy-vs-psql-*.{json,md}.
# Usage: scripts/copy-vs-psql.sh [--shape 1x100000] [--runs 5] [--psql psql] [--out results]
# Needs psql on PATH (Debian: apt-get install postgresql-client) and target/benchmarks.jar
# (built here when missing: ./mvnw -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v psql >/dev/null 2>&1 || { echo "copy-vs-psql: psql not found; install postgresql-client" >&2; exit 2; }
if [ ! -f target/benchmarks.jar ]; then
  ./mvnw -q -B -DskipTests package
fi
. scripts/java.sh
dbbench_java copy-vs-psql
exec "$JAVA" --enable-native-access=ALL-UNNAMED -Xmx2g -cp target/benchmarks.jar io.dbbench.jdbc.CopyVsPsql "$@"

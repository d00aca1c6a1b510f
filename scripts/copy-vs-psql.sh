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
# The JDK the Maven wrapper would pick: JAVA_HOME when it is 21+, else the newest 21+ under /usr/lib/jvm.
feature() { "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1; }
JDK=""
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ "$(feature "$JAVA_HOME")" -ge 21 ]; then
  JDK=$JAVA_HOME
else
  best=0
  for d in "${DBBENCH_JVM_DIR:-/usr/lib/jvm}"/*; do
    [ -x "$d/bin/java" ] && [ ! -L "$d" ] || continue
    f=$(feature "$d"); [ -n "$f" ] || continue
    if [ "$f" -ge 21 ] && [ "$f" -gt "$best" ]; then JDK=$d; best=$f; fi
  done
fi
[ -n "$JDK" ] || { echo "copy-vs-psql: no JDK 21 or newer (set JAVA_HOME)" >&2; exit 2; }
JAVA="$JDK/bin/java"
exec "$JAVA" --enable-native-access=ALL-UNNAMED -Xmx2g -cp target/benchmarks.jar io.dbbench.jdbc.CopyVsPsql "$@"

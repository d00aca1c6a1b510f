#!/usr/bin/env bash
# Times dbbench's GOMESSAGE `copy` against `psql \copy` of the same rows into the same embedded
# PostgreSQL (and bulk/many against copy), median of N shots each; writes results/copy-vs-psql-*.{json,md}.
# Usage: scripts/copy-vs-psql.sh [--shape 1x100000] [--runs 5] [--psql psql] [--out results]
# Needs psql on PATH (Debian: apt-get install postgresql-client); ./dbbench copy-vs-psql builds
# target/benchmarks.jar when it is missing or older than the sources.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v psql >/dev/null 2>&1 || { echo "copy-vs-psql: psql not found; install postgresql-client" >&2; exit 2; }
DBBENCH_JAVA_OPTS="${DBBENCH_JAVA_OPTS:-} -Xmx2g" exec ./dbbench copy-vs-psql "$@"

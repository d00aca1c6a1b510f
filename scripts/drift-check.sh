#!/usr/bin/env bash
# A short real run of the comparison design under drift: two identical variants (the harness
# benchmark), a CPU hog started halfway, compared once interleaved (ABBA, paired) and once as
# two blocks (unpaired). Interleaved should give no verdict; blocks usually call the hog a change.
# Usage: scripts/drift-check.sh [--pairs N] [--tokens T] [-o DIR]   (build first: ./mvnw -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./dbbench drift-check --jar target/benchmarks.jar "$@"

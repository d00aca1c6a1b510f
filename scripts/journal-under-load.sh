#!/usr/bin/env bash
# The graph journal's cost, quiet and under load: runs the main job's graph comparison
# (GraphWriteBenchmark.writeBatch batchSize=100, journal off -> on, interleaved pairs) and the
# journal append it depends on (GraphjAppendBenchmark) twice into one directory, once on a quiet
# machine and once while a CPU hog busies one core, then sets the two findings side by side with
# `report replication` (which answers "not comparable" for a finding measured under load).
# The hog is a shell busy loop bounded by `timeout` (at most --hog-seconds, default 900) and
# stopped by this script when the loaded run ends, or on exit.
# Usage: scripts/journal-under-load.sh [-o DIR] [--hog-seconds N]   (build first: ./mvnw -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
out="results/journal-under-load-$(date -u +%Y%m%dT%H%M%SZ)"
hog_seconds=900
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    --hog-seconds) hog_seconds=$2; shift 2 ;;
    *) echo "journal-under-load.sh: unknown argument '$1' (expected -o DIR or --hog-seconds N)" >&2; exit 2 ;;
  esac
done
case "$hog_seconds" in ''|*[!0-9]*) echo "journal-under-load.sh: --hog-seconds '$hog_seconds': expected whole seconds" >&2; exit 2 ;; esac
[ -f target/benchmarks.jar ] || { echo "journal-under-load.sh: target/benchmarks.jar missing; run ./mvnw -DskipTests package" >&2; exit 2; }
include='GraphWriteBenchmark\.writeBatch$|GraphjAppendBenchmark\.appendEntry$'
run() {
  DBBENCH_NO_BUILD=1 ./dbbench run --include="$include" --results "$1"
}
mkdir -p "$out/quiet" "$out/loaded"
echo "journal-under-load: quiet run into $out/quiet"
run "$out/quiet"
hog=""
stop_hog() { [ -n "$hog" ] && kill "$hog" 2>/dev/null || true; hog=""; }
trap stop_hog EXIT
timeout "$hog_seconds" sh -c 'while :; do :; done' &
hog=$!
echo "journal-under-load: CPU hog (pid $hog, one core, at most ${hog_seconds} s); loaded run into $out/loaded"
run "$out/loaded"
stop_hog
quiet_run=$(ls -d "$out"/quiet/*/ | tail -n 1)
loaded_run=$(ls -d "$out"/loaded/*/ | tail -n 1)
DBBENCH_NO_BUILD=1 ./dbbench report replication \
  "$quiet_run" "$loaded_run" | tee "$out/side-by-side.md" || true
echo "journal-under-load: wrote $out (quiet, loaded, side-by-side.md)"

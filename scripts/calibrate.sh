#!/usr/bin/env bash
# Calibrates the report's statistics on this machine: an A/A experiment whose forks
# are interleaved between side A and side B (A1 B1 B2 A2 A3 B3 ...: both sides see the same
# machine noise and drift), then an A/B experiment made from that real pair with every B fork's
# iterations scaled by exactly 1.10, plus CalibrationBenchmark.consumeCpu at 1000 (A) against
# 1100 (B) tokens as a sanity check with a real 10% change. Writes results/calibration-<UTC>/
# (forks/, interleave.json: io.dbbench.run.Interleave's output; A.json and B.json: multi-fork JMH JSON;
# calibration.md/.json: the figures; command.txt).
#
# Usage: scripts/calibrate.sh [--forks N] [--analyse-only DIR] [-- extra JMH options]
#   --forks N     forks per side (default 10); each fork is one `java -jar benchmarks.jar -f 1`
#   --analyse-only DIR  re-run the analysis over an existing calibration directory
# Knobs: CALIBRATE_REGEX (benchmarks), CALIBRATE_JMH (per-fork JMH options).
# Needs target/benchmarks.jar (built here when missing; the experiment runs a private copy).
# Machine time: 12 rows, about 40 s per fork with the defaults: 16 minutes for 10 forks per side
# on a quiet 2-core machine, about 30 minutes for 20. Waits while another JMH run holds
# /tmp/jmh.lock.
set -euo pipefail
cd "$(dirname "$0")/.."
FORKS=10
ANALYSE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --forks) FORKS="$2"; shift 2 ;;
    --analyse-only) ANALYSE="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "calibrate: unknown option '$1' (expected --forks N, --analyse-only DIR, -- JMH options)" >&2; exit 2 ;;
  esac
done
case "$FORKS" in ''|*[!0-9]*) echo "calibrate: --forks '$FORKS' is not a positive integer" >&2; exit 2 ;; esac
[ "$FORKS" -ge 2 ] || { echo "calibrate: --forks $FORKS: need at least 2 forks per side" >&2; exit 2; }
REGEX="${CALIBRATE_REGEX:-GraphjCompressBenchmark\.(compress|decompress)\$|GraphjCryptoBenchmark\.(encrypt|decrypt)\$|CalibrationBenchmark\.consumeCpu\$}"
JMH_OPTS="${CALIBRATE_JMH:--wi 2 -w 500ms -i 4 -r 500ms -p corpus=entries -p level=1,3 -p provider=jdk,bc}"
if [ ! -f target/benchmarks.jar ]; then
  ./mvnw -q -B -DskipTests package
fi
. scripts/java.sh
dbbench_java calibrate
analyse() {
  "$JAVA" -Xmx1g -cp target/benchmarks.jar io.dbbench.report.stats.Calibration "$1"
}
if [ -n "$ANALYSE" ]; then
  analyse "$ANALYSE"
  exit 0
fi
OUT="results/calibration-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"
# a private copy of the jar: rebuilding target/ during the experiment must not change its forks
JAR=$(mktemp --suffix=.jar)
trap 'rm -f "$JAR"' EXIT
cp target/benchmarks.jar "$JAR"
{
  echo "scripts/calibrate.sh --forks $FORKS $*"
  echo "io.dbbench.run.Interleave --baseline target/benchmarks.jar --candidate target/benchmarks.jar --forks $FORKS -- '$REGEX' $JMH_OPTS $*"
  echo "order: A1 B1 B2 A2 A3 B3 ... (ABBA interleaving, see interleave.json); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "started $(date -u +%FT%TZ) on $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$OUT/command.txt"
# one jar as both sides: the forks, their ABBA order, the JMH lock wait, the per-fork machine state
# and the merge are io.dbbench.run.Interleave's (the same code a user's A/B run goes through)
# shellcheck disable=SC2086
"$JAVA" -Xmx1g -cp "$JAR" io.dbbench.run.Interleave --baseline "$JAR" --candidate "$JAR" --forks "$FORKS" \
  --out "$OUT" -- "$REGEX" $JMH_OPTS "$@"
echo "finished $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/command.txt"
analyse "$OUT"

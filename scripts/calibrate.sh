#!/usr/bin/env bash
# Calibrates the report's statistics on this machine (issue 10): an A/A experiment whose forks
# are interleaved between side A and side B (A1 B1 B2 A2 A3 B3 ...: both sides see the same
# machine noise and drift), then an A/B experiment made from that real pair with every B fork's
# iterations scaled by exactly 1.10, plus CalibrationBenchmark.consumeCpu at 1000 (A) against
# 1100 (B) tokens as a sanity check with a real 10% change. Writes results/calibration-<UTC>/
# (A.json and B.json: multi-fork JMH JSON; calibration.md/.json: the figures; command.txt).
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
  "$JAVA" -Xmx1g -cp target/benchmarks.jar io.dbbench.report.Calibration "$1"
}
if [ -n "$ANALYSE" ]; then
  analyse "$ANALYSE"
  exit 0
fi
OUT="results/calibration-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/forks"
# a private copy of the jar: rebuilding target/ during the experiment must not change its forks
JAR=$(mktemp --suffix=.jar)
trap 'rm -f "$JAR"' EXIT
cp target/benchmarks.jar "$JAR"
{
  echo "scripts/calibrate.sh --forks $FORKS $*"
  echo "per fork: $JAVA -jar target/benchmarks.jar '$REGEX' -f 1 $JMH_OPTS $* -rf json -rff <side>-<i>.json"
  echo "order: A1 B1 B2 A2 A3 B3 ... (ABBA interleaving); commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "started $(date -u +%FT%TZ) on $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$OUT/command.txt"
run_fork() { # side index
  # the machine's state around each fork: load averages and the aggregate cpu line of /proc/stat
  echo "$1-$2 before $(cut -d' ' -f1-3 /proc/loadavg) $(head -n 1 /proc/stat)" >> "$OUT/forks/machine.txt"
  # another JMH run on the machine holds /tmp/jmh.lock: wait for it (up to 10 minutes), never
  # measure beside it with -Djmh.ignoreLock
  local tries=0
  # shellcheck disable=SC2086
  until "$JAVA" -jar "$JAR" "$REGEX" -f 1 $JMH_OPTS "${@:3}" -rf json -rff "$OUT/forks/$1-$2.json" \
      > "$OUT/forks/$1-$2.log" 2>&1; do
    if grep -q "Unable to acquire the JMH lock" "$OUT/forks/$1-$2.log" && [ "$tries" -lt 60 ]; then
      tries=$((tries + 1)); sleep 10; continue
    fi
    echo "calibrate: fork $1-$2 failed, see $OUT/forks/$1-$2.log" >&2; exit 1
  done
  echo "$1-$2 after $(cut -d' ' -f1-3 /proc/loadavg) $(head -n 1 /proc/stat)" >> "$OUT/forks/machine.txt"
}
for i in $(seq 1 "$FORKS"); do
  if [ $((i % 2)) -eq 1 ]; then first=A; second=B; else first=B; second=A; fi
  echo "calibrate: fork pair $i/$FORKS ($first then $second), load $(cut -d' ' -f1 /proc/loadavg)" >&2
  run_fork "$first" "$i" "$@"
  run_fork "$second" "$i" "$@"
done
echo "finished $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/command.txt"
analyse "$OUT"

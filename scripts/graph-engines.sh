#!/usr/bin/env bash
# Kuzu beside LadybugDB: every graph benchmark on both engines, their JMH forks interleaved (ABBA)
# on this machine, each row's change with a 95% interval (io.dbbench.run.Interleave --vary
# engine=kuzu,ladybug: one jar on both sides, the baseline's forks on Kuzu, the candidate's on
# LadybugDB; report compare pairs the rows). Needs a benchmarks.jar built with LadybugDB
# (scripts/build-ladybug.sh, then ./mvnw -DskipTests package: the ladybug profile turns on).
# Usage: scripts/graph-engines.sh [--forks N] [--nodes N] [-o DIR] [-- more JMH options]
#   defaults: 4 forks per side, nodes=1000, -wi 1 -w 1s -i 3 -r 1s, journal off and on; -o results/graph-engines-<UTC>
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java.sh
dbbench_java graph-engines.sh
FORKS=4
NODES=1000
OUT="results/graph-engines-$(date -u +%Y%m%dT%H%MZ)"
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --forks|--nodes|-o)
      [ $# -ge 2 ] || { echo "graph-engines.sh: $1 needs a value ($1 N, or -o DIR)" >&2; exit 2; }
      case "$1" in --forks) FORKS=$2 ;; --nodes) NODES=$2 ;; -o) OUT=$2 ;; esac
      shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) echo "graph-engines.sh: unknown option '$1'; expected --forks N, --nodes N, -o DIR or -- JMH options" >&2; exit 2 ;;
  esac
done
[[ "$FORKS" =~ ^[0-9]+$ && "$FORKS" -ge 1 ]] || { echo "graph-engines.sh: --forks '$FORKS': expected a whole number >= 1 (4 for a verdict)" >&2; exit 2; }
[[ "$NODES" =~ ^[0-9]+$ && "$NODES" -ge 1 ]] || { echo "graph-engines.sh: --nodes '$NODES': expected a whole number >= 1" >&2; exit 2; }
JAR=target/benchmarks.jar
[ -f "$JAR" ] || { echo "graph-engines.sh: $JAR is missing (./mvnw -DskipTests package)" >&2; exit 2; }
if ! "$JAVA" -cp "$JAR" io.dbbench.graph.GraphEngine ladybug >/dev/null 2>&1; then
  "$JAVA" -cp "$JAR" io.dbbench.graph.GraphEngine ladybug >&2 || true
  exit 2
fi
exec "$JAVA" -cp "$JAR" io.dbbench.run.Interleave --baseline "$JAR" --candidate "$JAR" --vary engine=kuzu,ladybug \
  --forks "$FORKS" -o "$OUT" -- 'io\.dbbench\.graph\.Graph(Read|Write)Benchmark\.' -p nodes="$NODES" -p journal=off,on \
  -wi 1 -w 1s -i 3 -r 1s "${EXTRA[@]}"

#!/bin/bash
# Blocks of one fork each of copy and arrayProject at 1x100000 seq, the order reversed every other
# block, with the machine's state and the embedded server's CPU per shot recorded per fork.
# Usage: cd <this dir> && ./run.sh [BLOCKS] (from a checkout with target/benchmarks.jar built)
J=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
JAR=${JAR:-../../target/benchmarks.jar}
S=(copy arrayProject)
for b in $(seq 1 "${1:-10}"); do
  if [ $((b % 2)) -eq 1 ]; then order="0 1"; else order="1 0"; fi
  for i in $order; do
    s=${S[$i]}
    $J -jar "$JAR" 'GomessageInsertBenchmark.insert$' -p shape=1x100000 -p mode=seq -p strategy=$s \
      -f 1 -wi 2 -i 5 -prof io.dbbench.profile.MachineStateProfiler -prof io.dbbench.jdbc.ServerCpuProfiler \
      -rf json -rff b$b-$s.json > b$b-$s.log 2>&1
    echo "$b $s $(date -u +%T) rc=$?"
  done
done

#!/bin/bash
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
S=(copy arrayBind arrayProject)
for b in 1 2 3 4 5 6; do
  if [ $((b % 2)) -eq 1 ]; then order="0 1 2"; else order="2 1 0"; fi
  for i in $order; do
    s=${S[$i]}
    $J -jar /work/main/target/benchmarks.jar 'GomessageInsertBenchmark.insert$' -p shape=1x100000 -p mode=seq -p strategy=$s \
      -f 1 -wi 2 -i 5 -prof io.dbbench.profile.MachineStateProfiler -rf json -rff b$b-$s.json > b$b-$s.log 2>&1
    echo "$b $s $(date +%T) rc=$?"
  done
done

#!/bin/bash
# usage: run.sh LABEL STRATEGY [extra jvm args]
cd /work/wt-limits-jdbc
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
label=$1; strat=$2; extra=$3
for attempt in $(seq 1 60); do
  while [ -e /tmp/dbbench-quiet ]; do sleep 10; done
  touch /tmp/dbbench-quiet-limits-jdbc
  echo "== $label $strat start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) others: $(ps -eo args | grep -c '[j]ava ')" >> /tmp/lj-meas/log.txt
  out=/tmp/lj-meas/$label.json
  args=(-jar target/benchmarks.jar 'GomessageInsertBenchmark' -p shape=1x100000 -p mode=seq -p strategy=$strat -f 1 -wi 2 -i 5 -rf json -rff $out)
  if [ -n "$extra" ]; then args+=(-jvmArgsAppend "$extra"); fi
  timeout 230 $J --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "${args[@]}" > /tmp/lj-meas/$label.txt 2>&1
  rc=$?
  rm -f /tmp/dbbench-quiet-limits-jdbc
  if grep -q "Unable to acquire the JMH lock" /tmp/lj-meas/$label.txt; then sleep 7; continue; fi
  echo "   rc=$rc end $(date -u +%T) $(grep -E '^GomessageInsert' /tmp/lj-meas/$label.txt)" >> /tmp/lj-meas/log.txt
  exit $rc
done

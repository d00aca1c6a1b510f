#!/bin/bash
# ABBA blocks: X copy copy X, 3 blocks
X=$1; n=${2:-3}
for b in $(seq 1 $n); do
  /tmp/lj-meas/run.sh abba-$X-b$b-1-$X $X
  /tmp/lj-meas/run.sh abba-$X-b$b-2-copy copy
  /tmp/lj-meas/run.sh abba-$X-b$b-3-copy copy
  /tmp/lj-meas/run.sh abba-$X-b$b-4-$X $X
done

#!/bin/bash
S=(copy arrayProject arrayChunks arrayPipeline)
for b in 1 2 3 4 5; do
  if [ $((b % 2)) -eq 1 ]; then order="0 1 2 3"; else order="3 2 1 0"; fi
  for i in $order; do /tmp/lj-meas/run.sh blk-b$b-${S[$i]} ${S[$i]}; done
done

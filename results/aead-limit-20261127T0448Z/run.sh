#!/bin/bash
# Blocks of dbbench's libcrypto encryptInto/decryptInto (one JMH fork) and openssl speed -aead on the same length,
# in ABBA order over blocks (JMH first in blocks 1, 4, 5, 8, ...; openssl first in 2, 3, 6, 7, ...).
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=${JAR:-/work/main/target/benchmarks.jar}
BLOCKS=${BLOCKS:-12}
jmh() { $J -jar $JAR 'GraphjCryptoBenchmark.(encrypt|decrypt)Into$' -p corpus=text -p provider=libcrypto \
    -f 1 -wi 3 -w 1s -i 3 -r 1s -bm avgt -tu ns -prof io.dbbench.profile.MachineStateProfiler -rf json -rff b$1-jmh.json > b$1-jmh.log 2>&1; }
ossl() { openssl speed -elapsed -aead -evp chacha20-poly1305 -bytes 11990 -seconds 2 > b$1-openssl.txt 2>&1; }
for b in $(seq 1 $BLOCKS); do
  case $((b % 4)) in 1|0) jmh $b; ossl $b ;; *) ossl $b; jmh $b ;; esac
  echo "block $b $(date +%T)"
done

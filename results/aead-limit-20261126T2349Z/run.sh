#!/bin/bash
# Blocks of: dbbench's libcrypto encryptInto/decryptInto (one JMH fork each), then openssl speed -aead on the same length.
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=${JAR:-/work/main/target/benchmarks.jar}
for b in 1 2 3 4 5 6 7 8; do
  $J -jar $JAR 'GraphjCryptoBenchmark.(encrypt|decrypt)Into$' -p corpus=text -p provider=libcrypto \
    -f 1 -wi 3 -w 1s -i 3 -r 1s -bm avgt -tu ns -prof io.dbbench.profile.MachineStateProfiler -rf json -rff b$b-jmh.json > b$b-jmh.log 2>&1
  openssl speed -elapsed -aead -evp chacha20-poly1305 -bytes 11990 -seconds 2 > b$b-openssl.txt 2>&1
  echo "block $b $(date +%T)"
done

#!/usr/bin/env bash
# Regenerates src/main/generated from src/main/proto with the protoc that matches
# protobuf-java's version in pom.xml (protoc comes from the Maven repository as
# com.google.protobuf:protoc:<version>:exe:<os>-<arch>).
set -euo pipefail
cd "$(dirname "$0")/.."
v=$(sed -n 's:.*<protobuf.version>\(.*\)</protobuf.version>.*:\1:p' pom.xml)
arch=$(uname -m); case "$arch" in x86_64) arch=x86_64;; aarch64|arm64) arch=aarch_64;; esac
os=$(uname -s | tr '[:upper:]' '[:lower:]'); [ "$os" = darwin ] && os=osx
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
./mvnw -q dependency:copy -Dartifact="com.google.protobuf:protoc:$v:exe:$os-$arch" -DoutputDirectory="$tmp"
chmod +x "$tmp"/protoc-*
rm -rf src/main/generated && mkdir -p src/main/generated
"$tmp"/protoc-* --proto_path=src/main/proto --java_out=src/main/generated src/main/proto/*.proto
echo "regenerated src/main/generated with protoc $v"

#!/usr/bin/env bash
# Builds LadybugDB's Java API (the engine graphd runs on) from the engine source the npm package
# `lbug` ships in `lbug-source/`, and installs the jar and its native library into a cache keyed by
# version, outside the repository:
#
#   $DBBENCH_CACHE/ladybug/<version>/lbug_java.jar        (default DBBENCH_CACHE: ~/.cache/dbbench)
#   $DBBENCH_CACHE/ladybug/<version>/liblbug_java_native.so_linux_amd64
#   $DBBENCH_CACHE/ladybug/<version>/lib/liblbug.so, lbug.hpp, lbug.h
#                                                           (the engine as a C++ shared library with its
#                                                            single-file header: what graphd's lbug crate
#                                                            links with LBUG_SHARED=1, LBUG_LIBRARY_DIR
#                                                            and LBUG_INCLUDE_DIR; scripts/graphd-throughput.sh)
#   $DBBENCH_CACHE/ladybug/<version>/build.json            (package, version, sha256 and npm integrity
#                                                            of the tarball, toolchain, build seconds,
#                                                            whether the build started from nothing)
#
# and the jar (which carries the native library) into the local Maven repository as
# com.ladybugdb:lbug:<version>, where the pom's `ladybug` profile finds it: the profile turns on
# when $HOME/.cache/dbbench/ladybug/<ladybug.version>/lbug_java.jar exists (or with -Pladybug when
# a Maven repository serves com.ladybugdb:lbug) and builds the graph family's LadybugDB engine.
#
# Usage: scripts/build-ladybug.sh [VERSION]     (default 0.14.3, the version graphd's lbug 0.14 resolves to)
#
# A user whose Maven repository serves com.ladybugdb:lbug can take the jar from there instead.
# Nothing this script produces is committed.
#
# Needs: npm, cmake (3.25 here), ninja, g++ (12 here) and a JDK (JAVA_HOME, else the newest Temurin
# under /usr/lib/jvm). Downloads nothing but the npm tarball. The build is CPU-bound: 1,540 s (26 min)
# from a clean cache on this project's 2-core machine (1,007 steps). Run it when nothing is being
# measured. Re-running resumes an interrupted build.
#
# The tarball is verified before anything is extracted from it: its sha256 against the value pinned
# below for the version (for a version not pinned here, against $LADYBUG_SHA256, which you take from
# a source you trust), and its sha512 against npm's integrity value (`npm view lbug@VERSION
# dist.integrity`, and the pinned one when npm cannot be asked). A mismatch is refused with both
# values named (exit 2). A tree extracted by an earlier run is compared with the verified tarball
# (`tar --compare` and the list of files) and extracted again, its build directory removed, when it
# differs; a finished build is trusted only when its build.json names the verified sha256.
set -euo pipefail

version="${1:-0.14.3}"
if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "build-ladybug: version '$version': expected MAJOR.MINOR.PATCH, e.g. 0.14.3" >&2
  exit 2
fi
# The npm tarball of each version this project has built, as npm served it (sha256 of the file, and
# npm's dist.integrity). 0.14.3: README, "LadybugDB"; docs/graph.md.
pinned_sha256=""
pinned_integrity=""
case "$version" in
  0.14.3)
    pinned_sha256=0d4c8930a68722e873d2bd4ceaae5af0c6d645b719bf64d3d4ae47cb317762a7
    pinned_integrity='sha512-4M+PU4VR3h/kvUIaS1RRMWC/72ixkmII0KkROnxJuQX3gc5bxktNnG+8u02t54ozGmCG9hncC1Cv7i+22yvOsw=='
    ;;
esac
expected_sha256="${pinned_sha256:-${LADYBUG_SHA256:-}}"
if [[ -n "$pinned_sha256" && -n "${LADYBUG_SHA256:-}" && "${LADYBUG_SHA256}" != "$pinned_sha256" ]]; then
  echo "build-ladybug: LADYBUG_SHA256=$LADYBUG_SHA256 but lbug@$version is pinned to sha256 $pinned_sha256" >&2
  exit 2
fi
if [[ ! "$expected_sha256" =~ ^[0-9a-f]{64}$ ]]; then
  echo "build-ladybug: lbug@$version has no pinned sha256 here; set LADYBUG_SHA256 to its tarball's sha256" \
    "(64 hex digits, from a source you trust), got '${LADYBUG_SHA256:-}'" >&2
  exit 2
fi
cache="${DBBENCH_CACHE:-$HOME/.cache/dbbench}/ladybug/$version"
jar="$cache/lbug_java.jar"
native="$cache/liblbug_java_native.so_linux_amd64"
m2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}/com/ladybugdb/lbug/$version"
install_m2() {
  mkdir -p "$m2"
  cp "$jar" "$m2/lbug-$version.jar"
  cat > "$m2/lbug-$version.pom" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.ladybugdb</groupId>
  <artifactId>lbug</artifactId>
  <version>$version</version>
  <description>LadybugDB's Java API, built from the npm package lbug@$version by dbbench's scripts/build-ladybug.sh</description>
</project>
POM
  echo "build-ladybug: installed as com.ladybugdb:lbug:$version in $m2"
}
lib="$cache/lib"
if [[ -f "$jar" && -f "$native" && -f "$lib/liblbug.so" && -f "$cache/build.json" ]]; then
  built_from="$(sed -n 's/^ *"tarball_sha256": *"\([^"]*\)".*/\1/p' "$cache/build.json")"
  if [[ "$built_from" != "$expected_sha256" ]]; then
    echo "build-ladybug: the build in $cache came from a tarball of sha256 '$built_from', expected" \
      "$expected_sha256; remove $cache to build again from a verified tarball" >&2
    exit 2
  fi
  echo "build-ladybug: LadybugDB $version is already built: $jar"
  [[ -f "$m2/lbug-$version.jar" ]] || install_m2
  exit 0
fi
for tool in npm cmake ninja g++ sha256sum python3; do
  command -v "$tool" >/dev/null || { echo "build-ladybug: '$tool' not found on PATH; install it first" >&2; exit 2; }
done
if [[ -z "${JAVA_HOME:-}" ]]; then
  JAVA_HOME="$(ls -d /usr/lib/jvm/temurin-*-jdk-* 2>/dev/null | sort -V | tail -1 || true)"
fi
if [[ -z "$JAVA_HOME" || ! -x "$JAVA_HOME/bin/javac" ]]; then
  echo "build-ladybug: no JDK: set JAVA_HOME to a JDK (javac is needed for the Java API)" >&2
  exit 2
fi
export JAVA_HOME

mkdir -p "$cache/work"
cd "$cache/work"
tarball="lbug-$version.tgz"
if [[ ! -f "$tarball" ]]; then
  echo "build-ladybug: fetching npm package lbug@$version (about 165 MB)"
  npm pack --silent "lbug@$version" >/dev/null
fi
npm_integrity="$(npm view "lbug@$version" dist.integrity 2>/dev/null || true)"
if [[ -n "$pinned_integrity" && -n "$npm_integrity" && "$npm_integrity" != "$pinned_integrity" ]]; then
  echo "build-ladybug: npm now says lbug@$version has integrity $npm_integrity, pinned here as $pinned_integrity;" \
    "refusing to build" >&2
  exit 2
fi
integrity="${npm_integrity:-$pinned_integrity}"
if [[ ! "$integrity" =~ ^sha512- ]]; then
  echo "build-ladybug: cannot verify $tarball: npm gave no sha512 integrity for lbug@$version" \
    "('npm view lbug@$version dist.integrity': '$npm_integrity') and none is pinned here" >&2
  exit 2
fi
sha256="$(sha256sum "$tarball" | cut -d' ' -f1)"
actual_integrity="sha512-$(python3 -c 'import base64, hashlib, sys
h = hashlib.sha512()
with open(sys.argv[1], "rb") as f:
    for b in iter(lambda: f.read(1 << 20), b""):
        h.update(b)
print(base64.b64encode(h.digest()).decode())' "$tarball")"
if [[ "$sha256" != "$expected_sha256" ]]; then
  echo "build-ladybug: $cache/work/$tarball has sha256 $sha256, expected $expected_sha256; refusing to extract it" \
    "(remove it to fetch lbug@$version again)" >&2
  exit 2
fi
if [[ "$actual_integrity" != "$integrity" ]]; then
  echo "build-ladybug: $cache/work/$tarball has integrity $actual_integrity, npm's is $integrity; refusing to" \
    "extract it (remove it to fetch lbug@$version again)" >&2
  exit 2
fi
echo "build-ladybug: $tarball verified: sha256 $sha256, integrity $integrity"

src="$cache/work/package/lbug-source"
build="$cache/work/build"
if [[ -e package ]]; then
  # a tree extracted earlier: the same files as the verified tarball, with the same contents, or extracted again
  if ! why="$(python3 - "$tarball" 2>&1 <<'PY'
import os, sys, tarfile
prefix = "package/lbug-source/"
want = set()
with tarfile.open(sys.argv[1], "r:gz") as t:
    for m in t:
        if not m.name.startswith(prefix) or m.isdir():
            continue
        if not m.isfile():
            sys.exit(m.name + " is not a regular file in the tarball")
        want.add(m.name)
        if os.path.islink(m.name) or not os.path.isfile(m.name):
            sys.exit(m.name + " is missing or not a regular file")
        with open(m.name, "rb") as f:
            if f.read() != t.extractfile(m).read():
                sys.exit(m.name + " differs from the tarball")
for root, dirs, files in os.walk("package"):
    for n in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
        if os.path.join(root, n) not in want:
            sys.exit(os.path.join(root, n) + " is not in the tarball")
PY
)"; then
    echo "build-ladybug: $cache/work/package differs from the verified $tarball ($why); extracting it again" \
      "and removing the build directory made from it"
    rm -rf package "$build"
  fi
fi
if [[ ! -d package/lbug-source ]]; then
  tar xzf "$tarball" package/lbug-source
fi
started=$(date +%s)
from_scratch=true
[[ -d "$build" ]] && from_scratch=false
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_JAVA=TRUE \
    -DBUILD_SHELL=FALSE -DBUILD_SINGLE_FILE_HEADER=TRUE -DAUTO_UPDATE_GRAMMAR=FALSE
fi
# One compile of the engine's objects serves both targets: the Java API (lbug_java_api) and the shared
# library with its single-file header (single_file_header, which depends on lbug_shared).
echo "build-ladybug: building lbug_java_api and single_file_header with $(nproc) jobs (ninja prints [done/total])"
ninja -C "$build" -j"$(nproc)" lbug_java_api single_file_header
seconds=$(( $(date +%s) - started ))

built_jar="$src/tools/java_api/build/lbug_java.jar"
built_native="$src/tools/java_api/build/liblbug_java_native.so_linux_amd64"
for f in "$built_jar" "$built_native"; do
  [[ -f "$f" ]] || { echo "build-ladybug: the build finished but $f is missing" >&2; exit 1; }
done
for f in "$build/src/liblbug.so" "$build/src/lbug.hpp" "$src/src/include/c_api/lbug.h"; do
  [[ -f "$f" ]] || { echo "build-ladybug: the build finished but $f is missing" >&2; exit 1; }
done
cp "$built_jar" "$jar"
cp "$built_native" "$native"
mkdir -p "$lib"
cp "$build/src/liblbug.so" "$build/src/lbug.hpp" "$src/src/include/c_api/lbug.h" "$lib/"
cat > "$cache/build.json" <<JSON
{
  "package": "lbug",
  "version": "$version",
  "tarball_sha256": "$sha256",
  "npm_integrity": "$integrity",
  "cmake": "$(cmake --version | head -1)",
  "compiler": "$(g++ --version | head -1)",
  "java_home": "$JAVA_HOME",
  "cores": $(nproc),
  "build_seconds_this_invocation": $seconds,
  "build_from_scratch": $from_scratch,
  "built_utc": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
JSON
install_m2
echo "build-ladybug: LadybugDB $version built in $seconds s (this invocation): $jar"

#!/usr/bin/env bash
# graphd's own criterion benchmarks beside dbbench's, interleaved on this machine. Two suites:
#   graphj (default): graphd's benches/graphj_bench.rs against the GraphJ codec rows;
#   throughput: graphd's benches/throughput_bench.rs against the graph family on LadybugDB.
# Builds graphd's bench from a graphd source tree, unchanged, in a small crate named graphd whose
# Cargo.lock is graphd's, so that every crate resolves to graphd's locked version:
#   graphj: the library is graphd's src/graphj/mod.rs (by #[path], with a stand-in for the one function
#     it takes from graphd's journal module, current_timestamp_ms); zstd, chacha20poly1305, sha2, criterion.
#   throughput: the bench needs only the lbug crate (locked at 0.14.1), criterion and tempfile; lbug's
#     build links the LadybugDB shared library scripts/build-ladybug.sh built (LBUG_SHARED=1,
#     LBUG_LIBRARY_DIR and LBUG_INCLUDE_DIR = $DBBENCH_CACHE/ladybug/0.14.3/lib; LD_LIBRARY_PATH when it
#     runs), as graphd's .cargo/config.toml and Makefile do with their lbug-lib. Both sides run one library.
# The crate lives in target/graphd-bench/ (graphj) or target/graphd-throughput/ and is not committed.
# Then runs ./dbbench graphd-side-by-side (io.dbbench.PairedMain graphd: dbbench's paired runner, ABBA blocks of
# criterion and JMH; io.dbbench.graphj.GraphdSideBySide's options, pairs and summary with ratios, 95% intervals and
# where the two do different work; see its --help).
# Usage: scripts/graphd-vs-dbbench.sh --graphd DIR [--suite graphj|throughput] [--build-only] [--blocks 8] [--out DIR]
#          [other GraphdSideBySide options, e.g. --clients javaApi,cApi --rows '^graphd-form']
#   --build-only: build graphd's bench, print its path and stop (the build is CPU-bound: run it before a
#   quiet measurement, not inside one).
#   DIR: a graphd checkout (github.com/russellromney/strana; tested at 7628b1d), or GRAPHD_SRC; a tree
#   without .git (a source archive) names its commit in GRAPHD_COMMIT.
# Needs cargo (crates from the crates registry on first build) and target/benchmarks.jar; the
# throughput suite also needs LadybugDB built (scripts/build-ladybug.sh) and a jar built after it.
set -euo pipefail
cd "$(dirname "$0")/.."
GRAPHD="${GRAPHD_SRC:-}"
SUITE=graphj
LADYBUG_VERSION=0.14.3
PASS=()
BUILD_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --graphd|--suite)
      [ $# -ge 2 ] || { echo "graphd-vs-dbbench: $1 needs a value (--graphd DIR, --suite graphj|throughput)" >&2; exit 2; }
      if [ "$1" = --graphd ]; then GRAPHD=$2; else SUITE=$2; fi
      shift 2 ;;
    --build-only) BUILD_ONLY=1; shift ;;
    *) PASS+=("$1"); shift ;;
  esac
done
case "$SUITE" in
  graphj|throughput) ;;
  *) echo "graphd-vs-dbbench: --suite $SUITE: expected graphj or throughput" >&2; exit 2 ;;
esac
[ -n "$GRAPHD" ] || { echo "graphd-vs-dbbench: --graphd DIR (or GRAPHD_SRC) is required: a graphd source checkout" >&2; exit 2; }
[ -d "$GRAPHD" ] || { echo "graphd-vs-dbbench: --graphd $GRAPHD: not a directory; expected a graphd source checkout" >&2; exit 2; }
GRAPHD=$(cd -- "$GRAPHD" && pwd)
for f in src/graphj/mod.rs benches/graphj_bench.rs benches/throughput_bench.rs Cargo.lock; do
  [ -f "$GRAPHD/$f" ] || { echo "graphd-vs-dbbench: $GRAPHD/$f missing; expected a graphd source tree" >&2; exit 2; }
done
command -v cargo >/dev/null 2>&1 || { echo "graphd-vs-dbbench: cargo not found; install Rust (rustup or the distribution's cargo)" >&2; exit 2; }
[ -f target/benchmarks.jar ] || { echo "graphd-vs-dbbench: target/benchmarks.jar missing; run ./mvnw -DskipTests package" >&2; exit 2; }
. scripts/java.sh
dbbench_java graphd-vs-dbbench
COMMIT=$(git -C "$GRAPHD" rev-parse HEAD 2>/dev/null || echo "${GRAPHD_COMMIT:-unknown}")
if [ "$SUITE" = throughput ]; then
  LIB="${DBBENCH_CACHE:-$HOME/.cache/dbbench}/ladybug/$LADYBUG_VERSION/lib"
  if [ ! -f "$LIB/liblbug.so" ] || [ ! -f "$LIB/lbug.hpp" ]; then
    echo "graphd-vs-dbbench: $LIB/liblbug.so or lbug.hpp missing; run scripts/build-ladybug.sh first" \
      "(LadybugDB $LADYBUG_VERSION's shared library, which both sides run)" >&2
    exit 2
  fi
  if ! "$JAVA" --enable-native-access=ALL-UNNAMED -cp target/benchmarks.jar io.dbbench.graph.GraphEngine ladybug >/dev/null; then
    echo "graphd-vs-dbbench: target/benchmarks.jar has no LadybugDB engine; after scripts/build-ladybug.sh" \
      "run ./mvnw -DskipTests package" >&2
    exit 2
  fi
  BENCH=throughput_bench
  H=target/graphd-throughput
  mkdir -p "$H/src"
  ln -sfn "$GRAPHD" "$H/graphd-src"
  cat > "$H/Cargo.toml" <<TOML
[package]
name = "graphd"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
lbug = { version = "0.14", default-features = false }

[dev-dependencies]
criterion = "0.5"
tempfile = "3"

[[bench]]
name = "throughput_bench"
path = "graphd-src/benches/throughput_bench.rs"
harness = false

[workspace]
TOML
  : > "$H/src/lib.rs"
  # lbug's build links the prebuilt library (as graphd's .cargo/config.toml does). Its build script asks
  # for an rpath, but a dependency's link arguments do not reach the bench binary; graphd's Makefile runs
  # its bench with DYLD_LIBRARY_PATH=lbug-lib, so this runs it with LD_LIBRARY_PATH.
  export LBUG_SHARED=1 LBUG_LIBRARY_DIR="$LIB" LBUG_INCLUDE_DIR="$LIB"
  export LD_LIBRARY_PATH="$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  LINKED=", lbug linked to $LIB"
else
  BENCH=graphj_bench
  H=target/graphd-bench
  mkdir -p "$H/src"
  ln -sfn "$GRAPHD" "$H/graphd-src"
  cat > "$H/Cargo.toml" <<EOF
[package]
name = "graphd"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
chacha20poly1305 = "0.10"
sha2 = "0.10"
rand = "0.9"
zstd = "0.13"

[dev-dependencies]
criterion = "0.5"
tempfile = "3"

[[bench]]
name = "graphj_bench"
path = "graphd-src/benches/graphj_bench.rs"
harness = false

[workspace]
EOF
  cat > "$H/src/lib.rs" <<EOF
#[path = "../graphd-src/src/graphj/mod.rs"]
pub mod graphj;
/// The one item graphd's graphj module takes from its journal module.
pub mod journal {
    pub fn current_timestamp_ms() -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_millis() as i64
    }
}
EOF
  LINKED=""
fi
cp "$GRAPHD/Cargo.lock" "$H/Cargo.lock"
echo "[graphd-vs-dbbench] building graphd's $BENCH (graphd $COMMIT) in $H$LINKED"
BIN=$(cd "$H" && cargo bench --bench "$BENCH" --no-run --message-format=json 2>"build.log" \
  | sed -n "s/.*\"executable\":\"\([^\"]*$BENCH[^\"]*\)\".*/\1/p" | tail -n 1) || BIN=""
[ -n "$BIN" ] && [ -x "$BIN" ] || { echo "graphd-vs-dbbench: the build failed; see $H/build.log" >&2; exit 2; }
if [ "$BUILD_ONLY" = 1 ]; then
  echo "$BIN"
  exit 0
fi
DBBENCH_NO_BUILD=1 exec ./dbbench graphd-side-by-side --suite "$SUITE" --graphd-bench "$BIN" \
  --graphd-commit "$COMMIT" "${PASS[@]}"

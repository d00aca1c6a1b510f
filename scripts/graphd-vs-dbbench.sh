#!/usr/bin/env bash
# graphd's own GraphJ benchmark beside dbbench's, interleaved on this machine.
# Builds graphd's criterion benchmark (benches/graphj_bench.rs) from a graphd source tree, unchanged:
# a small crate named graphd whose library is graphd's src/graphj/mod.rs (by #[path], with a stand-in for
# the one function it takes from graphd's journal module, current_timestamp_ms), graphd's Cargo.lock
# copied so that zstd, chacha20poly1305, sha2 and criterion resolve to graphd's locked versions. The
# crate lives in target/graphd-bench/ and is not committed. Then runs io.dbbench.graphj.GraphdSideBySide
# (ABBA blocks of criterion and JMH; summary with ratios and 95% intervals; see its --help).
# Usage: scripts/graphd-vs-dbbench.sh --graphd DIR [--blocks 8] [--out DIR] [other GraphdSideBySide options]
#   DIR: a graphd checkout (github.com/russellromney/strana; tested at 7628b1d), or GRAPHD_SRC.
# Needs cargo (crates from the crates registry on first build) and target/benchmarks.jar.
set -euo pipefail
cd "$(dirname "$0")/.."
GRAPHD="${GRAPHD_SRC:-}"
PASS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --graphd) GRAPHD=$2; shift 2 ;;
    *) PASS+=("$1"); shift ;;
  esac
done
[ -n "$GRAPHD" ] || { echo "graphd-vs-dbbench: --graphd DIR (or GRAPHD_SRC) is required: a graphd source checkout" >&2; exit 2; }
[ -d "$GRAPHD" ] || { echo "graphd-vs-dbbench: --graphd $GRAPHD: not a directory; expected a graphd source checkout" >&2; exit 2; }
GRAPHD=$(cd "$GRAPHD" && pwd)
for f in src/graphj/mod.rs benches/graphj_bench.rs Cargo.lock; do
  [ -f "$GRAPHD/$f" ] || { echo "graphd-vs-dbbench: $GRAPHD/$f missing; expected a graphd source tree" >&2; exit 2; }
done
command -v cargo >/dev/null 2>&1 || { echo "graphd-vs-dbbench: cargo not found; install Rust (rustup or the distribution's cargo)" >&2; exit 2; }
[ -f target/benchmarks.jar ] || { echo "graphd-vs-dbbench: target/benchmarks.jar missing; run ./mvnw -DskipTests package" >&2; exit 2; }
. scripts/java.sh
dbbench_java graphd-vs-dbbench
COMMIT=$(git -C "$GRAPHD" rev-parse HEAD 2>/dev/null || echo "unknown")
H=target/graphd-bench
mkdir -p "$H/src"
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
path = "$GRAPHD/benches/graphj_bench.rs"
harness = false

[workspace]
EOF
cat > "$H/src/lib.rs" <<EOF
#[path = "$GRAPHD/src/graphj/mod.rs"]
pub mod graphj;
/// The one item graphd's graphj module takes from its journal module.
pub mod journal {
    pub fn current_timestamp_ms() -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_millis() as i64
    }
}
EOF
cp "$GRAPHD/Cargo.lock" "$H/Cargo.lock"
echo "[graphd-vs-dbbench] building graphd's graphj_bench (graphd $COMMIT) in $H"
BIN=$(cd "$H" && cargo bench --bench graphj_bench --no-run --message-format=json 2>"build.log" \
  | sed -n 's/.*"executable":"\([^"]*graphj_bench[^"]*\)".*/\1/p' | tail -n 1)
[ -n "$BIN" ] && [ -x "$BIN" ] || { echo "graphd-vs-dbbench: the build failed; see $H/build.log" >&2; exit 2; }
exec "$JAVA" -cp target/benchmarks.jar io.dbbench.graphj.GraphdSideBySide --graphd-bench "$BIN" --graphd-commit "$COMMIT" "${PASS[@]}"

#!/usr/bin/env bash
# Interleaved GraphJ measurement: in each of N blocks, runs dbbench's GraphJ rows that graphd's
# criterion groups and the native tools measure (JMH, avgt ns/op, text corpus), then the native tools
# (zstd -b, openssl speed; io.dbbench.graphj.NativeReference) on the same bytes, and optionally the same
# rows from a baseline jar (before/after); prints min and median per row across blocks, and the
# dbbench / native ratios computed per block. Writes everything under OUT (default
# results/graphj-vs-native-<UTC>/): block-K/{jmh.json,baseline.json,native-reference.json}, summary.json, summary.md.
# Usage: scripts/graphj-vs-native.sh [--blocks 5] [--jar JAR] [--baseline OLD.jar] [--out DIR] [--jmh "-wi 3 -w 1s -i 3 -r 1s"]
# Needs target/benchmarks.jar (./mvnw -DskipTests package), jq, and zstd/openssl for the native column.
set -euo pipefail
cd "$(dirname "$0")/.."
BLOCKS=5
BASELINE=""
JAR=target/benchmarks.jar
OUT="results/graphj-vs-native-$(date -u +%Y%m%dT%H%M%SZ)"
JMH_OPTS="-f 1 -wi 3 -w 1s -i 3 -r 1s"
while [ $# -gt 0 ]; do
  case "$1" in
    --blocks) BLOCKS=$2; shift 2 ;;
    --baseline) BASELINE=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --jmh) JMH_OPTS=$2; shift 2 ;;
    *) echo "graphj-vs-native: unknown option '$1' (expected --blocks N, --jar JAR, --baseline JAR, --out DIR, --jmh OPTS)" >&2; exit 2 ;;
  esac
done
command -v jq >/dev/null 2>&1 || { echo "graphj-vs-native: jq not found; install jq" >&2; exit 2; }
[ -f "$JAR" ] || { echo "graphj-vs-native: $JAR missing; run ./mvnw -DskipTests package" >&2; exit 2; }
. scripts/java.sh
dbbench_java graphj-vs-native
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Rows graphd times (header, zstd levels 1 and 3, level-3 decompression, encrypt/decrypt) on its text corpus, and
# the rows that do the native tools' exact work (decompressInto, encryptInto/decryptInto: one reused output buffer);
# AEAD providers jdk and libcrypto (PROVIDERS=jdk,bc,conscrypt,libcrypto for all).
REGEX='io\.dbbench\.graphj\.(GraphjHeaderBenchmark\.header.*|GraphjCompressBenchmark\.(compress|decompress|decompressInto)|GraphjCryptoBenchmark\.(encrypt|decrypt|encryptInto|decryptInto))$'
# shellcheck disable=SC2086
run_jmh() { "$JAVA" -Djava.io.tmpdir="$TMP" -jar "$1" "$REGEX" -p corpus=text -p level=1,3 -p provider="${PROVIDERS:-jdk,libcrypto}" \
  $JMH_OPTS -bm avgt -tu ns -rf json -rff "$2" > "$2.log" 2>&1; }
for k in $(seq 1 "$BLOCKS"); do
  b="$OUT/block-$k"; mkdir -p "$b"
  echo "[graphj-vs-native] block $k/$BLOCKS: dbbench"
  run_jmh "$JAR" "$b/jmh.json"
  echo "[graphj-vs-native] block $k/$BLOCKS: native tools"
  "$JAVA" -cp "$JAR" io.dbbench.graphj.NativeReference "$b" 1,3 1 > "$b/native.log" 2>&1 || true
  if [ -n "$BASELINE" ]; then
    echo "[graphj-vs-native] block $k/$BLOCKS: baseline $BASELINE"
    run_jmh "$BASELINE" "$b/baseline.json"
  fi
done
# Each block's files wrapped into one object, then one value per row and block, min and median across blocks.
for k in $(seq 1 "$BLOCKS"); do
  b="$OUT/block-$k"
  jq -n --slurpfile j "$b/jmh.json" --slurpfile n <( [ -f "$b/native-reference.json" ] && cat "$b/native-reference.json" || echo '{}' ) \
     --slurpfile bl <( [ -f "$b/baseline.json" ] && cat "$b/baseline.json" || echo '[]' ) \
     '{jmh: $j[0], native: $n[0], baseline: $bl[0]}' > "$b/wrap.json"
done
jq -s '
  def key: (.benchmark | sub("io\\.dbbench\\.graphj\\."; "")) + ((.params // {}) | to_entries | map(select(.key != "corpus")) | map(" \(.key)=\(.value)") | join(""));
  def stats: sort as $s | {n: ($s|length), min: $s[0], median: (if ($s|length) % 2 == 1 then $s[($s|length-1)/2] else ($s[($s|length)/2-1] + $s[($s|length)/2]) / 2 end)};
  . as $blocks
  | [ $blocks[] | .jmh[] | {k: key, v: .primaryMetric.score} ] as $d
  | [ $blocks[] | (.baseline // [])[] | {k: ("baseline " + key), v: .primaryMetric.score} ] as $bl
  | [ $blocks[] | (.native.zstd // [])[] | select(.corpus == "text")
      | ({k: "native zstd -b\(.level) compress", v: .compress_ns_per_op}, {k: "native zstd -b\(.level) decompress", v: .decompress_ns_per_op}) ] as $nz
  | [ $blocks[] | (.native.chacha20_poly1305 // [])[] | select(.corpus == "text") | {k: "native openssl chacha20-poly1305", v: .ns_per_op} ] as $na
  | [ $blocks[] | (.native.zstd // []) as $z | (.native.chacha20_poly1305 // []) as $c
      | .jmh[] | . as $r | key as $kk
      | (if ($r.benchmark | endswith("GraphjCompressBenchmark.compress")) then ([$z[] | select(.corpus == "text" and ((.level|tostring) == $r.params.level)) | .compress_ns_per_op] | first)
         elif ($r.benchmark | test("decompress(Into)?$")) then ([$z[] | select(.corpus == "text" and .level == 3) | .decompress_ns_per_op] | first)
         elif ($r.benchmark | test("Crypto")) then ([$c[] | select(.corpus == "text") | .ns_per_op] | first)
         else null end) as $nat
      | select($nat != null) | {k: ("x native: " + $kk), v: ($r.primaryMetric.score / $nat)} ] as $rt
  | ($d + $bl + $nz + $na + $rt) | group_by(.k) | map({row: .[0].k} + ([.[].v] | stats))
' $(for k in $(seq 1 "$BLOCKS"); do echo "$OUT/block-$k/wrap.json"; done) > "$OUT/summary.json"
{
  echo "# GraphJ beside the native tools, interleaved ($BLOCKS blocks, $(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "JMH: \`$JMH_OPTS -bm avgt\`, text corpus; native: zstd -q -b<L> -i1, openssl speed -elapsed -evp chacha20-poly1305."
  echo "Values in ns/op (rows) or dbbench/native per block (x native rows); min and median across blocks."
  echo
  echo "| row | n | min | median |"
  echo "|---|---:|---:|---:|"
  jq -r '.[] | "| \(.row) | \(.n) | \(.min * 100 | round / 100) | \(.median * 100 | round / 100) |"' "$OUT/summary.json"
} > "$OUT/summary.md"
cat "$OUT/summary.md"

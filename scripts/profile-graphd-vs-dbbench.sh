#!/usr/bin/env bash
# Profiles both sides of the graphd-vs-dbbench rows that are not clearly below graphd: graphd's
# graphj_bench group (criterion --profile-time) and dbbench's JMH row, each on its own, one after the
# other. Per row it writes into OUT:
#   graphd-<row>.cpu.txt       perf record -e cpu-clock -g, then perf report (self and children),
#                              kernel frames included (needs root or perf_event_paranoid <= 1)
#   graphd-<row>.syscalls.txt  perf trace -s: every system call with its count and time
#   dbbench-<row>.cpu.txt      JMH -prof async (event=cpu): async-profiler's flat profile and top traces
#   dbbench-<row>.collapsed    the same samples as collapsed stacks, thread name first
#   dbbench-<row>.syscalls.txt perf trace -s around the JMH run (JVM start and JMH's own threads included)
#   graphd-<row>.collapsed     graphd's samples as collapsed stacks, thread name first (one sample = 1 ms of CPU)
#   frames.tsv                 for each row and side, us per operation: wall time (the side's own
#                              measurement: criterion's mean, JMH's score), the benchmark thread's CPU
#                              time, and its CPU time under each frame of interest (zstd, SHA-256,
#                              memset, fsync, rename/unlink, open, read)
# Stacks (.collapsed) and logs are stored zstd-compressed (.zst).
# perf trace adds about 10 us to every system call, so its times are for counting, not for timing:
# count per operation = calls / fsync calls for the compaction rows (one fsync per compaction on each side).
# Usage: scripts/profile-graphd-vs-dbbench.sh [--graphd-bench BIN] [--out DIR] [--rows compact,dataSizes,decompress]
#   BIN: graphd's graphj_bench binary, as scripts/graphd-vs-dbbench.sh builds it (default: the newest
#   target/graphd-bench/target/release/deps/graphj_bench-*). Needs perf and target/benchmarks.jar.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=""
OUT="results/graphj-profiles-$(date -u +%Y%m%dT%H%MZ)"
ROWS="compact,dataSizes,decompress"
while [ $# -gt 0 ]; do
  case "$1" in
    --graphd-bench) BIN=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --rows) ROWS=$2; shift 2 ;;
    *) echo "profile-graphd-vs-dbbench: unknown option $1; expected --graphd-bench, --out or --rows" >&2; exit 2 ;;
  esac
done
if [ -z "$BIN" ]; then
  BIN=$(ls -t target/graphd-bench/target/release/deps/graphj_bench-* 2>/dev/null | grep -v '\.d$' | head -n 1 || true)
fi
[ -n "$BIN" ] && [ -x "$BIN" ] || { echo "profile-graphd-vs-dbbench: no graphd graphj_bench binary; run scripts/graphd-vs-dbbench.sh once or pass --graphd-bench" >&2; exit 2; }
command -v perf >/dev/null 2>&1 || { echo "profile-graphd-vs-dbbench: perf not found (linux-perf)" >&2; exit 2; }
command -v zstd >/dev/null 2>&1 || { echo "profile-graphd-vs-dbbench: zstd not found (it compresses the stacks)" >&2; exit 2; }
command -v jq >/dev/null 2>&1 || { echo "profile-graphd-vs-dbbench: jq not found (it reads criterion's and JMH's JSON)" >&2; exit 2; }
[ -f target/benchmarks.jar ] || { echo "profile-graphd-vs-dbbench: target/benchmarks.jar missing; run ./mvnw -DskipTests package" >&2; exit 2; }
AP=target/agents/async-profiler/linux-x64/libasyncProfiler.so
[ -f "$AP" ] || { echo "profile-graphd-vs-dbbench: $AP missing; ./mvnw package unpacks async-profiler" >&2; exit 2; }
. scripts/java.sh
dbbench_java profile-graphd-vs-dbbench
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
AP=$(pwd)/$AP

# row name | graphd criterion filter | dbbench JMH include and parameters
ALL_ROWS=(
  "compactRaw|compaction/compact_5_segments_no_compress|GraphjCompactBenchmark.compact -p variant=raw -p corpus=text -p sink=file"
  "compactZstd|compaction/compact_5_segments_with_compress|GraphjCompactBenchmark.compact -p variant=zstd -p corpus=text -p sink=file"
  "compactZstdEncrypted|compaction/compact_5_segments_compress_encrypt|GraphjCompactBenchmark.compact -p variant=zstdEncrypted -p corpus=text -p sink=file"
  "dataSizesCompress10000|data_sizes/compress/1218890|GraphjDataSizesBenchmark.compress\$ -p queries=10000 -p corpus=text"
  "decompressPerCall|decompression/zstd_level_3|GraphjCompressBenchmark.decompress\$ -p level=3 -p context=perCall -p corpus=text"
)
# frames counted in frames.tsv: label=pattern (a substring of a frame name, perf's or async-profiler's)
FRAMES="zstd=ZSTD_ sha256=sha256 memset=__memset fsync=do_fsync rename=do_renameat2 unlink=do_unlinkat open=do_sys_openat2 read=ksys_read"
printf 'row\tside\twall_us\tcpu_us' > "$OUT/frames.tsv"
for f in $FRAMES; do printf '\t%s_us' "${f%%=*}" >> "$OUT/frames.tsv"; done
echo >> "$OUT/frames.tsv"

# Per operation, from collapsed stacks on stdin ("thread;f1;f2;... count", one sample = 1 ms of CPU): the
# benchmark thread's samples (stacks holding THREAD) over SECONDS of profile give its share of the wall
# time on CPU; times WALL_US (the side's own time per operation) that is its CPU time per operation,
# split by the frames of interest (a stack holding several counts for each).
per_op() {
  awk -v frames="$FRAMES" -v row="$1" -v side="$2" -v thread="$3" -v secs="$4" -v wall="$5" '
    BEGIN { n = split(frames, fr, " "); for (i = 1; i <= n; i++) { split(fr[i], kv, "="); pat[i] = kv[2] } }
    index($0, thread) { c = $NF; t += c; for (i = 1; i <= n; i++) if (index($0, pat[i])) s[i] += c }
    END {
      cpu = t * 1e-3 / secs * wall
      printf "%s\t%s\t%.1f\t%.1f", row, side, wall, cpu
      for (i = 1; i <= n; i++) printf "\t%.1f", t ? cpu * s[i] / t : 0
      printf "\n"
    }'
}

# the first N rows of a perf report (reads all of its input, so that no writer dies of SIGPIPE under pipefail)
top() { grep -E '^ +[0-9]' | awk -v n="$1" 'NR <= n' || true; }

# a row is wanted when --rows names it or a prefix of it (compact = the three compaction rows)
wanted() {
  local w
  for w in ${ROWS//,/ }; do
    [[ $1 == "$w"* ]] && return 0
  done
  return 1
}

for spec in "${ALL_ROWS[@]}"; do
  IFS='|' read -r row filter jmh <<<"$spec"
  wanted "$row" || continue
  echo "[profile] $row: graphd $filter"
  # its time per operation first (criterion's mean), then 10 s of samples (--profile-time: no analysis)
  CRITERION_HOME="$OUT/.criterion" "$BIN" --bench "$filter" --warm-up-time 2 --measurement-time 5 --noplot \
    > "$OUT/graphd-$row.log" 2>&1
  gwall=$(jq '.mean.point_estimate / 1000' "$OUT/.criterion/$filter/new/estimates.json")
  rm -rf "$OUT/.criterion"
  perf record -q -F 1000 -e cpu-clock -g -o "$OUT/.graphd.data" -- "$BIN" --bench "$filter" --profile-time 10 >/dev/null 2>&1
  { echo "# perf record -F 1000 -e cpu-clock -g -- graphj_bench --bench $filter --profile-time 10"
    echo "## self"; perf report -i "$OUT/.graphd.data" --stdio --no-children --sort sym 2>/dev/null | top 40
    echo "## children (inclusive)"; perf report -i "$OUT/.graphd.data" --stdio --children --sort sym 2>/dev/null | top 60
  } > "$OUT/graphd-$row.cpu.txt"
  perf script -i "$OUT/.graphd.data" 2>/dev/null | awk '
    /^[^ \t]/ { if (st != "") print th ";" st; st = ""; th = $1; next }
    NF >= 2 { sym = $2; sub(/\+0x[0-9a-f]+$/, "", sym); st = (st == "" ? sym : sym ";" st) }
    END { if (st != "") print th ";" st }' | sort | uniq -c | awk '{ c = $1; sub(/^ *[0-9]+ /, ""); print $0 " " c }' \
    > "$OUT/graphd-$row.collapsed"
  rm -f "$OUT/.graphd.data"
  per_op "$row" graphd "graphj_bench-" 10 "$gwall" < "$OUT/graphd-$row.collapsed" >> "$OUT/frames.tsv"
  perf trace -s -o "$OUT/graphd-$row.syscalls.txt" -- "$BIN" --bench "$filter" --profile-time 5 >/dev/null 2>&1

  echo "[profile] $row: dbbench $jmh"
  # 3 x 4 s measured (async-profiler samples the measurement iterations only)
  # shellcheck disable=SC2086 # $jmh is the include pattern and its -p options
  "$JAVA" -jar target/benchmarks.jar $jmh -f 1 -wi 3 -w 2s -i 3 -r 4s -bm avgt -tu us \
    -prof "async:libPath=$AP;event=cpu;interval=1000000;threads=true;output=text,collapsed;dir=$OUT/.ap" \
    -rf json -rff "$OUT/dbbench-$row.jmh.json" > "$OUT/dbbench-$row.log" 2>&1
  cp "$(find "$OUT/.ap" -name 'summary-cpu.txt' | head -n 1)" "$OUT/dbbench-$row.cpu.txt"
  cp "$(find "$OUT/.ap" -name 'collapsed-cpu.csv' | head -n 1)" "$OUT/dbbench-$row.collapsed"
  rm -rf "$OUT/.ap"
  dwall=$(jq '.[0].primaryMetric.score' "$OUT/dbbench-$row.jmh.json")
  per_op "$row" dbbench jmh-worker 12 "$dwall" < "$OUT/dbbench-$row.collapsed" >> "$OUT/frames.tsv"
  # shellcheck disable=SC2086
  perf trace -s -o "$OUT/dbbench-$row.syscalls.txt" -- "$JAVA" -jar target/benchmarks.jar $jmh -f 1 -wi 1 -w 2s -i 1 -r 5s \
    -bm avgt -tu us > /dev/null 2>&1
done
# the stacks and logs are large text (MBs per row): kept zstd-compressed
zstd -q -19 --rm "$OUT"/*.collapsed "$OUT"/*.log
echo "[profile] wrote $OUT (frames.tsv: wall and CPU time per operation, and the CPU time under each frame of interest, us)"
cat "$OUT/frames.tsv"

#!/usr/bin/env bash
# Profiles the read rows of graphd's throughput_bench on both sides, on one LadybugDB library: graphd's
# criterion group (perf record) and dbbench's graphd-form row (GraphdThroughputBenchmark, JMH with
# async-profiler) through each client, LadybugDB's Java API (JNI) and its C API (FFM). Every sample of the
# benchmark's threads is put in one bucket by its innermost frame:
#   engine      LadybugDB's C++ (lbug::main, processor, storage, binder, parser, planner, ...; antlr4, re2):
#               the query's parse, plan and execution, and the engine's side of every value read
#   binding     crossings between the caller and the engine: JNI (Java_com_ladybugdb_*, HotSpot's jni_*
#               and thread-state transitions, the Java API's own Java classes), FFM downcalls
#               (java.lang.invoke, jdk.internal.foreign) and the C API's functions (lbug_*); on graphd's
#               side the cxx bridge (lbug_rs, cxxbridge)
#   conversion  the caller's code that turns values into its own: dbbench's Java (io.dbbench, the JDK's
#               collections and strings); graphd's Rust lbug crate (lbug::value, query_result, ...)
#   alloc       object creation: the JVM's allocation slow path on the benchmark thread (MemAllocator,
#               OptoRuntime::new_*, ...), and the native allocator (malloc, free, operator new/delete)
#   memory      libc's memcpy, memmove, memset, memcmp and strlen, whoever called them (graphd's shallow
#               stacks do not name the caller)
#   kernel      kernel frames (page faults, system calls)
#   other       anything else (the harness, the interpreter, unresolved frames)
# The benchmark's threads are every thread of graphd's process, and on dbbench's side the JMH worker and
# the unnamed native threads LadybugDB's task scheduler starts (the engine runs a query's pipeline on its
# worker threads while the caller waits); the JVM's own named threads (GC, JIT compilers, VM thread, JMH's
# main) are counted beside, as jvm_threads. graphd's stacks come from frame pointers, which neither
# liblbug.so nor the bench keeps, so most are a few frames deep: buckets go by the innermost frame only.
# graphd's profile starts after the group's preload (perf record --delay, from a timed run of the
# preload alone), so that only the measured calls are counted.
#
# Writes into OUT, per row and side:
#   graphd-<row>.collapsed.zst, dbbench-<row>-<client>.collapsed.zst   the samples, collapsed, thread first
#   graphd-<row>.cpu.txt, dbbench-<row>-<client>.cpu.txt               the profilers' flat reports
#   buckets.tsv   row, side, rows returned, wall us/op (the side's own measurement: criterion's mean, JMH's
#                 score), the benchmark threads' CPU us/op (samples over the profiled seconds, times the
#                 wall time per op) and each bucket's us/op, the JVM's own threads' us/op, then the
#                 same per row returned (ns/row)
# Usage: scripts/profile-graph-reads.sh [--graphd-bench BIN] [--out DIR] [--rows scanLimit1000,scanLimit10000]
#                                       [--clients javaApi,cApi]
#   BIN: graphd's throughput_bench as scripts/graphd-vs-dbbench.sh --suite throughput builds it (default:
#   the newest target/graphd-throughput/target/release/deps/throughput_bench-*). Needs perf, jq, zstd,
#   LadybugDB built (scripts/build-ladybug.sh) and target/benchmarks.jar built after it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=""
OUT="results/graph-read-profiles-$(date -u +%Y%m%dT%H%MZ)"
ROWS="scanLimit1000,scanLimit10000"
CLIENTS="javaApi,cApi"
while [ $# -gt 0 ]; do
  case "$1" in
    --graphd-bench|--out|--rows|--clients)
      [ $# -ge 2 ] || { echo "profile-graph-reads: $1 needs a value" >&2; exit 2; }
      case "$1" in --graphd-bench) BIN=$2 ;; --out) OUT=$2 ;; --rows) ROWS=$2 ;; --clients) CLIENTS=$2 ;; esac
      shift 2 ;;
    *) echo "profile-graph-reads: unknown option $1; expected --graphd-bench, --out, --rows or --clients" >&2; exit 2 ;;
  esac
done
for c in ${CLIENTS//,/ }; do
  case "$c" in javaApi|cApi) ;; *) echo "profile-graph-reads: --clients $CLIENTS: '$c' is not javaApi or cApi" >&2; exit 2 ;; esac
done
if [ -z "$BIN" ]; then
  BIN=$(ls -t target/graphd-throughput/target/release/deps/throughput_bench-* 2>/dev/null | grep -v '\.d$' | head -n 1 || true)
fi
[ -n "$BIN" ] && [ -x "$BIN" ] || { echo "profile-graph-reads: no graphd throughput_bench binary; run scripts/graphd-vs-dbbench.sh --suite throughput once or pass --graphd-bench" >&2; exit 2; }
for tool in perf jq zstd; do
  command -v "$tool" >/dev/null 2>&1 || { echo "profile-graph-reads: $tool not found" >&2; exit 2; }
done
[ -f target/benchmarks.jar ] || { echo "profile-graph-reads: target/benchmarks.jar missing; run ./mvnw -DskipTests package" >&2; exit 2; }
AP=target/agents/async-profiler/linux-x64/libasyncProfiler.so
[ -f "$AP" ] || { echo "profile-graph-reads: $AP missing; ./mvnw package unpacks async-profiler" >&2; exit 2; }
LIB="${DBBENCH_CACHE:-$HOME/.cache/dbbench}/ladybug/0.14.3/lib"
[ -f "$LIB/liblbug.so" ] || { echo "profile-graph-reads: $LIB/liblbug.so missing; run scripts/build-ladybug.sh" >&2; exit 2; }
export LD_LIBRARY_PATH="$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
. scripts/java.sh
dbbench_java profile-graph-reads
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
AP=$(pwd)/$AP

# row | graphd criterion id | rows returned | dbbench JMH include and parameters (the client is added)
ALL_ROWS=(
  "matchAllLimit10|simple_match/match_all_limit_10|10|GraphdThroughputBenchmark.matchAllLimit10 -p engine=ladybug"
  "scanLimit1000|read_throughput/scan_limit/1000|1000|GraphdThroughputBenchmark.scanLimit -p engine=ladybug -p limit=1000 -p projection=node"
  "scanLimit10000|read_throughput/scan_limit/10000|10000|GraphdThroughputBenchmark.scanLimit -p engine=ladybug -p limit=10000 -p projection=node"
)
BUCKETS="engine binding conversion alloc memory kernel other"
{ printf 'row\tside\trows\twall_us\tcpu_us'; for b in $BUCKETS; do printf '\t%s_us' "$b"; done; printf '\tjvm_threads_us'
  printf '\tcpu_ns_per_row'; for b in $BUCKETS; do printf '\t%s_ns_per_row' "$b"; done; echo; } > "$OUT/buckets.tsv"

# Buckets the samples on stdin (collapsed: "thread;outer;...;inner count", one sample = 1 ms of CPU) of the
# benchmark's threads (THREADS: "all", or "jvm": the JMH worker and unnamed native threads) over SECONDS of
# profiling into us per operation, given WALL_US per operation and ROWS per operation.
bucket() {
  awk -v row="$1" -v side="$2" -v threads="$3" -v secs="$4" -v wall="$5" -v rows="$6" -v buckets="$BUCKETS" '
    function kind(f) {
      if (f ~ /_\[k\]$/) return "kernel"
      sub(/_\[[a-z0-9]\]$/, "", f)
      if (f ~ /^(__)?(memcpy|memmove|memset|memcmp|strlen)|^__(mem|str)[a-z]*_(avx|sse|evex|erms)|_erms$|_arraycopy$/) return "memory"
      if (f ~ /MemAllocator|ObjAllocator|ObjArrayAllocator|OptoRuntime::new_|InstanceKlass::allocate|TypeArrayKlass::allocate|ObjArrayKlass::allocate|CollectedHeap|ThreadLocalAllocBuffer|malloc|_int_free|libc_free|^cfree|^free$|realloc|calloc|^operator (new|delete)|tcache|unlink_chunk|oopFactory::new|check_array_allocation_length/) return "alloc"
      if (f ~ /^<?lbug::(value|query_result|logical_type|connection|database|error)::/) return "conversion"
      if (f ~ /^(Java_com_ladybugdb|jni_|JNI_|JNIHandle|JavaCall|ThreadStateTransition|JavaThread::|SafepointMechanism|HandleMark|JNIEnv|call_stub|\[call_stub\]|StubRoutines|java_lang_String::create|InstanceKlass::check_valid|AccessInternal|lbug_[a-z0-9_]+$|lbug_rs|cxxbridge|rust::cxxbridge|<?lbug::ffi)/) return "binding"
      # work HotSpot does for a JNI call (argument passing, local handles, exception checks, string encoding)
      # and the C++ glue of the Java API in liblbug_java_native (getValue, createJavaObject)
      if (f ~ /^(check_bounds|ThreadShadow::|methodHandle::|os::stack_shadow|UTF8::|utf8StringToJstring|SignatureIterator|Fingerprinter|JavaFrameAnchor|I2C\/C2I|oopDesc|getValue$|createJavaObject$)/) return "binding"
      if (f ~ /^(com[.\/]ladybugdb|java[.\/]lang[.\/]invoke|jdk[.\/]internal[.\/]foreign|jdk[.\/]internal[.\/]misc[.\/]Unsafe|java[.\/]lang[.\/]foreign)/) return "binding"
      if (f ~ /^(core::|alloc::|<alloc::|<core::|hashbrown|<&|<\[)/) return "conversion"
      if (f ~ /lbug::|antlr4::|re2::|utf8proc|simsimd|^toupper$|^tolower$/) return "engine"
      if (f ~ /^(io[.\/]dbbench|java[.\/]|jdk[.\/]|sun[.\/])/) return "conversion"
      return "other"
    }
    {
      c = $NF; line = $0; sub(/ [0-9]+$/, "", line)
      n = split(line, fr, ";")
      if (threads == "jvm" && fr[1] !~ /jmh-worker/ && fr[1] !~ /^\[tid=[0-9]+\]$/) {
        gcjit += c
        next
      }
      t += c
      s[n >= 2 ? kind(fr[n]) : "other"] += c
    }
    END {
      cpu = t * 1e-3 / secs * wall
      nb = split(buckets, bk, " ")
      printf "%s\t%s\t%d\t%.1f\t%.1f", row, side, rows, wall, cpu
      for (i = 1; i <= nb; i++) printf "\t%.1f", t ? cpu * s[bk[i]] / t : 0
      printf "\t%.1f", gcjit * 1e-3 / secs * wall
      printf "\t%.1f", cpu * 1000 / rows
      for (i = 1; i <= nb; i++) printf "\t%.1f", t ? cpu * s[bk[i]] / t * 1000 / rows : 0
      printf "\n"
    }'
}

top() { grep -E '^ +[0-9]' | awk -v n="$1" 'NR <= n' || true; }
wanted() { local w; for w in ${ROWS//,/ }; do [[ $1 == "$w" ]] && return 0; done; return 1; }

for spec in "${ALL_ROWS[@]}"; do
  IFS='|' read -r row filter nrows jmh <<<"$spec"
  wanted "$row" || continue
  echo "[profile] $row: graphd $filter"
  CRITERION_HOME="$OUT/.criterion" "$BIN" --bench "^${filter}\$" --warm-up-time 2 --measurement-time 5 --noplot \
    > "$OUT/graphd-$row.log" 2>&1
  gwall=$(jq '.mean.point_estimate / 1000' "$OUT/.criterion/$filter/new/estimates.json")
  rm -rf "$OUT/.criterion"
  # the group's preload runs before its calls: time it (a run of 1 s of calls), start perf's samples after it
  t0=$(date +%s.%N)
  "$BIN" --bench "^${filter}\$" --profile-time 1 >/dev/null 2>&1
  preload=$(echo "$(date +%s.%N) $t0" | awk '{ p = $1 - $2 - 1; print (p < 0 ? 0 : p) }')
  delay_ms=$(echo "$preload" | awk '{ printf "%d", ($1 + 1) * 1000 }')
  ptime=12
  t0=$(date +%s.%N)
  perf record -q -F 1000 -e cpu-clock -g -D "$delay_ms" -o "$OUT/.graphd.data" -- "$BIN" --bench "^${filter}\$" \
    --profile-time "$ptime" >/dev/null 2>&1
  gsecs=$(echo "$(date +%s.%N) $t0 $delay_ms" | awk '{ printf "%.3f", $1 - $2 - $3 / 1000 }')
  echo "[profile] $row: graphd's preload took ${preload} s; sampled ${gsecs} s: ${ptime} s of calls but the first second, and the exit"
  { echo "# perf record -F 1000 -e cpu-clock -g -D $delay_ms -- throughput_bench --bench ^$filter\$ --profile-time $ptime (samples: the last $gsecs s)"
    echo "## self (dso, symbol)"; perf report -i "$OUT/.graphd.data" --stdio --no-children --sort dso,sym 2>/dev/null | top 40
    echo "## children (inclusive)"; perf report -i "$OUT/.graphd.data" --stdio --children --sort sym 2>/dev/null | top 60
  } > "$OUT/graphd-$row.cpu.txt"
  # perf script: a header line per sample (comm first), then one frame per line, innermost first;
  # kernel frames (dso [kernel.kallsyms]) get async-profiler's _[k] mark so that both sides bucket alike
  perf script -F comm,ip,sym,dso -i "$OUT/.graphd.data" 2>/dev/null | awk '
    /^[^ \t]/ { if (st != "") print th ";" st; st = ""; th = $1; next }
    NF >= 2 {
      line = $0; sub(/^[ \t]*[0-9a-f]+ /, "", line)
      dso = ""; if (match(line, / \([^()]*\)$/)) { dso = substr(line, RSTART + 2, RLENGTH - 3); line = substr(line, 1, RSTART - 1) }
      sub(/\+0x[0-9a-f]+$/, "", line); gsub(/;/, ",", line)
      if (dso ~ /kernel/) line = line "_[k]"
      st = (st == "" ? line : line ";" st)
    }
    END { if (st != "") print th ";" st }' | sort | uniq -c | awk '{ c = $1; sub(/^ *[0-9]+ /, ""); print $0 " " c }' \
    > "$OUT/graphd-$row.collapsed"
  rm -f "$OUT/.graphd.data"
  bucket "$row" graphd all "$gsecs" "$gwall" "$nrows" < "$OUT/graphd-$row.collapsed" >> "$OUT/buckets.tsv"

  for client in ${CLIENTS//,/ }; do
    echo "[profile] $row: dbbench $jmh -p client=$client"
    # 3 x 4 s measured (async-profiler samples the measurement iterations only); ann marks frames' kinds
    # shellcheck disable=SC2086 # $jmh is the include pattern and its -p options
    "$JAVA" -jar target/benchmarks.jar "${jmh%% *}\$" ${jmh#* } -p client="$client" -f 1 -wi 3 -w 2s -i 3 -r 4s -bm avgt \
      -tu us -prof "async:libPath=$AP;event=cpu;interval=1000000;threads=true;ann=true;output=text,collapsed;dir=$OUT/.ap" \
      -rf json -rff "$OUT/dbbench-$row-$client.jmh.json" > "$OUT/dbbench-$row-$client.log" 2>&1
    cp "$(find "$OUT/.ap" -name 'summary-cpu.txt' | head -n 1)" "$OUT/dbbench-$row-$client.cpu.txt"
    cp "$(find "$OUT/.ap" -name 'collapsed-cpu.csv' | head -n 1)" "$OUT/dbbench-$row-$client.collapsed"
    rm -rf "$OUT/.ap"
    dwall=$(jq '.[0].primaryMetric.score' "$OUT/dbbench-$row-$client.jmh.json")
    bucket "$row" "dbbench-$client" jvm 12 "$dwall" "$nrows" < "$OUT/dbbench-$row-$client.collapsed" \
      >> "$OUT/buckets.tsv"
  done
done
zstd -q -19 --rm "$OUT"/*.collapsed "$OUT"/*.log
echo "[profile] wrote $OUT (buckets.tsv: us per operation and ns per row returned, by bucket)"
column -t -s $'\t' "$OUT/buckets.tsv"

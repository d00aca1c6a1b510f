#!/usr/bin/env bash
# WMPayload's own Go service and its benchmark_test.go beside dbbench's payload rows, interleaved, on one MongoDB target.
# Takes a WMPayload checkout (github.com/vkuznet/WMPayload; tested at 3c602f4), unchanged: builds its service
# (go build) and its test binary (go test -c) with their Go modules from the module proxy into target/wmpayload/
# (GOFLAGS=-mod=readonly: the checkout is never written), starts the service against the MongoDB target, and runs
# its BenchmarkInsert (one client, a sequential loop) and BenchmarkSearch (b.N concurrent requests by id) with
# -test.run '^$' -test.bench ... -test.benchmem, for the study's documents: flat (the benchmark's own auto-generated
# document) and reqmgr2 (json_file: dbbench's ReqMgr2-like template, src/main/resources/payload/reqmgr2.json; the
# study's wma.json is not public), searching without and with the study's index {id: 1}.
# What the study did by hand is done here outside the timing (io.dbbench.payload.GoServiceCollection): the search
# collection is seeded with --collection-size documents as the service stores them, the index {id: 1} is created
# (unique unless --study-index) or dropped between the none and id rows, and the insert collection is emptied before
# each insert row (then its count checked).
# benchmark_test.go reads ./config.json and hard-codes http://localhost:PORT (7111 at 3c602f4): the script writes the
# config into a private temporary directory (mode 700, removed on exit) and runs the test binary there; the service
# listens on that port on every interface (fasthttp's ListenAndServe(":PORT"), its code), so the port must be free.
# Target: the mongo-java-server stand-in (not MongoDB) in its own JVM, started here (-Xmx DBBENCH_MONGO_STANDIN_HEAP,
# default 6g: 30,000 ReqMgr2 documents take about 2 GB, and each side seeds its own), or DBBENCH_MONGO_URI for a
# real MongoDB. The service reads its URI only from its config file, so with DBBENCH_MONGO_URI the URI (and any
# password in it) is in that private file alone; the password is scrubbed from every file written under --out.
# Usage: scripts/wmpayload-vs-dbbench.sh --wmpayload DIR [--ops insert,search] [--docs flat,reqmgr2] [--blocks 1]
#          [--benchtime 1s] [--collection-size 30000] [--study-index] [--java [--java-iterations 3]] [--out DIR]
#   DIR: the WMPayload checkout (or DBBENCH_WMPAYLOAD_DIR); --ops, --docs: which operations and documents;
#   --blocks: blocks per document; --benchtime: go test's -test.benchtime (1s as the study ran; 1x for a smoke);
#   --collection-size: documents the search collections hold (dbbench's headline size, 30,000);
#   --study-index: the Go rows' index as the study's README creates it, {id: 1} not unique; by default it is unique,
#     as dbbench's: mongo-java-server 1.47.0 answers queries through unique indexes only and scans with a non-unique
#     one (measured: 0.4-0.7 ms against 8-13 ms per search by id in 30,000 documents), so on the stand-in the study's
#     form measures no index at all; on MongoDB the two answer the same queries (the ids are distinct);
#   --out: the results directory (default results/wmpayload-vs-dbbench-<UTC>);
#   --java: in every block also dbbench's io.dbbench.payload.PayloadServiceBenchmark rows of the same operations
#     (insert with one JMH thread, the study's one sequential client; search with its 100 threads; -prof gc) on the
#     same target (the stand-in, and a dbbench payload service started here, shared through -Ddbbench.shared.*);
#     --java-iterations measured iterations of 1 s after a 1 s warm-up iteration, once the servers are steady
#     (DBBENCH_WARMUP_CAP, default 40 s here; DBBENCH_WARMUP_WINDOW_MS, default 500). A block runs Go then Java, the
#     next Java then Go; the Go searches alternate none id / id none.
# Output in the results directory: rows.tsv (one row per block, side, operation, document and index: ns/op, B/op,
# allocs/op, success rate, clients), machine.tsv (/proc/stat's cpu line and /proc/loadavg around every side),
# summary.md and summary.json (io.dbbench.payload.WmpayloadSideBySide: medians beside the study's table, the
# none -> id effect per side with its 95% interval over blocks, the machine), go/*.txt (go test's own output, the
# warm-up passes included), jmh/, service.log (the Go service), build.log, collection.log, env.txt.
# Needs go (modules from the Go module proxy configured in go env on first build) and target/benchmarks.jar
# (./mvnw -DskipTests package) or DBBENCH_STANDIN_CLASSPATH; curl for the spot checks.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WMP="${DBBENCH_WMPAYLOAD_DIR:-}"
OPS=insert,search
DOCS=flat,reqmgr2
BLOCKS=1
BENCHTIME=1s
SIZE=30000
OUT=""
JAVA_ROWS=0
JAVA_ITER=3
GO_INDEX=id
die() { echo "wmpayload-vs-dbbench: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --wmpayload|--ops|--docs|--blocks|--benchtime|--collection-size|--out|--java-iterations)
      [ $# -ge 2 ] || die "$1 needs a value (--wmpayload DIR, --ops insert,search, --docs flat,reqmgr2, --blocks N," \
        "--benchtime 1s|Nx, --collection-size N, --out DIR, --java-iterations N)"
      case "$1" in
        --wmpayload) WMP=$2 ;;
        --ops) OPS=$2 ;;
        --docs) DOCS=$2 ;;
        --blocks) BLOCKS=$2 ;;
        --benchtime) BENCHTIME=$2 ;;
        --collection-size) SIZE=$2 ;;
        --out) OUT=$2 ;;
        --java-iterations) JAVA_ITER=$2 ;;
      esac
      shift 2 ;;
    --java) JAVA_ROWS=1; shift ;;
    --study-index) GO_INDEX=id-nonunique; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
IFS=, read -r -a OP_LIST <<<"$OPS"
[ ${#OP_LIST[@]} -gt 0 ] || die "--ops '$OPS': expected a comma-separated list of insert, search"
for op in "${OP_LIST[@]}"; do
  case "$op" in insert|search) ;; *) die "--ops '$OPS': '$op' is not insert or search" ;; esac
done
IFS=, read -r -a DOC_LIST <<<"$DOCS"
[ ${#DOC_LIST[@]} -gt 0 ] || die "--docs '$DOCS': expected a comma-separated list of flat, reqmgr2"
for d in "${DOC_LIST[@]}"; do
  case "$d" in flat|reqmgr2) ;; *) die "--docs '$DOCS': '$d' is not flat or reqmgr2" ;; esac
done
[[ "$BLOCKS" =~ ^[1-9][0-9]*$ ]] || die "--blocks '$BLOCKS': expected a whole number of at least 1"
[[ "$BENCHTIME" =~ ^([0-9]+x|[0-9]+(\.[0-9]+)?(ns|us|ms|s|m))$ ]] ||
  die "--benchtime '$BENCHTIME': expected go test's form, a duration (1s, 500ms) or a count (1x, 5x)"
[[ "$SIZE" =~ ^[1-9][0-9]*$ ]] || die "--collection-size '$SIZE': expected a whole number of documents, at least 1"
[[ "$JAVA_ITER" =~ ^[1-9][0-9]*$ ]] || die "--java-iterations '$JAVA_ITER': expected a whole number of at least 1"
[ -n "$WMP" ] || die "--wmpayload DIR (or DBBENCH_WMPAYLOAD_DIR) is required: a checkout of" \
  "github.com/vkuznet/WMPayload (git clone https://github.com/vkuznet/WMPayload)"
[ -d "$WMP" ] || die "--wmpayload '$WMP': not a directory; expected a WMPayload checkout"
WMP=$(cd -- "$WMP" && pwd)
grep -q '^module github.com/vkuznet/wmpayload$' "$WMP/go.mod" 2>/dev/null && [ -f "$WMP/benchmark_test.go" ] ||
  die "--wmpayload '$WMP': expected a WMPayload checkout (go.mod of module github.com/vkuznet/wmpayload and benchmark_test.go)"
# The port the benchmark hard-codes (baseURL = "http://localhost:7111" at 3c602f4); the service is given the same.
PORT=$(sed -n 's/.*baseURL *= *"http:\/\/localhost:\([0-9][0-9]*\)".*/\1/p' "$WMP/benchmark_test.go" | head -n 1)
[ -n "$PORT" ] || die "$WMP/benchmark_test.go has no baseURL = \"http://localhost:PORT\"; this script serves the" \
  "port the benchmark hard-codes (7111 at 3c602f4)"
if [ "$JAVA_ROWS" = 1 ]; then
  [ -s target/benchmarks.jar ] || die "--java needs target/benchmarks.jar; run ./mvnw -DskipTests package"
fi
[ -n "${DBBENCH_STANDIN_CLASSPATH:-}" ] || [ -s target/benchmarks.jar ] ||
  die "target/benchmarks.jar missing; run ./mvnw -DskipTests package (it holds the stand-in and the collection tool)"
command -v go >/dev/null 2>&1 || die "go not found; install Go (go.dev/dl or the distribution's golang)"
command -v curl >/dev/null 2>&1 || die "curl not found; the script spot-checks the service's answers with it"
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  die "port $PORT is in use; WMPayload's benchmark_test.go hard-codes http://localhost:$PORT, so its service needs it free"
fi
. scripts/java.sh
dbbench_java wmpayload-vs-dbbench
CP="${DBBENCH_STANDIN_CLASSPATH:-target/benchmarks.jar}"
JVM_FLAGS=()
[ "$JAVA_FEATURE" -lt 23 ] || JVM_FLAGS=(--sun-misc-unsafe-memory-access=allow)

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
[ -n "$OUT" ] || OUT="results/wmpayload-vs-dbbench-$STAMP"
mkdir -p "$OUT/go"
OUT=$(cd -- "$OUT" && pwd)
BIN="$ROOT/target/wmpayload"
mkdir -p "$BIN"

# The password of DBBENCH_MONGO_URI (mongodb://user:password@host), raw and percent-decoded, scrubbed from everything
# written below by bash's own string replacement (no child sees it on a command line).
URI="${DBBENCH_MONGO_URI:-}"
SECRETS=()
if [ -n "$URI" ]; then
  authority=${URI#*://}
  authority=${authority%%/*}
  if [[ "$authority" == *@* ]]; then
    userinfo=${authority%@*}
    if [[ "$userinfo" == *:* ]]; then
      pw=${userinfo#*:}
      SECRETS+=("$pw")
      decoded=$(printf '%b' "${pw//%/\\x}")
      [ "$decoded" = "$pw" ] || SECRETS+=("$decoded")
    fi
  fi
fi
scrub() {
  local line s
  while IFS= read -r line || [ -n "$line" ]; do
    for s in ${SECRETS[@]+"${SECRETS[@]}"}; do line=${line//"$s"/'****'}; done
    printf '%s\n' "$line"
  done
}
REDACTED_URI=$(printf '%s\n' "$URI" | scrub)

echo "[wmpayload-vs-dbbench] building WMPayload's service and test binary from $WMP into target/wmpayload/"
# GOFLAGS in the environment replaces go env's, so go env's are kept and -mod=readonly added.
GO_FLAGS="$(go env GOFLAGS 2>/dev/null || true) -mod=readonly"
if ! (cd "$WMP" && export GOFLAGS="${GO_FLAGS# }" && go version && go build -o "$BIN/wmpayload" . \
    && go test -c -vet=off -o "$BIN/wmpayload.test" . && go version -m "$BIN/wmpayload.test") >"$OUT/build.log" 2>&1; then
  last=$(grep -v '^\s*$' "$OUT/build.log" | tail -n 1 || true)
  die "the build failed (${last:-no output}); see $OUT/build.log"
fi
MODULES=$(awk '$1 == "dep" { printf "%s%s %s", sep, $2, $3; sep = "; " }' "$OUT/build.log")
COMMIT=$(git -C "$WMP" rev-parse HEAD 2>/dev/null || echo "${WMPAYLOAD_COMMIT:-unknown (not a git checkout)}")
DIRTY=$(git -C "$WMP" status --porcelain 2>/dev/null | head -n 5 | tr '\n' ' ' || true)

PRIV=$(mktemp -d "${TMPDIR:-/tmp}/wmpayload-run.XXXXXX")
chmod 700 "$PRIV"
STANDIN_PID=""
GO_PID=""
GO_COLL=""
stop_pid() { # PID: the process stops when its standard input closes or on SIGTERM; waits for it
  local pid=$1 i
  for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
stop_go_service() {
  if [ -n "$GO_PID" ]; then
    kill "$GO_PID" 2>/dev/null || true
    wait "$GO_PID" 2>/dev/null || true
    GO_PID=""
    GO_COLL=""
  fi
}
cleanup() {
  stop_go_service
  exec 7>&- 8>&- || true
  local pid
  for pid in ${SERVICE_PIDS[@]+"${SERVICE_PIDS[@]}"}; do stop_pid "$pid"; done
  SERVICE_PIDS=()
  if [ -n "$STANDIN_PID" ]; then exec 9>&- || true; stop_pid "$STANDIN_PID"; STANDIN_PID=""; fi
  rm -rf "$PRIV"
}
trap cleanup EXIT

# A line of the form PREFIX<address> in LOG, once PID printed it; empty when it died or 120 s passed.
await_line() { # LOG PID PATTERN
  local line="" i
  for i in $(seq 1 240); do
    line=$(grep -m 1 -o "$3" "$1" 2>/dev/null || true)
    [ -z "$line" ] || break
    kill -0 "$2" 2>/dev/null || break
    sleep 0.5
  done
  printf '%s' "$line"
}

STANDIN_LINE=""
if [ -n "$URI" ]; then
  BACKEND="MongoDB at $REDACTED_URI (DBBENCH_MONGO_URI)"
else
  HEAP="${DBBENCH_MONGO_STANDIN_HEAP:-6g}"
  mkfifo "$PRIV/standin-stdin"
  # Its own JVM as the payload family starts it (io.dbbench.mongo.MongoTarget.standInProcess), standard input held
  # open here and closed on exit, on which it stops.
  "$JAVA" "-Xmx$HEAP" ${JVM_FLAGS[@]+"${JVM_FLAGS[@]}"} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -Dorg.slf4j.simpleLogger.log.de.bwaldvogel=error -cp "$CP" io.dbbench.mongo.MongoStandIn --port 0 \
    --stop-on-stdin-eof <"$PRIV/standin-stdin" >"$OUT/standin.log" 2>&1 &
  STANDIN_PID=$!
  exec 9>"$PRIV/standin-stdin"
  STANDIN_LINE=$(await_line "$OUT/standin.log" "$STANDIN_PID" 'listening on mongodb://[^ ]*')
  [ -n "$STANDIN_LINE" ] || die "the mongo-java-server stand-in did not start; see $OUT/standin.log"
  URI=${STANDIN_LINE#listening on }
  BACKEND="mongo-java-server 1.47.0 (stand-in, not MongoDB)"
fi
DB=dbbench
LOWER_STAMP=$(tr 'A-Z' 'a-z' <<<"$STAMP")
INSERT_COLL="wmpayload_go_insert_$LOWER_STAMP"
cp src/main/resources/payload/reqmgr2.json "$PRIV/reqmgr2.json"

# dbbench's own payload service for the Java rows, shared by their forks as the main job shares it (the stand-in only;
# with DBBENCH_MONGO_URI every fork starts its own, as the payload family does on a real MongoDB). Two of them, one on
# the insert collection and one on the search collection, so that an insert trial does not drop the search seed and
# every block's search reseed it.
SHARED_ARGS_insert=""
SHARED_ARGS_search=""
SERVICE_PIDS=()
start_java_service() { # OPERATION FD
  local op=$1 fd=$2 coll="payload_wmpayload_${1}_$LOWER_STAMP" pid line
  mkfifo "$PRIV/service-$op-stdin"
  (exec 7>&- 8>&- 9>&-; export DBBENCH_PAYLOAD_CHILD_MONGO_URI="$URI"
   exec "$JAVA" "-Xms${DBBENCH_PAYLOAD_SERVICE_HEAP:-512m}" "-Xmx${DBBENCH_PAYLOAD_SERVICE_HEAP:-512m}" \
     ${JVM_FLAGS[@]+"${JVM_FLAGS[@]}"} -cp "$CP" io.dbbench.payload.PayloadServer --host 127.0.0.1 --port 0 \
     --mongo-uri-from-env DBBENCH_PAYLOAD_CHILD_MONGO_URI --mongo-database "$DB" --mongo-collection "$coll" \
     --mongo-pool "${DBBENCH_PAYLOAD_POOL:-100}" --stop-on-stdin-eof) <"$PRIV/service-$op-stdin" \
     >"$OUT/payload-service-$op.log" 2>&1 &
  pid=$!
  SERVICE_PIDS+=("$pid")
  eval "exec $fd>\"\$PRIV/service-\$op-stdin\""
  line=$(await_line "$OUT/payload-service-$op.log" "$pid" 'payload service listening on http://[^ ]*')
  [ -n "$line" ] || die "dbbench's payload service ($op) did not start; see $OUT/payload-service-$op.log"
  printf -v "SHARED_ARGS_$op" '%s' "-Ddbbench.shared.mongo-stand-in=$URI;$STANDIN_PID; -Ddbbench.shared.payload-service=${line#payload service listening on };$pid;$coll"
}
if [ "$JAVA_ROWS" = 1 ] && [ -n "$STANDIN_PID" ]; then
  [[ ",$OPS," != *,insert,* ]] || start_java_service insert 7
  [[ ",$OPS," != *,search,* ]] || start_java_service search 8
fi

{
  echo "date: $STAMP"
  echo "command: scripts/wmpayload-vs-dbbench.sh --wmpayload $WMP --ops $OPS --docs $DOCS --blocks $BLOCKS" \
    "--benchtime $BENCHTIME --collection-size $SIZE$([ "$GO_INDEX" = id ] || echo " --study-index")$([ "$JAVA_ROWS" = 0 ] || echo " --java --java-iterations $JAVA_ITER")"
  echo "dbbench commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "WMPayload: $COMMIT${DIRTY:+ (modified: $DIRTY)} at $WMP"
  echo "go: $(sed -n 's/^go version //p' "$OUT/build.log" | head -n 1)"
  echo "modules: $MODULES"
  echo "server: $BACKEND"
  [ -z "$STANDIN_LINE" ] || echo "stand-in: $STANDIN_LINE (heap -Xmx$HEAP)"
  echo "cores: $(nproc 2>/dev/null || echo unknown); kernel: $(uname -sr)"
  echo "Go index: $GO_INDEX ($([ "$GO_INDEX" = id ] && echo "{id: 1} unique, as dbbench's" || echo "{id: 1} not unique, the study's createIndex"))"
  echo "Go service: port $PORT (benchmark_test.go's baseURL), database $DB; inserts into $INSERT_COLL (emptied before each"
  echo "  insert row), searches in wmpayload_go_search_<doc>_$LOWER_STAMP ($SIZE documents, seeded by GoServiceCollection)"
  echo "Go documents: flat = benchmark_test.go's own auto-generated document (id, name, email, age); reqmgr2 = json_file"
  echo "  src/main/resources/payload/reqmgr2.json (dbbench's ReqMgr2-like template, 12,171 bytes)"
  echo "Go clients: BenchmarkInsert one sequential client (ns/op = one round trip); BenchmarkSearch b.N goroutines at once"
  echo "  (ns/op = wall time / b.N)"
  [ "$JAVA_ROWS" = 0 ] || echo "Java: PayloadServiceBenchmark insert -t 1, search 100 threads, -f 1 -wi 1 -i $JAVA_ITER -r 1s -prof gc; warm-up" \
    "cap ${DBBENCH_WARMUP_CAP:-40} s, windows ${DBBENCH_WARMUP_WINDOW_MS:-500} ms"
} | scrub >"$OUT/env.txt"

# The blocks: io.dbbench.PairedMain wmpayload runs, per document, the Go search collection's seeding, one unrecorded
# pass of every Go row, then the blocks (Go then Java, then Java then Go; the Go searches none id, then id none), each
# Go row set up before it (its collection emptied or indexed, the service restarted on it, config.json in the private
# directory, a GC in the stand-in) and checked after it (the inserts stored, a search answering the seeded document);
# it writes rows.tsv and machine.tsv (the machine around every side with its own processes' CPU: the clients, the
# service and the stand-in) and takes the target's URI from WMPAYLOAD_MONGO_URI in its environment only.
FAILED=0
BLOCK_OPTS=()
[ "$JAVA_ROWS" = 0 ] || BLOCK_OPTS=(--java --java-iterations "$JAVA_ITER" --jar target/benchmarks.jar)
[ -z "$SHARED_ARGS_insert" ] || BLOCK_OPTS+=(--shared-insert "$SHARED_ARGS_insert")
[ -z "$SHARED_ARGS_search" ] || BLOCK_OPTS+=(--shared-search "$SHARED_ARGS_search")
[ -z "$STANDIN_PID" ] || BLOCK_OPTS+=(--standin-pid "$STANDIN_PID")
[ "$GO_INDEX" = id ] || BLOCK_OPTS+=(--go-index "$GO_INDEX")
rc=0
( exec 7>&- 8>&- 9>&-; export WMPAYLOAD_MONGO_URI="$URI"
  exec "$JAVA" ${JVM_FLAGS[@]+"${JVM_FLAGS[@]}"} -cp "$CP" io.dbbench.PairedMain wmpayload --out "$OUT" --bin "$BIN" \
    --priv "$PRIV" --port "$PORT" --database "$DB" --stamp "$LOWER_STAMP" --server "$BACKEND" --ops "$OPS" \
    --docs "$DOCS" --blocks "$BLOCKS" --benchtime "$BENCHTIME" --collection-size "$SIZE" --reqmgr2 "$PRIV/reqmgr2.json" \
    ${BLOCK_OPTS[@]+"${BLOCK_OPTS[@]}"} ) || rc=$?
case "$rc" in
  0) ;;
  1) FAILED=1 ;;
  *) die "the blocks could not run (exit $rc)" ;;
esac

# summary.md and summary.json (io.dbbench.payload.WmpayloadSideBySide).
SUMMARY=0
"$JAVA" -cp "$CP" io.dbbench.payload.WmpayloadSideBySide --analyze "$OUT" >"$OUT/analyze.log" 2>&1 || SUMMARY=$?
echo "[wmpayload-vs-dbbench] rows on the $BACKEND$([ -z "$STANDIN_PID" ] || echo " (its timings are not MongoDB's)"):"
column -t -s $'\t' "$OUT/rows.tsv" 2>/dev/null || cat "$OUT/rows.tsv"
echo
if [ "$SUMMARY" = 0 ]; then
  cat "$OUT/summary.md"
else
  echo "wmpayload-vs-dbbench: the summary failed (exit $SUMMARY); see $OUT/analyze.log" >&2
  FAILED=$((FAILED + 1))
fi
echo "[wmpayload-vs-dbbench] results in $OUT"
if [ "$FAILED" -gt 0 ]; then
  echo "wmpayload-vs-dbbench: a run or check failed (named above); the output is in $OUT/go/ and $OUT/jmh/" >&2
  exit 1
fi

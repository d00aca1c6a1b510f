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
#     next Java then Go; the Go searches alternate none id / id none. Needs jq.
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
  command -v jq >/dev/null 2>&1 || die "--java needs jq (to read JMH's JSON); install jq"
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
search_coll() { echo "wmpayload_go_search_${1}_$LOWER_STAMP"; }
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

# GoServiceCollection on the Go service's collection; its output appended to collection.log. Prints its stdout.
collection() { # COLLECTION ACTION [ARGS]
  local coll=$1
  shift
  printf '$ GoServiceCollection --collection %s %s\n' "$coll" "$*" >>"$OUT/collection.log"
  ( exec 7>&- 8>&- 9>&-; export WMPAYLOAD_MONGO_URI="$URI"
    "$JAVA" ${JVM_FLAGS[@]+"${JVM_FLAGS[@]}"} -cp "$CP" io.dbbench.payload.GoServiceCollection \
      --uri-from-env WMPAYLOAD_MONGO_URI --database "$DB" --collection "$coll" "$@" ) 2>&1 | scrub | tee -a "$OUT/collection.log"
  return "${PIPESTATUS[0]}"
}

json_string() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$s"; }
# The service's and the benchmark's config.json (the keys of server.go's Config), in the private directory.
write_config() { # FILE COLLECTION JSON_FILE
  (umask 077; cat >"$1" <<EOF
{
  "use_https": false,
  "port": $PORT,
  "cert_file": "",
  "key_file": "",
  "json_file": $(json_string "$3"),
  "mongo_uri": $(json_string "$URI"),
  "mongo_database": "$DB",
  "mongo_collection": "$2"
}
EOF
  )
}

# WMPayload's service on COLLECTION (restarted when the collection changes), ready when its port accepts.
go_service() { # COLLECTION
  [ "$GO_COLL" != "$1" ] || return 0
  stop_go_service
  write_config "$PRIV/service.json" "$1" ""
  echo "--- $(date -u +%H:%M:%S) service on $DB.$1" >>"$OUT/service.log"
  ( exec 7>&- 8>&- 9>&-; cd "$PRIV"; exec "$BIN/wmpayload" -config "$PRIV/service.json" ) > >(scrub >>"$OUT/service.log") 2>&1 &
  GO_PID=$!
  local i
  for i in $(seq 1 120); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then GO_COLL=$1; return 0; fi
    kill -0 "$GO_PID" 2>/dev/null || break
    sleep 0.25
  done
  sleep 0.5
  local last
  last=$(grep -v '^---' "$OUT/service.log" | tail -n 1 || true)
  GO_PID=""
  die "WMPayload's service did not start on port $PORT against the $BACKEND (${last:-no output}); see $OUT/service.log"
}

# A full garbage collection in the stand-in before a Go row, as every Java trial starts with (SharedServer.compactHeap).
compact_standin() {
  [ -n "$STANDIN_PID" ] || return 0
  "$(dirname "$JAVA")/jcmd" "$STANDIN_PID" GC.run >/dev/null 2>&1 || true
}

# The machine around a side: /proc/stat's aggregate cpu line, /proc/loadavg and the online CPUs, before and after.
snapshot() { # BLOCK SIDE WHAT PHASE
  [ -r /proc/stat ] && [ -r /proc/loadavg ] || return 0
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$(grep -m 1 '^cpu ' /proc/stat)" \
    "$(cat /proc/loadavg)" "$(nproc 2>/dev/null || echo 1)" >>"$OUT/machine.tsv"
}

FAILED=0
declare -A FIRST_ID
# One Go row: the benchmark for OP on DOC (search: with INDEX), its output in go/, its row in rows.tsv unless WARMUP.
go_row() { # BLOCK POSITION OP DOC INDEX [warmup]
  local block=$1 pos=$2 op=$3 doc=$4 index=$5 warm=${6:-} bench coll json="" log clients rc=0
  [ "$doc" = flat ] || json="$PRIV/reqmgr2.json"
  if [ "$op" = insert ]; then
    bench=BenchmarkInsert; coll=$INSERT_COLL; clients=1
    collection "$coll" drop >/dev/null || { FAILED=$((FAILED + 1)); return 0; }
  else
    bench=BenchmarkSearch; coll=$(search_coll "$doc"); clients=b.N
    local ix=$index
    [ "$ix" != id ] || ix=$GO_INDEX
    collection "$coll" index "$ix" >/dev/null || { FAILED=$((FAILED + 1)); return 0; }
  fi
  go_service "$coll"
  write_config "$PRIV/config.json" "$coll" "$json"
  if [ -n "$warm" ]; then log="$OUT/go/warmup-$op-$doc${index:+-$index}.txt"; else log="$OUT/go/$block-$op-$doc${index:+-$index}.txt"; fi
  echo "[wmpayload-vs-dbbench] ${warm:+warm-up, }block $block/$BLOCKS: Go $bench $doc${index:+ index=$index} against the $BACKEND"
  compact_standin
  ( exec 7>&- 8>&- 9>&-; cd "$PRIV"
    "$BIN/wmpayload.test" -test.run '^$' -test.bench "^$bench\$" -test.benchmem -test.benchtime "$BENCHTIME" -test.count 1
  ) 2>&1 | scrub >"$log" || rc=$?
  if [ "$rc" = 0 ] && ! grep -q ' ns/op' "$log"; then rc=1; fi
  if [ "$rc" != 0 ]; then
    FAILED=$((FAILED + 1))
    echo "wmpayload-vs-dbbench: Go $bench $doc $index failed in block $block; see $log:" >&2
    grep -E 'Error|error|FAIL|panic' "$log" | head -n 5 | sed 's/^/  /' >&2 || true
    return 0
  fi
  local row
  row=$(awk -v b="$block" -v p="$pos" -v op="$op" -v doc="$doc" -v ix="${index:--}" -v c="$clients" -v srv="$BACKEND" '
    /^Benchmark/ && / ns\/op/ {
      ns = ""; by = "-"; al = "-"; sr = "-"
      for (i = 3; i < NF; i++) {
        if ($(i + 1) == "ns/op") ns = $i
        if ($(i + 1) == "B/op") by = $i
        if ($(i + 1) == "allocs/op") al = $i
        if ($(i + 1) == "success_rate") sr = $i
      }
      printf "%s\t%s\tWMPayload Go\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t-\t%s\n", b, p, op, doc, ix, $1, c, $2, ns, by, al, sr, srv
    }' "$log")
  # What the benchmark does not check: that the inserts were stored, and that a search answers the document.
  local n
  n=$(cut -f 9 <<<"$row")
  if [ "$op" = insert ]; then
    if ! collection "$coll" count "$n" >>"$log"; then
      FAILED=$((FAILED + 1))
      echo "wmpayload-vs-dbbench: Go $bench $doc: the collection holds fewer documents than the last round's $n inserts" >&2
    fi
  else
    local id=${FIRST_ID[$doc]} answer
    answer=$(curl -sS --max-time 30 "http://127.0.0.1:$PORT/search?id=$id" 2>&1 || true)
    if [[ "$answer" != *"$id"* ]]; then
      FAILED=$((FAILED + 1))
      echo "wmpayload-vs-dbbench: Go search $doc index=$index: /search?id=$id did not answer the document: ${answer:0:200}" >&2
    fi
  fi
  [ -n "$warm" ] || printf '%s\n' "$row" >>"$OUT/rows.tsv"
}

# dbbench's rows for OP on DOC: one JMH run (a fork per param combination) of PayloadServiceBenchmark on the target.
java_rows() { # BLOCK POSITION OP DOC
  local block=$1 pos=$2 op=$3 doc=$4 json log
  json="$OUT/jmh/$block-$op-$doc.json"
  log="$OUT/jmh/$block-$op-$doc.txt"
  mkdir -p "$OUT/jmh"
  local args=(-p "doc=$doc" -p arrangement=outOfProcess -f 1 -wi 1 -w 1s -i "$JAVA_ITER" -r 1s -prof gc -rf json -rff "$json")
  if [ "$op" = insert ]; then
    args+=(-t 1) # the study's BenchmarkInsert: one client's sequential loop
  elif ((block % 2 == 1)); then
    args+=(-p "collectionSize=$SIZE" -p index=none,id)
  else
    args+=(-p "collectionSize=$SIZE" -p index=id,none)
  fi
  local shared_var="SHARED_ARGS_$op"
  [ -z "${!shared_var}" ] || args+=(-jvmArgsAppend "${!shared_var}")
  echo "[wmpayload-vs-dbbench] block $block/$BLOCKS: Java PayloadServiceBenchmark.$op $doc against the $BACKEND"
  # JMH runs one at a time on a machine (/tmp/jmh.lock): another run's lock is waited for, up to 30 minutes.
  local waited=0 rc
  while :; do
    rc=0
    ( exec 7>&- 8>&- 9>&-
      export DBBENCH_WARMUP_CAP="${DBBENCH_WARMUP_CAP:-40}" DBBENCH_WARMUP_WINDOW_MS="${DBBENCH_WARMUP_WINDOW_MS:-500}"
      "$JAVA" ${JVM_FLAGS[@]+"${JVM_FLAGS[@]}"} -jar target/benchmarks.jar "^io\.dbbench\.payload\.PayloadServiceBenchmark\.$op\$" \
        "${args[@]}" ) 2>&1 | scrub >"$log" || rc=$?
    if [ ! -s "$json" ] && grep -q 'Unable to acquire the JMH lock' "$log" && ((waited < 1800)); then
      ((waited > 0)) || echo "[wmpayload-vs-dbbench]   another JMH run holds /tmp/jmh.lock; waiting for it (at most 30 min)"
      sleep 15
      waited=$((waited + 15))
      continue
    fi
    break
  done
  ((waited == 0)) || echo "[wmpayload-vs-dbbench]   waited ${waited} s for /tmp/jmh.lock" | tee -a "$OUT/env.txt"
  if [ "$rc" != 0 ] && [ ! -s "$json" ]; then
    FAILED=$((FAILED + 1))
    echo "wmpayload-vs-dbbench: Java $op $doc failed in block $block; see $log" >&2
    if grep -q 'Unable to acquire the JMH lock' "$log"; then
      echo "  another JMH run held /tmp/jmh.lock for 30 minutes (JMH runs one at a time on a machine)" >&2
    fi
    return 0
  fi
  jq -r --arg b "$block" --arg p "$pos" --arg srv "$BACKEND" '.[] | [$b, $p, "dbbench Java",
      (.benchmark | split(".") | last), .params.doc, (.params.index // "-"), (.benchmark | split(".") | last),
      (.threads | tostring), ([.primaryMetric.rawData[][]] | length),
      (.primaryMetric.score * (if .primaryMetric.scoreUnit == "us/op" then 1e3 elif .primaryMetric.scoreUnit == "ms/op" then 1e6 else 1 end) | round),
      ((.secondaryMetrics["gc.alloc.rate.norm"] // .secondaryMetrics["·gc.alloc.rate.norm"]).score // null
        | if . == null then "-" else round end), "-",
      ((.secondaryMetrics.ok.score // 0) as $ok | (.secondaryMetrics.failed.score // 0) as $f
        | if $ok + $f > 0 then ($ok / ($ok + $f) * 1000 | round / 1000) else "-" end),
      (.secondaryMetrics.warmup_steady.score // null | if . == null then "-" else round end), $srv] | map(tostring) | @tsv' \
    "$json" >>"$OUT/rows.tsv"
}

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

printf 'block\tposition\tside\toperation\tdoc\tindex\tbenchmark\tclients\titerations\tns_per_op\tbytes_per_op\tallocs_per_op\tsuccess_rate\twarmup_steady\tserver\n' \
  >"$OUT/rows.tsv"
printf 'block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus\n' >"$OUT/machine.tsv"

for doc in "${DOC_LIST[@]}"; do
  # The search collection, as the study's was filled before its search runs; then one unrecorded pass of every Go row.
  if [[ ",$OPS," == *,search,* ]]; then
    echo "[wmpayload-vs-dbbench] seeding $SIZE $doc documents for the Go searches"
    collection "$(search_coll "$doc")" seed "$doc" "$SIZE" >/dev/null || die "seeding the Go search collection failed; see $OUT/collection.log"
    FIRST_ID[$doc]=$(collection "$(search_coll "$doc")" first-id) || die "the seeded collection has no first id; see $OUT/collection.log"
  fi
  for op in "${OP_LIST[@]}"; do
    if [ "$op" = insert ]; then go_row 0 0 insert "$doc" "" warmup; else go_row 0 0 search "$doc" none warmup; fi
  done
  for ((block = 1; block <= BLOCKS; block++)); do
    if ((block % 2 == 1)); then SIDES=(Go Java); INDEXES=(none id); else SIDES=(Java Go); INDEXES=(id none); fi
    [ "$JAVA_ROWS" = 1 ] || SIDES=(Go)
    pos=0
    for side in "${SIDES[@]}"; do
      for op in "${OP_LIST[@]}"; do
        snapshot "$block" "$side" "$op $doc" before
        if [ "$side" = Java ]; then
          pos=$((pos + 1)); java_rows "$block" "$pos" "$op" "$doc"
        elif [ "$op" = insert ]; then
          pos=$((pos + 1)); go_row "$block" "$pos" insert "$doc" ""
        else
          for index in "${INDEXES[@]}"; do pos=$((pos + 1)); go_row "$block" "$pos" search "$doc" "$index"; done
        fi
        snapshot "$block" "$side" "$op $doc" after
      done
    done
  done
  # The stand-in holds every collection in its heap: the next document's seeds need the room.
  if [[ ",$OPS," == *,search,* ]]; then collection "$(search_coll "$doc")" drop >/dev/null || true; fi
done
stop_go_service
if [[ ",$OPS," == *,insert,* ]]; then collection "$INSERT_COLL" drop >/dev/null || true; fi

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
  echo "wmpayload-vs-dbbench: $FAILED run(s) or check(s) failed; their output is in $OUT/go/ and $OUT/jmh/" >&2
  exit 1
fi

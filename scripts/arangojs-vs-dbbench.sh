#!/usr/bin/env bash
# The pool study's own client, arangojs 8.3.0 on Node, on the same server as dbbench's ArangoDB pool rows:
#   studies/arangojs/pool-queries.js runs the study's form ("ArangoDB client side benchmarking"): ITERATIONS point
#   queries FOR doc IN dbbench_tx FILTER doc.EndToEndId == @id RETURN doc with a random UUID each, cache: false,
#   all issued at once, only the queries timed, each point run --runs times (the study: 3, averaged); connection
#   types default (arangojs 8.3.0's own agent settings: maxSockets 3), 10 and 100 (agentOptions: { maxSockets }),
#   http (plain HTTP through Node's http.globalAgent, the study's "HTTP Default"); a run with a failed query is DNF,
#   its failures counted per cause.
# arangojs 8.3.0 (exactly, studies/arangojs/package.json) is installed at run time with npm into a cache outside the
# repository: DBBENCH_ARANGOJS_CACHE, default ${XDG_CACHE_HOME:-$HOME/.cache}/dbbench/arangojs-8.3.0 (npm's own
# registry configuration; nothing is installed into the repository).
# Server: dbbench's ArangoDB stand-in (not ArangoDB), started here in its own JVM on a free port, with --model-ms of
# modelled server time per point query (a model, not ArangoDB: each query holds a stand-in worker that long without
# CPU, so queries in flight overlap as on the study's server; 0 = real scans, CPU-bound on this machine's cores);
# DBBENCH_ARANGO_ENDPOINTS (http(s)://host:port) for a running ArangoDB, with DBBENCH_ARANGO_AUTH
# (basic:user:password), given to the clients through the environment only and scrubbed from every file written.
# The collection dbbench_tx (database dbbench) is seeded once with --documents of dbbench's PoolDocuments (as the Java
# rows' PoolFixture seeds it: a collection already holding them is reused), no index on EndToEndId, and the server's
# query cache set to mode off (io.dbbench.arango.pool.PoolSeed).
# Usage: scripts/arangojs-vs-dbbench.sh [--blocks 1] [--iterations 500,1000,5000,10000]
#          [--connections default,10,100,http] [--runs 3] [--model-ms 20] [--documents 200000] [--java] [--out DIR]
#   --blocks: blocks; each runs every point of each side once (sides alternate: arangojs then Java, then Java then
#     arangojs; the arangojs points' connection order alternates too);
#   --iterations: queries per point; --connections: which connection types; --runs: runs per point and block;
#   --model-ms: the stand-in's modelled server time per point query in ms, 0 to 10000 (default 20 on the stand-in;
#     must be 0 with DBBENCH_ARANGO_ENDPOINTS); --documents: documents in the collection (default the study's 200000);
#   --java: in every block also dbbench's rows (io.dbbench.arango.ArangoPoolBenchmark.query, one JMH fork per point
#     with 1 warm-up shot and --runs measured shots, index=none, the matching connection: default driver_http1_3,
#     10 driver_http1_10, 100 driver_http1_100, http raw_http) on the same server (the stand-in shared through
#     -Ddbbench.shared.arango-stand-in; each fork's warm-up to a steady server is capped at DBBENCH_WARMUP_CAP
#     seconds, default 5 here: the shared stand-in is warm from the sides before, and with modelled server time
#     its CPU per query is too small to read as steady, so the family's 30 s cap would be spent in every fork);
#     needs target/benchmarks.jar;
#   --out: the results directory (default results/arangojs-vs-dbbench-<UTC>).
# Output in the results directory: rows.tsv (one row per run: block, side, client, connection, iterations, ms, dnf
# and the failures per cause, the server's label), machine.tsv (/proc/stat's cpu line and /proc/loadavg before and
# after every side of every block), summary.md and summary.json (io.dbbench.arango.pool.ArangojsSideBySide: medians
# over blocks beside the study's table, DNF shown as DNF, the speed-ups maxSockets 3 -> 10, 100 and plain HTTP with
# 95% intervals over blocks, the study's 4.64x at 500 queries judged, arangojs against dbbench's Java rows per
# point), node/<block>-<connection>-<iterations>.txt (the client's own lines), jmh/ (JMH's JSON and output),
# collection.json (the documents' seed and checksum), install.log, env.txt, and for the stand-in standin.log.
# Needs node 18+ and npm, and target/benchmarks.jar (./mvnw -DskipTests package; it holds the stand-in, the seeding
# and the analysis) or DBBENCH_STANDIN_CLASSPATH.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
ME=arangojs-vs-dbbench
BLOCKS=1
ITERATIONS=500,1000,5000,10000
CONNECTIONS=default,10,100,http
RUNS=3
MODEL_MS=""
DOCUMENTS=200000
OUT=""
JAVA_ROWS=0
WARMUP_CAP="${DBBENCH_WARMUP_CAP:-5}"
while [ $# -gt 0 ]; do
  case "$1" in
    --blocks|--iterations|--connections|--runs|--model-ms|--documents|--out)
      [ $# -ge 2 ] || { echo "$ME: $1 needs a value (--blocks N, --iterations 500,1000,5000,10000," \
        "--connections default,10,100,http, --runs N, --model-ms MS, --documents N, --out DIR)" >&2; exit 2; }
      case "$1" in
        --blocks) BLOCKS=$2 ;;
        --iterations) ITERATIONS=$2 ;;
        --connections) CONNECTIONS=$2 ;;
        --runs) RUNS=$2 ;;
        --model-ms) MODEL_MS=$2 ;;
        --documents) DOCUMENTS=$2 ;;
        --out) OUT=$2 ;;
      esac
      shift 2 ;;
    --java) JAVA_ROWS=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "$ME: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
whole() { [[ "$1" =~ ^[1-9][0-9]*$ ]] && [ "${#1}" -le 9 ]; }
whole "$BLOCKS" || { echo "$ME: --blocks '$BLOCKS': expected a whole number of at least 1" >&2; exit 2; }
whole "$RUNS" || { echo "$ME: --runs '$RUNS': expected a whole number of at least 1" >&2; exit 2; }
whole "$DOCUMENTS" || { echo "$ME: --documents '$DOCUMENTS': expected a whole number of at least 1" >&2; exit 2; }
whole "$WARMUP_CAP" || { echo "$ME: DBBENCH_WARMUP_CAP '$WARMUP_CAP': expected a whole number of seconds of at least 1" >&2; exit 2; }
IFS=, read -r -a ITER_LIST <<<"$ITERATIONS"
[ ${#ITER_LIST[@]} -gt 0 ] || { echo "$ME: --iterations '$ITERATIONS': expected a comma-separated list of query counts (500,1000)" >&2; exit 2; }
for n in "${ITER_LIST[@]}"; do
  whole "$n" || { echo "$ME: --iterations '$ITERATIONS': '$n' is not a whole number of at least 1" >&2; exit 2; }
done
IFS=, read -r -a CONN_LIST <<<"$CONNECTIONS"
[ ${#CONN_LIST[@]} -gt 0 ] || { echo "$ME: --connections '$CONNECTIONS': expected a comma-separated list of default, 10, 100, http" >&2; exit 2; }
for c in "${CONN_LIST[@]}"; do
  case "$c" in
    default|10|100|http) ;;
    *) echo "$ME: --connections '$CONNECTIONS': '$c' is not default, 10, 100 or http" >&2; exit 2 ;;
  esac
done
ENDPOINTS="${DBBENCH_ARANGO_ENDPOINTS:-${TEST_ENDPOINTS_OVERRIDE:-}}"
if [ -n "$MODEL_MS" ]; then
  [[ "$MODEL_MS" =~ ^(0|[1-9][0-9]{0,3}|10000)$ ]] || {
    echo "$ME: --model-ms '$MODEL_MS': expected a whole number of milliseconds from 0 to 10000" >&2; exit 2; }
  [ -z "$ENDPOINTS" ] || [ "$MODEL_MS" = 0 ] || {
    echo "$ME: --model-ms $MODEL_MS models the stand-in's server time; with DBBENCH_ARANGO_ENDPOINTS the server is real: give --model-ms 0 or leave it out" >&2; exit 2; }
elif [ -n "$ENDPOINTS" ]; then
  MODEL_MS=0
else
  MODEL_MS=20
fi
[ -n "${DBBENCH_STANDIN_CLASSPATH:-}" ] || [ -s target/benchmarks.jar ] || {
  echo "$ME: target/benchmarks.jar missing; run ./mvnw -DskipTests package (it holds the stand-in, the seeding and the analysis)" >&2; exit 2; }
command -v node >/dev/null 2>&1 || { echo "$ME: node not found; install Node.js 18 or newer with npm (nodejs.org or the distribution's nodejs and npm)" >&2; exit 2; }
command -v npm >/dev/null 2>&1 || { echo "$ME: npm not found; install npm (it comes with Node.js; the distribution's npm package)" >&2; exit 2; }
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$NODE_MAJOR" -ge 18 ] 2>/dev/null || { echo "$ME: node $(node --version 2>/dev/null || echo '?') found; expected Node.js 18 or newer" >&2; exit 2; }

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
[ -n "$OUT" ] || OUT="results/arangojs-vs-dbbench-$STAMP"
mkdir -p "$OUT/node"
OUT=$(cd -- "$OUT" && pwd)

# The password of DBBENCH_ARANGO_AUTH (basic:user:password), scrubbed from everything written below by bash's own
# string replacement (no child process sees it on a command line).
SECRET=""
scrub() {
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    if [ -n "$SECRET" ]; then line=${line//"$SECRET"/'****'}; fi
    printf '%s\n' "$line"
  done
}

# arangojs 8.3.0 into the cache, outside the repository; reused when it already holds exactly that version.
CACHE="${DBBENCH_ARANGOJS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dbbench/arangojs-8.3.0}"
mkdir -p "$CACHE"
installed() { node -p "require(process.argv[1] + '/node_modules/arangojs/package.json').version" "$CACHE" 2>/dev/null || true; }
if [ "$(installed)" != 8.3.0 ] || ! cmp -s studies/arangojs/package.json "$CACHE/package.json"; then
  echo "[$ME] installing arangojs 8.3.0 with npm into $CACHE"
  cp studies/arangojs/package.json "$CACHE/package.json"
  if ! (cd "$CACHE" && npm --version && npm install --omit=dev --no-audit --no-fund) >"$OUT/install.log" 2>&1; then
    echo "$ME: npm could not install arangojs 8.3.0 into $CACHE; see $OUT/install.log" >&2
    exit 2
  fi
else
  echo "arangojs 8.3.0 already in $CACHE" >"$OUT/install.log"
fi
[ "$(installed)" = 8.3.0 ] || { echo "$ME: $CACHE holds arangojs '$(installed)', expected 8.3.0; see $OUT/install.log" >&2; exit 2; }
(cd "$CACHE" && npm ls --all 2>/dev/null | sed 1d) >"$OUT/npm-ls.txt" || true

STANDIN_PID=""
STANDIN_FIFO=""
stop_standin() {
  if [ -n "$STANDIN_PID" ]; then
    exec 9>&- || true # the stand-in stops when its standard input closes (--stop-on-stdin-eof)
    local i
    for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$STANDIN_PID" 2>/dev/null || break; sleep 0.5; done
    kill "$STANDIN_PID" 2>/dev/null || true
    wait "$STANDIN_PID" 2>/dev/null || true
    STANDIN_PID=""
  fi
  [ -z "$STANDIN_FIFO" ] || rm -f "$STANDIN_FIFO"
}
trap stop_standin EXIT

. scripts/java.sh
dbbench_java "$ME"
CP="${DBBENCH_STANDIN_CLASSPATH:-target/benchmarks.jar}"
AUTH="${DBBENCH_ARANGO_AUTH:-${TEST_AUTHENTICATION:-}}"
STANDIN_LINE=""
SHARED_PROP=""
if [ -n "$ENDPOINTS" ]; then
  case "$ENDPOINTS" in
    *,*) echo "$ME: DBBENCH_ARANGO_ENDPOINTS '$ENDPOINTS': give one endpoint (the study's client reaches one server)" >&2; exit 2 ;;
  esac
  BACKEND="ArangoDB at $ENDPOINTS (DBBENCH_ARANGO_ENDPOINTS)"
  if [ -n "$AUTH" ]; then
    case "$AUTH" in
      basic:*:*) SECRET=${AUTH#*:}; SECRET=${SECRET#*:} ;;
      *) echo "$ME: DBBENCH_ARANGO_AUTH: expected basic:user:password" >&2; exit 2 ;;
    esac
  fi
else
  AUTH=""
  # The stand-in's arguments as the Java rows' fixture would start it (ArangoTarget.standInArguments and
  # PoolSettings.standInArgs, in that order): the shared server's key, which a fork must match to use it.
  STANDIN_ARGS=()
  [ -z "${DBBENCH_ARANGO_STANDIN_THREADS:-}" ] || STANDIN_ARGS+=(--server.maximal-threads "$DBBENCH_ARANGO_STANDIN_THREADS")
  [ -z "${DBBENCH_ARANGO_STANDIN_QUEUE:-}" ] || STANDIN_ARGS+=(--server.maximal-queue-size "$DBBENCH_ARANGO_STANDIN_QUEUE")
  [ "$MODEL_MS" = 0 ] || STANDIN_ARGS+=(--model-query-ms "$MODEL_MS")
  KEY=$(IFS=,; echo "${STANDIN_ARGS[*]}")
  STANDIN_FIFO="$OUT/.standin-stdin"
  rm -f "$STANDIN_FIFO"
  mkfifo "$STANDIN_FIFO"
  # Its own JVM with the heap the arango family gives it (ArangoTarget.STANDIN_HEAP); standard input held open here,
  # closed on exit.
  "$JAVA" -Xms1g -Xmx1g -XX:+UseParallelGC -cp "$CP" io.dbbench.arango.standin.ArangoStandIn --port 0 \
    "${STANDIN_ARGS[@]}" --stop-on-stdin-eof <"$STANDIN_FIFO" >"$OUT/standin.log" 2>&1 &
  STANDIN_PID=$!
  exec 9>"$STANDIN_FIFO"
  for _ in $(seq 1 120); do
    STANDIN_LINE=$(grep -m 1 'listening on http://' "$OUT/standin.log" || true)
    [ -z "$STANDIN_LINE" ] || break
    kill -0 "$STANDIN_PID" 2>/dev/null || break
    sleep 0.5
  done
  [ -n "$STANDIN_LINE" ] || { echo "$ME: the stand-in did not start; see $OUT/standin.log" >&2; exit 2; }
  ENDPOINTS=$(sed -n 's/.*listening on \(http:\/\/[^ ]*\).*/\1/p' <<<"$STANDIN_LINE")
  SHARED_PROP="-Ddbbench.shared.arango-stand-in=${ENDPOINTS#http://};$STANDIN_PID;$KEY"
  if [ "$MODEL_MS" = 0 ]; then
    BACKEND="dbbench ArangoDB stand-in (not ArangoDB)"
  else
    BACKEND="dbbench ArangoDB stand-in with modelled $MODEL_MS ms server time per point query (a model, not ArangoDB)"
  fi
fi

# The collection, as the Java rows' fixture prepares it (PoolFixture: seeded documents, no index on EndToEndId,
# query cache off), once; the forks below find it and reuse it.
echo "[$ME] preparing dbbench_tx with $DOCUMENTS documents on the $BACKEND"
SEED_ARGS=()
[ -z "$SHARED_PROP" ] || SEED_ARGS=("$SHARED_PROP")
if ! ( exec 9>&-
    if [ -n "$STANDIN_PID" ]; then unset DBBENCH_ARANGO_ENDPOINTS TEST_ENDPOINTS_OVERRIDE; fi
    "$JAVA" "${SEED_ARGS[@]}" -cp "$CP" io.dbbench.arango.pool.PoolSeed --documents "$DOCUMENTS" --model-ms "$MODEL_MS" \
      --out "$OUT/collection.json" ) 2>&1 | scrub >"$OUT/seed.log"; then
  echo "$ME: preparing the collection failed; see $OUT/seed.log" >&2
  exit 2
fi
grep -q '"documents"' "$OUT/collection.json" 2>/dev/null || { echo "$ME: preparing the collection failed; see $OUT/seed.log" >&2; exit 2; }

{
  echo "date: $STAMP"
  echo "command: scripts/$ME.sh --blocks $BLOCKS --iterations $ITERATIONS --connections $CONNECTIONS --runs $RUNS" \
    "--model-ms $MODEL_MS --documents $DOCUMENTS$([ "$JAVA_ROWS" = 0 ] || echo " --java")"
  echo "dbbench commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "node: $(node --version); npm: $(npm --version 2>/dev/null || echo unknown)"
  echo "arangojs: $(installed) (cache $CACHE; the installed tree in npm-ls.txt)"
  echo "server: $BACKEND"
  [ -z "$STANDIN_LINE" ] || echo "stand-in: $STANDIN_LINE"
  echo "cores: $(nproc 2>/dev/null || echo unknown); kernel: $(uname -sr)"
  echo "work: $DOCUMENTS documents of dbbench's PoolDocuments in dbbench_tx (collection.json), no index on EndToEndId,"
  echo "  query cache off; arangojs: a random UUID per query (the study's; they match nothing), Java rows: seeded ids,"
  echo "  10% of them matching nothing (PoolIds)"
  [ "$JAVA_ROWS" = 0 ] || echo "java rows: ArangoPoolBenchmark.query, -f 1 -wi 1 -i $RUNS per point, index=none, warm-up cap $WARMUP_CAP s (DBBENCH_WARMUP_CAP)"
} | scrub >"$OUT/env.txt"

# The blocks: io.dbbench.PairedMain arangojs runs the arangojs side (every point a node process of its own, the
# connections' order alternating with the block) and with --java dbbench's side (ArangoPoolBenchmark.query, one JMH
# fork per point) in paired blocks (arangojs then java, then java then arangojs), writes rows.tsv and machine.tsv
# (the machine around every side with its own processes' CPU: the clients and the stand-in), and scrubs the
# password, which it takes from DBBENCH_ARANGO_AUTH in its environment (never a command line), from every file.
FAILED=0
JAVA_OPTS=()
[ "$JAVA_ROWS" = 0 ] || JAVA_OPTS=(--java --jar target/benchmarks.jar --warmup-cap "$WARMUP_CAP")
[ -z "$STANDIN_PID" ] || JAVA_OPTS+=(--standin-pid "$STANDIN_PID")
[ -z "$SHARED_PROP" ] || JAVA_OPTS+=(--shared "$SHARED_PROP")
rc=0
( exec 9>&-
  if [ -n "$STANDIN_PID" ]; then unset DBBENCH_ARANGO_ENDPOINTS TEST_ENDPOINTS_OVERRIDE; fi
  if [ -n "$AUTH" ]; then export DBBENCH_ARANGO_AUTH="$AUTH"; else unset DBBENCH_ARANGO_AUTH; fi
  exec "$JAVA" -cp "$CP" io.dbbench.PairedMain arangojs --out "$OUT" --modules "$CACHE" --endpoints "$ENDPOINTS" \
    --server "$BACKEND" --blocks "$BLOCKS" --iterations "$ITERATIONS" --connections "$CONNECTIONS" --runs "$RUNS" \
    --model-ms "$MODEL_MS" --documents "$DOCUMENTS" ${JAVA_OPTS[@]+"${JAVA_OPTS[@]}"} ) || rc=$?
case "$rc" in
  0) ;;
  1) FAILED=1 ;;
  *) echo "$ME: the blocks could not run (exit $rc)" >&2; exit 2 ;;
esac

if [ -n "$STANDIN_PID" ]; then
  curl -sS --max-time 10 "$ENDPOINTS/_dbbench/stats" >"$OUT/standin-stats.json" 2>/dev/null || true
fi

SUMMARY=0
"$JAVA" -cp "$CP" io.dbbench.arango.pool.ArangojsSideBySide --analyze "$OUT" >"$OUT/analyze.log" 2>&1 || SUMMARY=$?
echo "[$ME] rows on the $BACKEND$([ -z "$STANDIN_PID" ] || echo ' (its timings are not ArangoDB'"'"'s)'):"
column -t -s $'\t' "$OUT/rows.tsv" 2>/dev/null || cat "$OUT/rows.tsv"
echo
if [ "$SUMMARY" = 0 ]; then
  cat "$OUT/summary.md"
else
  echo "$ME: the summary failed (exit $SUMMARY); see $OUT/analyze.log" >&2
  FAILED=$((FAILED + 1))
fi
echo "[$ME] results in $OUT"
if [ "$FAILED" -gt 0 ]; then
  echo "$ME: a run failed (named above); the output is in $OUT/node/ and $OUT/jmh/" >&2
  exit 1
fi

#!/usr/bin/env bash
# The ArangoDB Go driver's own benchmark suites, unchanged, on the same server as dbbench's arango rows:
#   V1: github.com/arangodb/go-driver v1.6.9, test/benchmarks_test.go (HTTP/1.1, JSON)
#   V2: github.com/arangodb/go-driver/v2 v2.4.1, v2/tests/benchmarks_test.go (HTTP/2 cleartext, JSON)
# the code behind the Go study's table (go-driver v2/BENCHMARKS.md). studies/go-driver/ is a Go module of a
# go.mod, a go.sum and one file of blank imports that pins both versions; this script builds the two packages'
# own test binaries from the module cache (go test -c PACKAGE; no go-driver source is in the repository) into
# target/go-driver/, and runs their 100,000-document benchmarks with -test.run '^$' -test.bench ... -test.benchmem,
# in blocks that alternate which suite goes first (V1 V2, then V2 V1, ...): dbbench's paired runner
# (io.dbbench.PairedMain go-driver) runs the blocks.
# Server: dbbench's ArangoDB stand-in (not ArangoDB), started here in its own JVM on a free port, by default;
# DBBENCH_ARANGO_ENDPOINTS (comma-separated http(s)://host:port) for a running ArangoDB, with DBBENCH_ARANGO_AUTH
# (basic:user:password, the Go tests' own form). They reach the tests as TEST_ENDPOINTS and TEST_AUTHENTICATION
# in the environment, never on a command line; the password is scrubbed from every file written here.
# V1 runs with TEST_MODE=single (no cluster endpoint sync). The database names are the suites' own
# (bench_db_v1, bench_db_v2); each benchmark truncates its collection first.
# Usage: scripts/go-driver-vs-dbbench.sh [--ops insert,read,update,delete] [--blocks 1] [--benchtime 1s]
#          [--out DIR] [--java [--java-shots 3]]
#   --ops: which of the four operations (default all four); --blocks: blocks of V1 and V2 per operation;
#   --benchtime: go test's -test.benchtime (1s: go's own default, as the study ran; 1x: one iteration, a smoke);
#   --out: the results directory (default results/go-driver-vs-dbbench-<UTC>);
#   --java: in every block also dbbench's Java driver rows (io.dbbench.arango.ArangoBulkBenchmark, client=driver,
#     HTTP_JSON and HTTP2_JSON, docs=100000; read also runs readByKeys, V2's read) in one JMH fork on the same server
#     (the stand-in shared through -Ddbbench.shared.arango-stand-in), --java-shots measured shots after 1 warm-up
#     shot; a block runs V1 V2 Java, the next Java V2 V1. Needs target/benchmarks.jar.
# Output in the results directory: rows.tsv (one row per block, suite and operation: ns/op, B/op, allocs/op, the
# server's label), machine.tsv (/proc/stat's cpu line and /proc/loadavg before and after every side, and the CPU
# seconds of the side's own processes: its client with its children and the stand-in),
# summary.md and summary.json (io.dbbench.arango.bulk.GoDriverSideBySide: medians over blocks beside the Go study's
# table, every V1 -> V2 and Java HTTP/1.1 -> HTTP/2 change with its 95% interval over blocks, the study's question
# judged, the machine around every side; needs target/benchmarks.jar or DBBENCH_STANDIN_CLASSPATH),
# go/<block>-<suite>-<op>.txt (go test's own output), build.log, env.txt, and for the stand-in
# standin.log and standin-requests.json (what the suites sent, with the stand-in's status codes).
# Needs go 1.25+ (modules from the Go module proxy configured in go env on first build) and, for the stand-in,
# target/benchmarks.jar (./mvnw -DskipTests package) or DBBENCH_STANDIN_CLASSPATH.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OPS=insert,read,update,delete
BLOCKS=1
BENCHTIME=1s
OUT=""
JAVA_ROWS=0
JAVA_SHOTS=3
while [ $# -gt 0 ]; do
  case "$1" in
    --ops|--blocks|--benchtime|--out|--java-shots)
      [ $# -ge 2 ] || { echo "go-driver-vs-dbbench: $1 needs a value (--ops insert,read,update,delete, --blocks N," \
        "--benchtime 1s|Nx, --out DIR, --java-shots N)" >&2; exit 2; }
      case "$1" in
        --ops) OPS=$2 ;;
        --blocks) BLOCKS=$2 ;;
        --benchtime) BENCHTIME=$2 ;;
        --out) OUT=$2 ;;
        --java-shots) JAVA_SHOTS=$2 ;;
      esac
      shift 2 ;;
    --java) JAVA_ROWS=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "go-driver-vs-dbbench: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a OP_LIST <<<"$OPS"
[ ${#OP_LIST[@]} -gt 0 ] || { echo "go-driver-vs-dbbench: --ops '$OPS': expected a comma-separated list of insert, read, update, delete" >&2; exit 2; }
for op in "${OP_LIST[@]}"; do
  case "$op" in
    insert|read|update|delete) ;;
    *) echo "go-driver-vs-dbbench: --ops '$OPS': '$op' is not insert, read, update or delete" >&2; exit 2 ;;
  esac
done
[[ "$BLOCKS" =~ ^[1-9][0-9]*$ ]] || { echo "go-driver-vs-dbbench: --blocks '$BLOCKS': expected a whole number of at least 1" >&2; exit 2; }
[[ "$BENCHTIME" =~ ^([0-9]+x|[0-9]+(\.[0-9]+)?(ns|us|ms|s|m))$ ]] || {
  echo "go-driver-vs-dbbench: --benchtime '$BENCHTIME': expected go test's form, a duration (1s, 500ms) or a count (1x, 5x)" >&2; exit 2; }
[[ "$JAVA_SHOTS" =~ ^[1-9][0-9]*$ ]] || { echo "go-driver-vs-dbbench: --java-shots '$JAVA_SHOTS': expected a whole number of at least 1" >&2; exit 2; }
if [ "$JAVA_ROWS" = 1 ]; then
  [ -s target/benchmarks.jar ] || { echo "go-driver-vs-dbbench: --java needs target/benchmarks.jar; run ./mvnw -DskipTests package" >&2; exit 2; }
fi
command -v go >/dev/null 2>&1 || { echo "go-driver-vs-dbbench: go not found; install Go 1.25 or newer (go.dev/dl or the distribution's golang)" >&2; exit 2; }

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
[ -n "$OUT" ] || OUT="results/go-driver-vs-dbbench-$STAMP"
mkdir -p "$OUT/go"
OUT=$(cd -- "$OUT" && pwd)
BIN="$ROOT/target/go-driver"
mkdir -p "$BIN"

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

echo "[go-driver-vs-dbbench] building go-driver's test binaries (studies/go-driver) into target/go-driver/"
if ! (cd studies/go-driver && go version && go list -m github.com/arangodb/go-driver github.com/arangodb/go-driver/v2 \
    && go test -c -o "$BIN/v1.test" github.com/arangodb/go-driver/test \
    && go test -c -o "$BIN/v2.test" github.com/arangodb/go-driver/v2/tests) >"$OUT/build.log" 2>&1; then
  echo "go-driver-vs-dbbench: the build failed; see $OUT/build.log" >&2
  exit 2
fi
MODULES=$(grep '^github.com/arangodb/go-driver' "$OUT/build.log" | tr '\n' ';' | sed 's/;$//')

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

ENDPOINTS="${DBBENCH_ARANGO_ENDPOINTS:-${TEST_ENDPOINTS_OVERRIDE:-}}"
. scripts/java.sh
dbbench_java go-driver-vs-dbbench
CP="${DBBENCH_STANDIN_CLASSPATH:-target/benchmarks.jar}"
AUTH="${DBBENCH_ARANGO_AUTH:-${TEST_AUTHENTICATION:-}}"
STANDIN_LINE=""
if [ -n "$ENDPOINTS" ]; then
  BACKEND="ArangoDB at $ENDPOINTS (DBBENCH_ARANGO_ENDPOINTS)"
  if [ -n "$AUTH" ]; then
    case "$AUTH" in
      basic:*:*|jwt:*:*) SECRET=${AUTH#*:}; SECRET=${SECRET#*:} ;;
      *) echo "go-driver-vs-dbbench: DBBENCH_ARANGO_AUTH: expected basic:user:password (the Go tests' form)" >&2; exit 2 ;;
    esac
  fi
else
  [ -n "${DBBENCH_STANDIN_CLASSPATH:-}" ] || [ -s target/benchmarks.jar ] || {
    echo "go-driver-vs-dbbench: target/benchmarks.jar missing; run ./mvnw -DskipTests package (it holds the stand-in)," \
      "or set DBBENCH_ARANGO_ENDPOINTS to a running ArangoDB" >&2; exit 2; }
  AUTH=""
  STANDIN_FIFO="$OUT/.standin-stdin"
  rm -f "$STANDIN_FIFO"
  mkfifo "$STANDIN_FIFO"
  # Its own JVM with the heap the arango family gives it (ArangoTarget.STANDIN_HEAP), so the Go rows meet the
  # stand-in the Java rows meet; standard input held open here, closed on exit.
  "$JAVA" -Xms1g -Xmx1g -XX:+UseParallelGC -cp "$CP" io.dbbench.arango.standin.ArangoStandIn --port 0 \
    --stop-on-stdin-eof <"$STANDIN_FIFO" >"$OUT/standin.log" 2>&1 &
  STANDIN_PID=$!
  exec 9>"$STANDIN_FIFO"
  for _ in $(seq 1 120); do
    STANDIN_LINE=$(grep -m 1 'listening on http://' "$OUT/standin.log" || true)
    [ -z "$STANDIN_LINE" ] || break
    kill -0 "$STANDIN_PID" 2>/dev/null || break
    sleep 0.5
  done
  [ -n "$STANDIN_LINE" ] || { echo "go-driver-vs-dbbench: the stand-in did not start; see $OUT/standin.log" >&2; exit 2; }
  ENDPOINTS=$(sed -n 's/.*listening on \(http:\/\/[^ ]*\).*/\1/p' <<<"$STANDIN_LINE")
  BACKEND="dbbench ArangoDB stand-in (not ArangoDB)"
fi

{
  echo "date: $STAMP"
  echo "command: scripts/go-driver-vs-dbbench.sh --ops $OPS --blocks $BLOCKS --benchtime $BENCHTIME$([ "$JAVA_ROWS" = 0 ] || echo " --java --java-shots $JAVA_SHOTS")"
  echo "dbbench commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "go: $(sed -n 's/^go version //p' "$OUT/build.log")"
  echo "modules: $MODULES"
  echo "server: $BACKEND"
  [ -z "$STANDIN_LINE" ] || echo "stand-in: $STANDIN_LINE"
  echo "cores: $(nproc 2>/dev/null || echo unknown); kernel: $(uname -sr)"
  echo "V1: TEST_MODE=single, HTTP/1.1 JSON (go-driver's http.NewConnection); V2: HTTP/2 cleartext JSON (connection.NewHttp2Connection)"
  echo "work: 100,000 documents {_key:doc_<i>, name:<i>, value:i} per operation, as the suites define them; V1's read is an"
  echo "  AQL cursor (FOR d IN c RETURN d), V2's a multi-document read by keys; both deletes re-insert inside the timing"
} | scrub >"$OUT/env.txt"

# The blocks: io.dbbench.PairedMain go-driver runs V1, V2 (and Java) in paired blocks (V1 V2 Java, then Java V2 V1, ...),
# writes rows.tsv and machine.tsv (the machine around every side with its own processes' CPU), and scrubs the
# password, which it takes from DBBENCH_ARANGO_AUTH in its environment (never a command line), from every file.
FAILED=0
JAVA_OPTS=()
[ "$JAVA_ROWS" = 0 ] || JAVA_OPTS=(--java --java-shots "$JAVA_SHOTS" --jar target/benchmarks.jar)
[ -z "$STANDIN_PID" ] || JAVA_OPTS+=(--standin-pid "$STANDIN_PID")
rc=0
( exec 9>&-; unset TEST_AUTHENTICATION; export DBBENCH_ARANGO_AUTH="$AUTH"; exec "$JAVA" -cp "$CP" io.dbbench.PairedMain go-driver \
    --out "$OUT" --bin "$BIN" --endpoints "$ENDPOINTS" --server "$BACKEND" --ops "$OPS" --blocks "$BLOCKS" \
    --benchtime "$BENCHTIME" ${JAVA_OPTS[@]+"${JAVA_OPTS[@]}"} ) || rc=$?
case "$rc" in
  0) ;;
  1) FAILED=1 ;;
  *) echo "go-driver-vs-dbbench: the blocks could not run (exit $rc)" >&2; exit 2 ;;
esac

if [ -n "$STANDIN_PID" ]; then
  curl -sS --max-time 10 "$ENDPOINTS/_dbbench/requests" >"$OUT/standin-requests.json" 2>/dev/null || true
  # What the stand-in does not answer as arangod would: its own messages for a route or a form it lacks, as the
  # suites' errors quote them.
  GAPS=$(grep -ho "unknown path '[^']*'\|method not supported[^\"]*\|the dbbench ArangoDB stand-in (not ArangoDB)[^\"]*" \
    "$OUT"/go/*.txt 2>/dev/null | sort -u || true)
  if [ -n "$GAPS" ]; then
    echo "[go-driver-vs-dbbench] the stand-in lacks what these requests needed (docs/arango.md):"
    sed 's/^/  /' <<<"$GAPS"
  fi
fi

# summary.md and summary.json: medians beside the Go study's table, every change with its interval over blocks, the
# study's question judged (io.dbbench.arango.bulk.GoDriverSideBySide).
SUMMARY=0
if [ -n "${DBBENCH_STANDIN_CLASSPATH:-}" ] || [ -s target/benchmarks.jar ]; then
  "$JAVA" -cp "$CP" io.dbbench.arango.bulk.GoDriverSideBySide --analyze "$OUT" >"$OUT/analyze.log" 2>&1 || SUMMARY=$?
else
  SUMMARY=missing
fi

if [ -n "$STANDIN_PID" ]; then
  echo "[go-driver-vs-dbbench] rows on the $BACKEND (its timings are not ArangoDB's):"
else
  echo "[go-driver-vs-dbbench] rows on the $BACKEND:"
fi
column -t -s $'\t' "$OUT/rows.tsv" 2>/dev/null || cat "$OUT/rows.tsv"
echo
case "$SUMMARY" in
  0) cat "$OUT/summary.md" ;;
  missing) echo "go-driver-vs-dbbench: no summary: target/benchmarks.jar missing (./mvnw -DskipTests package), then" \
    "java -cp target/benchmarks.jar io.dbbench.arango.bulk.GoDriverSideBySide --analyze $OUT" >&2 ;;
  *) echo "go-driver-vs-dbbench: the summary failed (exit $SUMMARY); see $OUT/analyze.log" >&2; FAILED=$((FAILED + 1)) ;;
esac
echo "[go-driver-vs-dbbench] results in $OUT"
if [ "$FAILED" -gt 0 ]; then
  echo "go-driver-vs-dbbench: a run failed (named above); the output is in $OUT/go/ and $OUT/jmh/" >&2
  exit 1
fi

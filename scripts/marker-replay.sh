#!/usr/bin/env bash
# Replays the credential forms that once leaked, each through the entry point that leaked it, with
# a fresh random marker in every secret, and then looks for the markers in everything the run left
# behind: stdout and stderr of every command, every file written, the console's answers, and `ps`
# samples (every 0.2 s) of every process's command line while each step ran.
#   1. H2 INIT=CREATE USER ... PASSWORD 'ab''<marker>' (a doubled SQL quote): the main job's jdbc
#      family, its report, and the hdbinsert console (/api/info, /api/history, /history.json, a
#      test run, and the connect-error line of a URL whose INIT fails)
#   2. Interleave ... -- BENCH -jvmArgsAppend -Dmy.secret=<marker> -jvmArgsPre -Dtest.authentication=basic:root:<marker>
#   3. report merge (and render) over env.json files a secret was written into by hand
#   4. DBBENCH_ARANGO_ENDPOINTS=http://root:<marker>part,rest@127.0.0.1:1 (a comma in the user-info)
#   5. DBBENCH_MONGO_URI=...authMechanismProperties=AWS_SESSION_TOKEN:ab,<marker> (the driver's own message)
# Every network target is loopback. Prints one line per form and marker; exits 1 when any marker
# is found anywhere (the places are listed), 0 when none is.
# Usage: scripts/marker-replay.sh [-o DIR]   (build first: ./mvnw -DskipTests package; about 3 min)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java.sh
dbbench_java marker-replay.sh
OUT="results/marker-replay-$(date -u +%Y%m%dT%H%MZ)"
while [ $# -gt 0 ]; do
  case "$1" in
    -o) OUT="$2"; shift 2 ;;
    *) echo "marker-replay.sh: unknown option '$1'; expected -o DIR" >&2; exit 2 ;;
  esac
done
JAR=target/benchmarks.jar
[ -f "$JAR" ] || { echo "marker-replay.sh: $JAR is missing (./mvnw -DskipTests package)" >&2; exit 2; }
JFLAGS=(--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow)
mkdir -p "$OUT"
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT
mark() { echo "MARK$(openssl rand -hex 6)"; }
M1=$(mark); M1B=$(mark); M2A=$(mark); M2B=$(mark); M3=$(mark); M4=$(mark); M5=$(mark)

# ps samples of every process's arguments while a step runs
PS="$WORK/ps.txt"
( while true; do ps -eo args >> "$PS"; sleep 0.2; done ) &
SAMPLER=$!

step() { echo "[replay] $*"; }

# Forms 1, 4 and 5 through the main job: the jdbc family on H2 at the comparison's shape (copy,
# PostgreSQL's alone, fails there and says so), the arango and payload families against loopback
# addresses nothing listens on (they are skipped, with their reasons).
step "forms 1, 4, 5: the main job (jdbc on H2 with INIT, arango and mongo unreachable)"
DBBENCH_JDBC_URL="jdbc:h2:mem:replay;INIT=CREATE USER IF NOT EXISTS bob PASSWORD 'ab''${M1}'" \
DBBENCH_ARANGO_ENDPOINTS="http://root:${M4}part,rest@127.0.0.1:1" \
DBBENCH_MONGO_URI="mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:ab,${M5}" \
  "$JAVA" "${JFLAGS[@]}" -cp "$JAR" io.dbbench.BenchMain --results "$WORK/runs" --forks 1 \
    --include 'GomessageInsertBenchmark|ArangoBulkBenchmark|PayloadServiceBenchmark' \
    --args '-wi 0 -i 1 -p shape=1x100000' \
    > "$WORK/main.out" 2> "$WORK/main.err" || echo "[replay] the main job exited $? (expected when families are skipped or fail)"
RUN=$(ls -d "$WORK"/runs/*/ | head -n 1)
"$JAVA" -cp "$JAR" io.dbbench.report.Report render "$RUN" > "$WORK/render.out" 2>&1 || true

step "form 1: the console on the same URL, its pages and one test"
DBBENCH_JDBC_URL="jdbc:h2:mem:console;INIT=CREATE USER IF NOT EXISTS bob PASSWORD 'ab''${M1}'" \
  "$JAVA" "${JFLAGS[@]}" -cp "$JAR" io.dbbench.jdbc.console.Console --port 0 \
    > "$WORK/console.out" 2> "$WORK/console.err" &
CONSOLE=$!
URL=""
for _ in $(seq 1 100); do
  URL=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$WORK/console.out" "$WORK/console.err" 2>/dev/null | head -n 1 | sed 's/^[^h]*//') || true
  [ -n "$URL" ] && break
  sleep 0.2
done
[ -n "$URL" ] || { echo "marker-replay.sh: the console did not print its address" >&2; cat "$WORK/console.err" >&2; exit 1; }
for path in /api/info /api/history /history.json /; do curl -s "$URL$path" >> "$WORK/console-answers.txt" || true; done
curl -s "$URL/test/BulkSeq?batchcount=1&batchsize=10" >> "$WORK/console-answers.txt" || true
sleep 2
for path in /api/progress /api/history /history.json; do curl -s "$URL$path" >> "$WORK/console-answers.txt" || true; done
kill $CONSOLE 2>/dev/null || true; wait $CONSOLE 2>/dev/null || true  # SIGTERM: a background job ignores SIGINT
step "form 1: the console's connect-error line (an INIT that fails echoes its SQL)"
DBBENCH_JDBC_URL="jdbc:h2:mem:broken;INIT=CREATE USER bob PASSWORD 'ab''${M1B}' NOSUCHWORD" \
  "$JAVA" "${JFLAGS[@]}" -cp "$JAR" io.dbbench.jdbc.console.Console --port 0 \
    > "$WORK/console-broken.out" 2> "$WORK/console-broken.err" || true

step "form 2: Interleave with secrets in the forks' JVM options"
"$JAVA" -cp "$JAR" io.dbbench.run.Interleave --baseline "$JAR" --candidate "$JAR" --forks 2 -o "$WORK/interleave" \
  -- 'HarnessBenchmark.work$' -wi 0 -i 1 -r 100ms \
  -jvmArgsAppend "-Dmy.secret=${M2A}" -jvmArgsPre "-Dtest.authentication=basic:root:${M2B}" \
  > "$WORK/interleave.out" 2> "$WORK/interleave.err" || echo "[replay] Interleave exited $?"

step "form 3: report merge and render over env.json files holding a secret"
mkdir -p "$WORK/hand"
for side in a b; do
  cp -r "$RUN" "$WORK/hand/$side"
  MARKER="$M3" python3 - "$WORK/hand/$side/env.json" "$side" <<'EOF'
import json, os, sys
path, side, marker = sys.argv[1], sys.argv[2], os.environ["MARKER"]
env = json.load(open(path))
env["host"] = str(env.get("host", "h")) + "-" + side
env["note"] = "jdbc:postgresql://127.0.0.1:1/x?user=u&password=" + marker
for fam in env.get("families", {}).values():
    fam.setdefault("facts", {})["url"] = "mongodb://bench:" + marker + "@127.0.0.1:1/"
json.dump(env, open(path, "w"), indent=2)
EOF
done
"$JAVA" -cp "$JAR" io.dbbench.report.Report merge -o "$WORK/merged" "$WORK/hand/a" "$WORK/hand/b" \
  > "$WORK/merge.out" 2>&1 || echo "[replay] report merge exited $?"
"$JAVA" -cp "$JAR" io.dbbench.report.Report render "$WORK/merged" > "$WORK/render-merged.out" 2>&1 || true

kill $SAMPLER 2>/dev/null || true; wait $SAMPLER 2>/dev/null || true

# the hand-edited inputs hold the marker by design, and so does the command line the user typed
# for Interleave (its side processes and their forks must not); everything else must not
rm -rf "$WORK/hand"
grep -v 'io\.dbbench\.run\.Interleave ' "$PS" > "$PS.kept" || true
mv "$PS.kept" "$PS"
found=0
summary="$OUT/summary.txt"
: > "$summary"
for pair in "1:$M1" "1:$M1B" "2:$M2A" "2:$M2B" "3:$M3" "4:$M4" "5:$M5"; do
  form=${pair%%:*}; m=${pair#*:}
  hits=$(grep -rl --binary-files=text -- "$m" "$WORK" 2>/dev/null | sed "s|$WORK/||" || true)
  if [ -n "$hits" ]; then
    found=1
    echo "form $form: marker found in: $(echo $hits)" | tee -a "$summary"
  else
    echo "form $form: no marker in any output (stdout, stderr, results, reports, console answers, ps samples)" | tee -a "$summary"
  fi
done
{
  echo "ps samples: $(grep -c '' "$PS" 2>/dev/null || echo 0) lines"
  echo "files scanned: $(find "$WORK" -type f | wc -l)"
  echo "main job: $(tail -n 1 "$WORK/main.out" 2>/dev/null || true)"
  echo "console answers: $(wc -c < "$WORK/console-answers.txt") bytes"
  echo "console connect error: $(grep -m1 -i 'cannot\|error\|fail' "$WORK/console-broken.err" "$WORK/console-broken.out" 2>/dev/null | head -n 1)"
  echo "interleave: $(tail -n 1 "$WORK/interleave.out" 2>/dev/null || true)"
  echo "merge: $(tail -n 1 "$WORK/merge.out" 2>/dev/null || true)"
} | tee -a "$summary"
exit $found

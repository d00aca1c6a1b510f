#!/usr/bin/env bash
# The PostgreSQL backend's CPU time per 1x100000 GOMESSAGE load, per strategy (ServerCpu.java), on a
# throwaway cluster of the embedded PostgreSQL's own binaries with the embedded settings dbbench's
# runs record (fsync=off, synchronous_commit=off, shared_buffers=128MB), optionally with a perf
# profile of the backend per strategy.
# Usage (from the repository, after ./mvnw package): results/<this dir>/run.sh ROUNDS [OUT_DIR] [--perf]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-12}; out=${2:-$here}; perf=${3:-}
java=${JAVA:-$(ls -d /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 2>/dev/null || command -v java)}
bin=$(ls -d target/embedded-pg/PG-*/bin 2>/dev/null | head -1)
[ -x "$bin/postgres" ] || { echo "no embedded PostgreSQL binaries under target/embedded-pg (run a jdbc test or benchmark once)" >&2; exit 2; }
[ -f target/benchmarks.jar ] || { echo "target/benchmarks.jar missing: ./mvnw package -DskipTests" >&2; exit 2; }
data=$(mktemp -d /tmp/servercpu-XXXXXX); port=$((20000 + RANDOM % 20000))
as=(); if [ "$(id -u)" = 0 ]; then chown nobody "$data"; as=(runuser -u nobody --); fi
"${as[@]}" "$bin/initdb" -A trust -U postgres -D "$data/pg" > "$out/initdb.log" 2>&1
"${as[@]}" "$bin/pg_ctl" -D "$data/pg" -l "$data/server.log" -w -o "-c fsync=off -c synchronous_commit=off -c shared_buffers=128MB -c listen_addresses=127.0.0.1 -c unix_socket_directories=$data -p $port" start >/dev/null
trap '"${as[@]}" "$bin/pg_ctl" -D "$data/pg" -m fast stop >/dev/null; rm -rf "$data"' EXIT
url="jdbc:postgresql://127.0.0.1:$port/postgres?user=postgres"
{ echo "# $(date -u +%FT%TZ) $(uptime)"; "$java" -cp target/benchmarks.jar "$here/ServerCpu.java" "$url" "$rounds" "${STRATEGIES:-copy,arrayProject,arrayBind,arraySubscript}"; echo "# $(date -u +%FT%TZ) $(uptime)"; } | tee "$out/output.txt"
if [ "$perf" = --perf ]; then
  for s in copy arrayProject; do
    "$java" -cp target/benchmarks.jar "$here/ServerCpu.java" "$url" 40 "$s" > /dev/null &
    sleep 4
    backend=$(pgrep -f "postgres: postgres postgres 127.0.0.1" | head -1)
    perf record -F 999 -p "$backend" -o "$data/$s.perf" -- sleep 5 > /dev/null 2>&1 || true # perf ends the sleep with SIGTERM
    wait
    perf report -i "$data/$s.perf" --no-children --sort symbol --stdio 2> /dev/null \
      | grep -E '^ +[0-9.]+%' > "$data/$s.txt" || true
    head -40 "$data/$s.txt" > "$out/perf-$s.txt"
  done
fi

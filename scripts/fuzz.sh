#!/usr/bin/env bash
# Fuzzes dbbench's @FuzzTest targets with Jazzer for new inputs (./mvnw verify only replays the
# committed corpus). Usage: scripts/fuzz.sh [SECONDS per target, default 60] [TEST CLASS#METHOD ...]
# Crashing inputs land in src/test/resources/<package>/<Class>Inputs/<method>/: commit each with its fix.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(grep -rl '@FuzzTest' src/test/java | while read -r f; do
    cls=$(basename "$f" .java)
    grep -o 'void [a-zA-Z0-9_]*(' "$f" | sed 's/void \(.*\)(/\1/' | while read -r m; do
      grep -q -B2 "void $m(" "$f" && grep -B2 "void $m(" "$f" | grep -q '@FuzzTest' && echo "$cls#$m"
    done
  done))
fi
for t in "${targets[@]}"; do
  echo "fuzz: $t for ${secs}s"
  # jazzer.hooks=true: the JDK hooks that regression runs leave off (junit-platform.properties) give fuzzing its coverage
  JAZZER_FUZZ=1 ./mvnw -q -B test -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.max_duration="${secs}s" -Djazzer.hooks=true -Dsurefire.argLine="--enable-native-access=ALL-UNNAMED -Xmx1g -XX:+EnableDynamicAgentLoading" \
    || { echo "fuzz: $t found a failing input (see above and the Inputs directory)"; exit 1; }
done

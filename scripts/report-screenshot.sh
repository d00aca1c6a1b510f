#!/usr/bin/env bash
# Regenerates docs/report.png, the first screen of the newest committed run's report.html, with
# headless Chromium (Debian's chromium package). Usage: scripts/report-screenshot.sh [RUN_DIR]
# (default: the newest results/<UTC timestamp>/ holding a report.html).
set -euo pipefail
cd "$(dirname "$0")/.."
run=${1:-$(ls -d results/[0-9]*T[0-9]*Z 2>/dev/null | sort | tail -n 1)}
[ -n "$run" ] && [ -f "$run/report.html" ] || { echo "report-screenshot: no report.html in '${run:-results/}'" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "report-screenshot: chromium is not installed (Debian: apt-get install chromium)" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --window-size=1400,900 --virtual-time-budget=5000 --screenshot="$PWD/docs/report.png" \
  "file://$PWD/$run/report.html" 2>/dev/null
echo "wrote docs/report.png from $run/report.html"

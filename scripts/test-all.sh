#!/usr/bin/env bash
# npm test: every test. vitest (two workers, mostly busy) and the end-to-end specs (one worker,
# mostly waiting on their processes and Chromium) run side by side; the end-to-end output is
# printed in one piece when they end. Fails if either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
e2e_log=$(mktemp)
trap 'rm -f "$e2e_log"' EXIT
npm run test:e2e >"$e2e_log" 2>&1 &
e2e=$!
npm run test:unit
unit=$?
wait "$e2e"
e2e_rc=$?
cat "$e2e_log"
echo "npm test: unit exit $unit, end-to-end exit $e2e_rc"
[ "$unit" -eq 0 ] && [ "$e2e_rc" -eq 0 ]

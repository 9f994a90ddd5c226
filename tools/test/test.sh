#!/usr/bin/env bash
# npm test: every check, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .tmp
# Each stage prints its own time when the next begins, and the total at the end.
START=$SECONDS; STAGE=""; STAGE_START=$SECONDS
step() {
  [ -n "$STAGE" ] && printf '== %s took %ds\n' "$STAGE" $((SECONDS - STAGE_START))
  STAGE="$*"; STAGE_START=$SECONDS
  printf '\n== %s\n' "$*"
}
trap 'rc=$?; printf "== %s took %ds\n== npm test took %ds in all (exit %d)\n" "$STAGE" $((SECONDS - STAGE_START)) $((SECONDS - START)) $rc' EXIT

step "chromium"; bash tools/test/ensure-chromium.sh
step "firefox esr and webkitgtk"; bash tools/test/ensure-engines.sh
step "postgresql"; bash tools/test/ensure-postgres.sh
step "java (HTML checker)"; bash tools/test/ensure-java.sh
step "validate content"; node src/cli/launch.mjs validate
# lane <name> <command…>: runs one command of a side-by-side stage, its output to .tmp/lane-<name>.log
# and its own time and exit code as the log's last line.
lane() {
  local name=$1 t0=$SECONDS rc=0; shift
  "$@" >".tmp/lane-$name.log" 2>&1 || rc=$?
  printf '== %s took %ds (exit %d)\n' "$name" $((SECONDS - t0)) $rc >>".tmp/lane-$name.log"
  return $rc
}
# The type checker keeps one core busy for a minute and more; beside it, lint, then the reliability
# tests, which mostly wait on the servers they start and kill (a delivery lease has to run out).
# On two cores, side by side they take as long as the longer lane instead of the sum.
step "typecheck, beside lint then the reliability tests"
rm -f .tmp/lane-*.log
lane typecheck npm run --silent typecheck & typecheck=$!
{ lane lint npm run --silent lint && lane reliability npx tsx tools/test/with-postgres.ts npx vitest run --config tests/reliability/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-reliability.json; } & others=$!
lanes=0; wait $typecheck || lanes=1; wait $others || lanes=1
for name in typecheck lint reliability; do [ -f ".tmp/lane-$name.log" ] && { printf '\n-- %s\n' "$name"; cat ".tmp/lane-$name.log"; }; done
[ $lanes -eq 0 ]
step "unit tests"; npx tsx tools/test/with-postgres.ts npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "build"; npx tsx src/cli/build.ts
step "size budgets and HTML conformance"; npx vitest run --config tests/budgets/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-budgets.json
step "end-to-end tests"; PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
step "three engines (Chromium, Firefox ESR, WebKitGTK)"; npx vitest run --config tests/engines/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-engines.json
step "summary"; npx tsx tools/test/test-summary.ts .tmp/vitest.json .tmp/vitest-reliability.json .tmp/vitest-budgets.json .tmp/playwright.json .tmp/vitest-engines.json

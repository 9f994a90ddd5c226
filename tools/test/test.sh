#!/usr/bin/env bash
# npm test: every check, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .tmp
# Each stage prints its own time when the next begins, and the total at the end.
# With each stage's time goes how busy the two cores were during it (from /proc/stat): a stage
# that leaves them idle is waiting, and can run beside another one instead of after it.
START=$SECONDS; STAGE=""; STAGE_START=$SECONDS
cpu_ticks() { awk '/^cpu /{ print $2+$3+$4+$6+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat; }
read -r BUSY_START TOTAL_START < <(cpu_ticks)
stage_line() {
  local busy total
  read -r busy total < <(cpu_ticks)
  printf '== %s took %ds (CPU %d%% busy)\n' "$STAGE" $((SECONDS - STAGE_START)) $(( (busy - BUSY_START) * 100 / (total - TOTAL_START > 0 ? total - TOTAL_START : 1) ))
  BUSY_START=$busy; TOTAL_START=$total
}
step() {
  [ -n "$STAGE" ] && stage_line
  STAGE="$*"; STAGE_START=$SECONDS
  printf '\n== %s\n' "$*"
}
trap 'rc=$?; stage_line; printf "== npm test took %ds in all (exit %d)\n" $((SECONDS - START)) $rc' EXIT

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
# The reliability tests mostly wait on the servers they start and kill (a delivery lease has to
# run out, about a minute of their two), so they run beside everything up to the build: first
# beside the type checker and lint, which keep one core busy each, then beside the unit tests.
rm -f .tmp/lane-*.log
lane reliability npx tsx tools/test/with-postgres.ts npx vitest run --config tests/reliability/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-reliability.json & reliability=$!
show_lane() { printf '\n-- %s\n' "$1"; cat ".tmp/lane-$1.log"; }
step "typecheck beside lint (and the reliability tests)"
# The type check (every program, each checked once: tsc -b over the project references) beside
# ESLint and Prettier: the two lanes take about as long.
lane typecheck npm run --silent typecheck & typecheck=$!
lane lint npm run --silent lint & lint=$!
lanes=0; wait $typecheck || lanes=1; wait $lint || lanes=1
show_lane typecheck; show_lane lint
[ $lanes -eq 0 ] || { wait $reliability || true; show_lane reliability; exit 1; }
step "unit tests (and the reliability tests)"; unit=0; npx tsx tools/test/with-postgres.ts npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || unit=1
wait $reliability || unit=1
show_lane reliability
[ $unit -eq 0 ]
# The editor walk needs no build and leaves a core idle much of its time (it types and waits as a
# person does), so it runs beside the build and the budgets.
lane walk env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright-editor-walk.json" npx playwright test -c tests/e2e-editor/walk.config.ts --reporter=list,json & walk=$!
step "build (and the editor walk)"; built=0; node src/cli/launch.mjs build || built=1
if [ $built -eq 0 ]; then
  step "size budgets and HTML conformance (and the editor walk)"
  npx vitest run --config tests/budgets/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-budgets.json || built=1
fi
walked=0; wait $walk || walked=1
show_lane walk
if [ $built -ne 0 ] || [ $walked -ne 0 ]; then exit 1; fi
step "end-to-end tests"; PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
step "other engines (Firefox ESR, WebKitGTK)"; npx vitest run --config tests/engines/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-engines.json
step "summary"; npx tsx tools/test/test-summary.ts .tmp/vitest.json .tmp/vitest-reliability.json .tmp/vitest-budgets.json .tmp/playwright.json .tmp/playwright-editor-walk.json .tmp/vitest-engines.json

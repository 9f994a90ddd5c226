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
step "typecheck"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "unit tests"; npx tsx tools/test/with-postgres.ts npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "reliability tests"; npx tsx tools/test/with-postgres.ts npx vitest run --config tests/reliability/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-reliability.json
step "build"; npx tsx src/cli/build.ts
step "size budgets and HTML conformance"; npx vitest run --config tests/budgets/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-budgets.json
step "end-to-end tests"; PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
step "three engines (Chromium, Firefox ESR, WebKitGTK)"
engines_start=$SECONDS
npx vitest run --config tests/engines/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-engines.json
echo "three engines: $((SECONDS - engines_start)) s"
step "summary"; npx tsx tools/test/test-summary.ts .tmp/vitest.json .tmp/vitest-reliability.json .tmp/vitest-budgets.json .tmp/playwright.json .tmp/vitest-engines.json

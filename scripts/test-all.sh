#!/usr/bin/env bash
# The project's test command (`npm test`; the README's `npm ci && npm test`). Assumes node_modules.
#
#   0. lint and type check  at once: Biome (format and lint), dependency-cruiser (boundaries),
#                            knip (dead code); tsc, the browser's program and Node's
#   1. vitest                every project in one run, so its files keep both cores busy: machines,
#                            games, repo, components; the API and property tests against a real
#                            PostgreSQL server started on loopback; and on PGlite the API tests whose
#                            subject is the embedded database (project api-embedded, see
#                            vitest.config.ts). The browser tests run the product on PGlite.
#   2. build                 vite build
#   3. browser tests         Playwright in the system Chromium against the built server
#
# Every step runs even when an earlier one failed (except the browser tests, which need the
# build), so one run shows every failure. Exits non-zero when any step failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

if [ ! -x node_modules/.bin/vitest ]; then
  echo "node_modules is missing: run npm ci first." >&2
  exit 1
fi
bash scripts/system-packages.sh || exit 1

reports=$(mktemp -d "${TMPDIR:-/tmp}/game-hall-reports.XXXXXX")
trap 'rm -rf "$reports"' EXIT

step_names=()
step_results=()
step_seconds=()
failed=0

# run_step <name> <command...>: runs and times one step, recording whether it passed.
run_step() {
  local name=$1
  shift
  printf '\n\033[1m=== %s\033[0m\n' "$name"
  local started=$SECONDS
  "$@"
  local status=$?
  step_names+=("$name")
  step_seconds+=($((SECONDS - started)))
  if [ "$status" -eq 0 ]; then
    step_results+=(passed)
  else
    step_results+=("FAILED ($status)")
    failed=1
  fi
  return "$status"
}

skip_step() {
  step_names+=("$1")
  step_seconds+=(0)
  step_results+=("skipped: $2")
  failed=1
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}

vitest_json() {
  echo "--reporter=default --reporter=json --outputFile.json=$reports/$1.json"
}

# both <command> <command>: runs two commands at once, prints each one's output after the other's,
# and fails when either does.
both() {
  local first_log second_log first_status second_status
  first_log=$(mktemp "$reports/first.XXXXXX")
  second_log=$(mktemp "$reports/second.XXXXXX")
  bash -c "$1" >"$first_log" 2>&1 &
  local first_pid=$!
  bash -c "$2" >"$second_log" 2>&1
  second_status=$?
  wait "$first_pid"
  first_status=$?
  cat "$first_log" "$second_log"
  [ "$first_status" -eq 0 ] && [ "$second_status" -eq 0 ]
}

run_step "Lint and type check (at once)" both "npm run -s lint" "npm run -s typecheck"

# shellcheck disable=SC2046
run_step "Vitest: all projects, API on PostgreSQL" bash scripts/with-postgres.sh vitest run $(vitest_json vitest)

if run_step "Build (vite build)" vite build; then
  E2E_PORT=$(free_port) E2E_JSON_REPORT="$reports/playwright.json" \
    run_step "Browser tests (Playwright, Chromium)" playwright test
else
  skip_step "Browser tests (Playwright, Chromium)" "the build failed"
fi

printf '\n\033[1m=== Summary\033[0m\n'
for i in "${!step_names[@]}"; do
  printf '%-42s %-16s %5ss\n' "${step_names[$i]}" "${step_results[$i]}" "${step_seconds[$i]}"
done
# The whole command is meant to take 15 minutes or less on a two-core runner.
target_seconds=900
printf '%-42s %-16s %5ss\n' "Total" "target <= ${target_seconds}s" "$SECONDS"
if [ "$SECONDS" -gt "$target_seconds" ]; then
  echo "The test command took longer than its ${target_seconds} s target."
fi
tsx scripts/test-totals.ts "$reports/vitest.json" "$reports/playwright.json" || failed=1

exit "$failed"

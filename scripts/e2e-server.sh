#!/usr/bin/env bash
# Serves the built product for the browser tests: the real server (API + dist/) on 127.0.0.1 at
# E2E_PORT (default 8181) over an embedded database in a fresh data directory, removed on exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ ! -f dist/index.html ]; then
  echo "dist/index.html is missing: build the SPA first (npm run build)." >&2
  exit 1
fi

data_dir=$(mktemp -d "${TMPDIR:-/tmp}/game-hall-e2e.XXXXXX")
trap 'rm -rf "$data_dir" ${E2E_OPERATOR_FILE:+"$E2E_OPERATOR_FILE"}' EXIT
# Wait for the server's own graceful stop, then leave through the EXIT trap.
trap 'exit 143' TERM
trap 'exit 130' INT

# Operators for the desk journeys, named in E2E_OPERATOR_FILE for the tests: one the review journeys
# share, one for the sign-in replay alone, and one per language for the journeys that sign in on the
# desk's page, one for the journey that manages operators, and the two of the four-eyes payout, so that
# no sign-in meets another test's use of the same authenticator period (each code works once) and waits
# 30 seconds for the next code.
operator_json() {
  local password otpauth_url
  password="Review-desk-$(node -e "console.log(require('node:crypto').randomBytes(6).toString('hex'))")"
  otpauth_url=$(DATA_DIR="$data_dir" NODE_ENV=test OPERATOR_PASSWORD="$password" \
    node_modules/.bin/tsx scripts/create-operator.ts "$1" "$1@example.test" | grep '^otpauth://')
  printf '{"account":"%s","password":"%s","otpauthUrl":"%s"}' "$1" "$password" "$otpauth_url"
}
if [ -n "${E2E_OPERATOR_FILE:-}" ]; then
  printf '{"desk":%s,"signInReplay":%s,"signInJa":%s,"signInEn":%s,"operators":%s,"fourEyesFirst":%s,"fourEyesSecond":%s}\n' \
    "$(operator_json e2eoperator)" "$(operator_json e2esignin)" "$(operator_json e2esigninja)" \
    "$(operator_json e2esigninen)" "$(operator_json e2eoperators)" "$(operator_json e2efoureyesa)" \
    "$(operator_json e2efoureyesb)" >"$E2E_OPERATOR_FILE"
fi

PORT="${E2E_PORT:-8181}" HOST=127.0.0.1 DATA_DIR="$data_dir" NODE_ENV=test TEST_CAPTCHA_TEXT="${E2E_CAPTCHA_TEXT:-h4ll7}" LOG_LEVEL="${E2E_LOG_LEVEL:-warn}" \
  node_modules/.bin/tsx server/main.ts

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

# An operator for the review journeys, named in E2E_OPERATOR_FILE for the tests.
if [ -n "${E2E_OPERATOR_FILE:-}" ]; then
  operator_password="Review-desk-$(node -e "console.log(require('node:crypto').randomBytes(6).toString('hex'))")"
  otpauth_url=$(DATA_DIR="$data_dir" NODE_ENV=test OPERATOR_PASSWORD="$operator_password" \
    node_modules/.bin/tsx scripts/create-operator.ts e2eoperator e2e-operator@example.test | grep '^otpauth://')
  printf '{"account":"e2eoperator","password":"%s","otpauthUrl":"%s"}\n' "$operator_password" "$otpauth_url" >"$E2E_OPERATOR_FILE"
fi

PORT="${E2E_PORT:-8181}" HOST=127.0.0.1 DATA_DIR="$data_dir" NODE_ENV=test TEST_CAPTCHA_TEXT="${E2E_CAPTCHA_TEXT:-h4ll7}" LOG_LEVEL="${E2E_LOG_LEVEL:-warn}" \
  node_modules/.bin/tsx server/main.ts

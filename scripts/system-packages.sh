#!/usr/bin/env bash
# Makes sure the system programs the tests use are present: Debian's `chromium` (browser tests) and
# `postgresql` (the API suite against a real server). As root the missing ones are installed with
# apt-get; otherwise this says what to install and fails.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/postgres-binaries.sh"

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
find_postgres_bin >/dev/null || missing+=(postgresql)

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them first, e.g.: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh <command...>
#
# Runs the command with a throwaway PostgreSQL server listening on 127.0.0.1 at a free port, and
# TEST_DATABASE_URL set to its `postgres` database (superuser `postgres`, trust auth on loopback);
# TEST_POSTGRES_BIN_DIR and TEST_POSTGRES_CLUSTER_DIR say how to stop and start it.
# The cluster lives in a temporary directory that is stopped and removed when the command ends,
# whatever its outcome; the command's exit status is passed on.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

source "$(dirname "${BASH_SOURCE[0]}")/postgres-binaries.sh"
if ! pg_bin=$(find_postgres_bin); then
  echo "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found in /usr/lib/postgresql/*/bin or PATH." >&2
  echo "Install them with: apt-get install postgresql" >&2
  exit 1
fi

# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` OS user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}

if [ "$(id -u)" -eq 0 ]; then
  # In /tmp, whatever TMPDIR says: the postgres user must be able to reach the directory.
  cluster_dir=$(mktemp -d /tmp/game-hall-pg.XXXXXX)
  chown postgres: "$cluster_dir"
else
  cluster_dir=$(mktemp -d "${TMPDIR:-/tmp}/game-hall-pg.XXXXXX")
fi
started=false

cleanup() {
  if [ "$started" = true ]; then
    as_owner "$pg_bin/pg_ctl" -D "$cluster_dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$cluster_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_owner "$pg_bin/initdb" -D "$cluster_dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$cluster_dir/initdb.log" 2>&1 || {
  cat "$cluster_dir/initdb.log" >&2
  exit 1
}

port=$(free_port)
# A test cluster: durability off for speed, sockets kept inside the throwaway directory. The
# settings live in the cluster's own configuration, so the server can be stopped and started
# again with its data directory alone.
cat >>"$cluster_dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$cluster_dir'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
if ! as_owner "$pg_bin/pg_ctl" -D "$cluster_dir/data" -l "$cluster_dir/server.log" -w -t 60 start >/dev/null; then
  cat "$cluster_dir/server.log" >&2 || true
  exit 1
fi
started=true

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
# For tests and the bench that stop and start this server themselves: pg_ctl's directory, and the
# cluster's (data/ and server.log; as root, pg_ctl runs as the postgres user).
export TEST_POSTGRES_BIN_DIR="$pg_bin"
export TEST_POSTGRES_CLUSTER_DIR="$cluster_dir"
version=$("$pg_bin/postgres" --version)
echo "with-postgres: $version on 127.0.0.1:$port" >&2

set +e
"$@"
status=$?
set -e
exit "$status"

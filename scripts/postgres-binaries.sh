# Sourced by the test scripts: locates the PostgreSQL server binaries.

# Prints the directory holding initdb, pg_ctl and postgres: Debian's newest
# /usr/lib/postgresql/<version>/bin first (those binaries are not on PATH), then PATH.
find_postgres_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5 -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      echo "$dir"
      return 0
    fi
  done
  local initdb_path
  if initdb_path=$(command -v initdb) && command -v pg_ctl >/dev/null && command -v postgres >/dev/null; then
    dirname "$(readlink -f "$initdb_path")"
    return 0
  fi
  return 1
}

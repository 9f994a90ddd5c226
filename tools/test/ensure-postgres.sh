#!/usr/bin/env bash
# The store tests run against a real PostgreSQL (tools/test/with-postgres.ts starts a throwaway
# one). Debian's server binaries are enough: no cluster is created or started by the package.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ] || [ -n "${PG_BIN:-}" ]; then exit 0; fi
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL is missing: installing Debian's postgresql package..."
  # Only the binaries are wanted: no default cluster listening on 5432.
  mkdir -p /etc/postgresql-common/createcluster.d
  echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/nexa-tests.conf
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "PostgreSQL is missing: install it with 'sudo apt-get install postgresql' (or set PG_BIN or TEST_DATABASE_URL)." >&2
# In CI (CI set to anything but "", "0" or "false"; tools/test/postgres.ts reads it the same way) the PostgreSQL half must run.
case "$(printf '%s' "${CI:-}" | tr '[:upper:]' '[:lower:]' | tr -d '[:space:]')" in
  "" | 0 | false) ;;
  *) echo "CI is set, so the PostgreSQL store tests must run and are not skipped." >&2; exit 1 ;;
esac
echo "Without it the PostgreSQL half of the store tests is skipped." >&2
exit 0

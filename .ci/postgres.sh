#!/usr/bin/env bash
# Debian's PostgreSQL server for the room store's tests (tests/server/postgres_cluster.py starts a cluster of
# its own from /usr/lib/postgresql/*/bin, as the postgres user, on a free port): installed when missing.
# Without it those tests skip, saying so.
set -uo pipefail
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && exit 0
{ apt-get install -y -q postgresql >/dev/null 2>&1 \
  || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q postgresql >/dev/null 2>&1; }; } \
  || echo "could not install postgresql: the PostgreSQL store tests will be skipped" >&2
exit 0

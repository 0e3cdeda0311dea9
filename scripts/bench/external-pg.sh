#!/usr/bin/env bash
# Runs `npm run bench` against a throwaway external PostgreSQL (proves the DATABASE_URL path), then removes it.
#
#   scripts/bench/external-pg.sh            # from the repository root; extra env (BENCH_DURATION, ...) passes through
#
# Needs PostgreSQL server binaries: PGBIN (default /usr/lib/postgresql/15/bin, Debian's `apt-get install -y postgresql`).
# As root the cluster runs as user "postgres" (initdb refuses root); otherwise as the current user.
# The cluster listens on 127.0.0.1 only, on a free port, with scram-sha-256 for TCP and a random password.
set -euo pipefail

PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ ! -x "$PGBIN/initdb" ]]; then
  echo "[external-pg] $PGBIN/initdb not found: install PostgreSQL (Debian: apt-get install -y postgresql) or set PGBIN" >&2
  exit 2
fi

as_pg() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR="$(mktemp -d /tmp/agora-bench-pg-XXXXXX)"
chmod 755 "$DIR"
[[ "$(id -u)" == 0 ]] && chown postgres: "$DIR"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
PASSWORD="$(node -e "console.log(require('crypto').randomBytes(18).toString('base64url'))")"
PWFILE="$DIR/superuser.pw"

cleanup() {
  set +e
  if [[ -f "$DIR/data/postmaster.pid" ]]; then
    as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -m fast -w -t 30 stop >/dev/null
  fi
  rm -rf "$DIR"
  echo "[external-pg] cluster stopped and $DIR removed"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "[external-pg] initdb in $DIR/data, port $PORT"
# Superuser "postgres": trust over the Unix socket in $DIR only; TCP needs a password.
printf '%s\n' "$(node -e "console.log(require('crypto').randomBytes(18).toString('base64url'))")" > "$PWFILE"
[[ "$(id -u)" == 0 ]] && chown postgres: "$PWFILE"
as_pg "$PGBIN/initdb" -D "$DIR/data" -U postgres --pwfile="$PWFILE" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=100" start >/dev/null
as_pg "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$DIR" -p "$PORT" -U postgres -d postgres \
  -c "CREATE ROLE agora_bench LOGIN PASSWORD '$PASSWORD'" \
  -c "CREATE DATABASE agora_bench OWNER agora_bench"
echo "[external-pg] PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') ready on 127.0.0.1:$PORT"

cd "$ROOT"
status=0
DATABASE_URL="postgres://agora_bench:$PASSWORD@127.0.0.1:$PORT/agora_bench" npm run bench || status=$?
exit "$status"

#!/usr/bin/env bash
# Start a throwaway PostgreSQL on loopback for the journal tests and print its URL.
#
#   eval "$(bash scripts/ci_postgres.sh --export)"   # sets XUANHENG_TEST_PG_URL
#   bash scripts/ci_postgres.sh                      # prints the URL (also written to $STATE/url)
#   bash scripts/ci_postgres.sh --stop               # stops the cluster (data stays for reuse)
#
# Idempotent and quick: installs PostgreSQL with apt-get only when no server binaries exist, creates the
# cluster once (initdb, trust auth, loopback only), starts it if not running, creates the test database if
# missing. Runs the server as the unprivileged "postgres" user when started as root.
# Settings: XUANHENG_PG_STATE (default /tmp/xuanheng-pg), XUANHENG_PG_PORT (default 54329),
#           XUANHENG_PG_DB (default xuanheng_test).
set -euo pipefail

STATE="${XUANHENG_PG_STATE:-/tmp/xuanheng-pg}"
PORT="${XUANHENG_PG_PORT:-54329}"
DB="${XUANHENG_PG_DB:-xuanheng_test}"
DATA="$STATE/data"
SOCK="$STATE/sock"
LOG="$STATE/server.log"
URL="postgresql+psycopg://postgres@127.0.0.1:${PORT}/${DB}"
MODE="${1:-}"

log() { echo "ci_postgres: $*" >&2; }

find_bindir() {
    local d
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then echo "$d"; return 0; fi
    done
    if command -v pg_config >/dev/null 2>&1; then
        d="$(pg_config --bindir)"
        if [[ -x "$d/initdb" ]]; then echo "$d"; return 0; fi
    fi
    return 1
}

BIN="$(find_bindir || true)"
if [[ -z "$BIN" ]]; then
    if [[ "$(id -u)" != 0 ]]; then log "PostgreSQL is not installed and I am not root"; exit 1; fi
    log "installing PostgreSQL with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    BIN="$(find_bindir)"
fi

# the user the server runs as: never root
if [[ "$(id -u)" == 0 ]]; then
    RUN_AS=postgres
    if ! id "$RUN_AS" >/dev/null 2>&1; then useradd --system --no-create-home "$RUN_AS"; fi
    as_pg() { runuser -u "$RUN_AS" -- "$@"; }
else
    RUN_AS="$(id -un)"
    as_pg() { "$@"; }
fi

mkdir -p "$STATE"
if [[ "$(id -u)" == 0 ]]; then chown "$RUN_AS" "$STATE"; fi

if [[ "$MODE" == "--stop" ]]; then
    if [[ -f "$DATA/PG_VERSION" ]]; then as_pg "$BIN/pg_ctl" -D "$DATA" -m fast stop >&2 || true; fi
    exit 0
fi

if [[ ! -f "$DATA/PG_VERSION" ]]; then
    log "creating cluster in $DATA"
    as_pg "$BIN/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null 2>&1 \
        || as_pg "$BIN/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C >/dev/null
fi
as_pg mkdir -p "$SOCK"

PSQL=("$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -X -q -t -A)
ready() { as_pg "${PSQL[@]}" -d postgres -c "SELECT 1" >/dev/null 2>&1; }

if ! ready; then
    # a server killed hard leaves postmaster.pid behind; its pid may be gone or an unreaped zombie
    if [[ -f "$DATA/postmaster.pid" ]]; then
        pid="$(head -1 "$DATA/postmaster.pid")"
        state="$(ps -o stat= -p "$pid" 2>/dev/null || true)"
        if [[ -z "$state" || "$state" == Z* ]]; then
            log "removing the stale postmaster.pid of dead server $pid"
            rm -f "$DATA/postmaster.pid"
        fi
    fi
    if ! as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
        log "starting server on 127.0.0.1:$PORT"
        as_pg "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
            -o "-p $PORT -k $SOCK -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
    fi
    for _ in $(seq 1 150); do
        if ready; then break; fi
        sleep 0.2
    done
    if ! ready; then
        log "server did not accept connections on 127.0.0.1:$PORT; see $LOG"
        tail -20 "$LOG" >&2 || true
        exit 1
    fi
fi
if [[ "$(as_pg "${PSQL[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]]; then
    as_pg "${PSQL[@]}" -d postgres -c "CREATE DATABASE \"$DB\"" >/dev/null
fi

echo "$URL" >"$STATE/url"
if [[ "$MODE" == "--export" ]]; then
    echo "export XUANHENG_TEST_PG_URL='$URL'"
else
    echo "$URL"
fi

#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests and rkbench: in a temporary directory, listening on
# a free loopback port only, with a password (scram-sha-256) for the user `restkit`.
#
#   scripts/postgres-server.sh start         starts one; prints its directory
#   scripts/postgres-server.sh url DIR       postgres://restkit:restkit@127.0.0.1:PORT/restkit
#   scripts/postgres-server.sh restart DIR   restarts it (same port, same data)
#   scripts/postgres-server.sh stop DIR      stops it and removes the directory
#   scripts/postgres-server.sh run CMD...    starts one, runs CMD with RESTKIT_POSTGRES_URL and
#                                            RESTKIT_POSTGRES_DIR set, stops it; CMD's status.
#                                            When no server can be started, says why and runs CMD
#                                            without them (the PostgreSQL tests then skip, saying so).
#
# The server's programs come from Debian's postgresql-15 (`make postgres-deps` installs it).
# PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user.
set -uo pipefail

bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
    return 1
}

# Runs a server program as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Runs a command with every inherited descriptor above stderr closed, so that the server it
# starts holds none of its caller's (a test's pipe, or the descriptor Foundation's Process
# watches to learn that this script exited).
detached() {
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd=${fd##*/}
            [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null
        done
        "$@"
    )
}

start() {
    local bin dir port
    bin=$(bindir) || { echo "postgres-server: initdb and pg_ctl not found (install postgresql-15: make postgres-deps)" >&2; return 1; }
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "postgres-server: running as root and there is no 'postgres' user to run the server as" >&2; return 1
    fi
    dir=$(mktemp -d "${TMPDIR:-/tmp}/restkit-postgres.XXXXXX") || return 1
    chmod 755 "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    echo restkit > "$dir/password"
    [ "$(id -u)" -eq 0 ] && chown -R postgres "$dir"
    if ! as_owner "$bin/initdb" -D "$dir/data" -U restkit --pwfile="$dir/password" --auth-host=scram-sha-256 --auth-local=trust \
        -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
        echo "postgres-server: initdb failed:" >&2; tail -20 "$dir/initdb.log" >&2; rm -rf "$dir"; return 1
    fi
    echo "$port" > "$dir/port"
    if ! detached as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c max_connections=100" start >/dev/null; then
        echo "postgres-server: the server did not start:" >&2; tail -20 "$dir/server.log" >&2; rm -rf "$dir"; return 1
    fi
    if ! as_owner "$bin/createdb" -h "$dir" -p "$port" -U restkit restkit; then
        echo "postgres-server: createdb failed" >&2; stop "$dir"; return 1
    fi
    echo "$dir"
}

url() { echo "postgres://restkit:restkit@127.0.0.1:$(cat "$1/port")/restkit"; }

restart() {
    local bin port
    bin=$(bindir) || return 1
    port=$(cat "$1/port")
    detached as_owner "$bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 -m fast \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $1 -c fsync=off -c max_connections=100" restart >/dev/null
}

stop() {
    local bin
    [ -d "$1/data" ] || return 0
    bin=$(bindir) && as_owner "$bin/pg_ctl" -D "$1/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$1"
}

case "${1:-}" in
    start) start ;;
    url) url "$2" ;;
    restart) restart "$2" ;;
    stop) stop "$2" ;;
    run)
        shift
        if dir=$(start); then
            export RESTKIT_POSTGRES_URL=$(url "$dir") RESTKIT_POSTGRES_DIR=$dir
            echo "postgres-server: a private PostgreSQL server for this run at 127.0.0.1:$(cat "$dir/port") ($dir)"
            trap 'stop "$dir"' EXIT INT TERM
        else
            echo "postgres-server: no PostgreSQL server could be started; the PostgreSQL tests will skip"
        fi
        "$@"
        ;;
    *) echo "usage: $0 start | url DIR | restart DIR | stop DIR | run CMD..." >&2; exit 2 ;;
esac

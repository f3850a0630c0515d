#!/bin/sh
# The same load on each store, side by side: `telegram_load` with its games in a SQLite file
# and in a PostgreSQL database, run alternately so that both see the same machine. Each run's
# line comes with the load average before it and the process's CPU time (user + system).
#
#   CINCOBOT_TEST_POSTGRES=postgres://user@host:port/postgres \
#     docs/scripts/load_backends.sh target/release/examples/telegram_load RUNS PAUSE_MS
#
# PAUSE_MS 0 measures the ceiling (moves a second), 500 the latency at about 400 offered
# moves a second. The PostgreSQL server must let the user create databases: one a run.
set -eu
binary=$1
runs=${2:-2}
pause=${3:-0}
times=$(mktemp)
trap 'rm -f "$times"' EXIT
run=1
while [ "$run" -le "$runs" ]; do
    for store in sqlite postgres; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        line=$(/usr/bin/time -f '%U %S' -o "$times" "$binary" 200 30 "$pause" "$store" | tail -n 1)
        cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$times")
        echo "run $run $store (load $load, cpu $cpu s): $line"
    done
    run=$((run + 1))
done

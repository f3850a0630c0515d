#!/bin/sh
# Side by side: two builds of `telegram_load`, run alternately on the same machine, so that
# both see the same load. Prints each run's line with the load average before it and the
# process's CPU time (user + system), which other developers' builds disturb less than the
# moves per second.
#
#   docs/scripts/load_side_by_side.sh BASE_BINARY NEW_BINARY RUNS PAUSE_MS
#
# e.g. `… /tmp/load-base target/release/examples/telegram_load 3 0` (the ceiling) and
# `… 2 500` (latency at ≈ 400 offered moves/s).
set -eu
base=$1
new=$2
runs=${3:-2}
pause=${4:-0}
times=$(mktemp)
trap 'rm -f "$times"' EXIT
run=1
while [ "$run" -le "$runs" ]; do
    for build in base new; do
        if [ "$build" = base ]; then binary=$base; else binary=$new; fi
        load=$(cut -d' ' -f1 /proc/loadavg)
        line=$(/usr/bin/time -f '%U %S' -o "$times" "$binary" 200 30 "$pause" | tail -n 1)
        cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$times")
        echo "run $run $build (load $load, cpu $cpu s): $line"
    done
    run=$((run + 1))
done

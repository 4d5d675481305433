#!/bin/sh
# Runs WaylandBench (release) against a private headless weston at 1920x1080 and stops it.
# Usage: tools/wayland-bench.sh   (from the package root)
set -eu
swift build -c release --product WaylandBench >/dev/null
runtime=$(mktemp -d /tmp/touchstone-bench-XXXXXX)
chmod 700 "$runtime"
printf '[shell]\nstartup-animation=none\nanimation=none\npanel-position=none\n' > "$runtime/weston.ini"
XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --use-pixman --shell=desktop-shell.so \
    --socket=bench --width=1920 --height=1080 --idle-time=0 --config="$runtime/weston.ini" \
    --log="$runtime/weston.log" </dev/null >/dev/null 2>&1 &
weston_pid=$!
trap 'kill $weston_pid 2>/dev/null; wait $weston_pid 2>/dev/null; rm -rf "$runtime"' EXIT INT TERM
# Ready when the socket accepts connections (bounded retries).
tries=0
until [ -S "$runtime/bench" ] && .build/release/WaylandBench --probe "$runtime/bench" 2>/dev/null; do
    tries=$((tries + 1)); [ $tries -lt 200 ] || { cat "$runtime/weston.log"; exit 1; }
    sleep 0.01
done
.build/release/WaylandBench "$runtime/bench"

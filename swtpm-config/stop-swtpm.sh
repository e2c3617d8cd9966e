#!/bin/bash
# stop-swtpm.sh RUN_DIR: stop the emulator started for RUN_DIR, if running.
set -eu

run=$1
pidf=$run/swtpm.pid
[ -s "$pidf" ] || exit 0
pid=$(cat "$pidf")
if kill -0 "$pid" 2>/dev/null; then
	kill "$pid" 2>/dev/null || true
	for _ in $(seq 20); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -9 "$pid" 2>/dev/null || true
fi
# (its socket goes with the sockets directory, which boot-guest.sh removes)
rm -f "$pidf"

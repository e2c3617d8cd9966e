#!/bin/bash
# kill-swtpm.sh RUN_DIR: when the guest prints "# KILL-SWTPM" on its
# results port, wait 3 s and kill the scenario's swtpm (the TPM vanishes
# under the guest mid-read). Writes RUN_DIR/hook.log.
set -u
run=$1
log=$run/hook.log
for _ in $(seq 1200); do
	grep -q '^# KILL-SWTPM' "$run/results.log" 2>/dev/null && break
	sleep 0.1
done
if ! grep -q '^# KILL-SWTPM' "$run/results.log" 2>/dev/null; then
	echo "kill-swtpm: no marker from the guest" >"$log"
	exit 0
fi
sleep 3
pid=$(cat "$run/swtpm.pid" 2>/dev/null)
if [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; then
	echo "kill-swtpm: killed swtpm $pid at $(date +%s.%N)" >"$log"
else
	echo "kill-swtpm: could not kill swtpm '${pid}'" >"$log"
fi

#!/bin/bash
# kill-swtpm.sh RUN_DIR: when the guest prints "# KILL-SWTPM" on its
# results port, wait 2 s and kill the scenario's swtpm (the TPM vanishes
# under the guest mid-read). Reports what it did as KTAP in RUN_DIR/hook.ktap,
# which the runner judges: the marker came, swtpm really died, and it died
# while the guest was in its 6 one-second read slices (some slices logged
# before the kill, some after).
set -u
run=$1
results=$run/results.log
ktap=$run/hook.ktap
# shellcheck source=hook-ktap.sh
. "$(dirname "$0")/hook-ktap.sh"
slices() { grep -c '^# slice ' "$results" 2>/dev/null; }

for _ in $(seq 1200); do
	grep -q '^# KILL-SWTPM' "$results" 2>/dev/null && break
	sleep 0.1
done
if ! grep -q '^# KILL-SWTPM' "$results" 2>/dev/null; then
	result 1 marker_seen "no marker from the guest in 120 s"
	result 1 swtpm_killed "nothing killed"
	report
	exit 0
fi
result 0 marker_seen
sleep 2
pid=$(cat "$run/swtpm.pid" 2>/dev/null)
before=$(slices)
if [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; then
	for _ in $(seq 20); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	! kill -0 "$pid" 2>/dev/null
	result $? swtpm_killed "killed swtpm $pid at $(date +%s.%N), $before read slices logged before"
else
	result 1 swtpm_killed "could not kill swtpm '${pid}'"
	report
	exit 0
fi
# Wait for the guest to finish its slices, then place the kill among them.
for _ in $(seq 300); do
	[ "$(slices)" -ge 6 ] && break
	sleep 0.1
done
after=$(($(slices) - before))
[ "$before" -lt 6 ] && [ "$after" -gt 0 ]
result $? killed_during_reads "$before slices before the kill, $after after"
report

#!/bin/bash
# wake-from-s3.sh RUN_DIR: when the guest prints "# WAKE-S3" on its results
# port, wait until QEMU's monitor reports the guest suspended, keep it so
# for 3 s, then wake it (system_wakeup). Reports as KTAP in
# RUN_DIR/hook.ktap: the marker came, the guest really was in S3 (not
# still running), and the wakeup was accepted.
set -u
run=$1
results=$run/results.log
ktap=$run/hook.ktap
# shellcheck source=hook-ktap.sh
. "$(dirname "$0")/hook-ktap.sh"
monitor() { # monitor COMMAND: the monitor's answer, without its echo
	printf '%s\n' "$1" | socat -t 1 - "UNIX-CONNECT:$(cat "$run/sockets")/monitor.sock" 2>/dev/null |
		tr -d '\r' | grep -v -e '^QEMU ' -e '(qemu)'
}

for _ in $(seq 1800); do
	grep -q '^# WAKE-S3' "$results" 2>/dev/null && break
	sleep 0.1
done
if ! grep -q '^# WAKE-S3' "$results" 2>/dev/null; then
	result 1 marker_seen "no marker from the guest in 180 s"
	report
	exit 0
fi
result 0 marker_seen
status=
for _ in $(seq 300); do
	status=$(monitor 'info status')
	case "$status" in *suspended*) break ;; esac
	sleep 0.1
done
case "$status" in *suspended*) rc=0 ;; *) rc=1 ;; esac
result "$rc" guest_suspended "monitor: ${status:-no answer}"
sleep 3
answer=$(monitor system_wakeup)
[ "$rc" -eq 0 ] && [ -z "$answer" ]
result $? wakeup_accepted "monitor: ${answer:-(nothing: accepted)}"
report

#!/bin/sh
# Planted faults through the kernel's own provokers (lkdtm, kmemleak-test)
# on the module kernel: each detector the runner relies on must report,
# and the runner must fail the boot for it (the scenario's EXPECT_FAIL
# turns those failures into passes). Proves the sanitizers are really on.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
DIRECT=/sys/kernel/debug/provoke-crash/DIRECT
ktap_check lkdtm_loads modprobe lkdtm
# provoke TYPE PATTERN: trigger TYPE, then the console shows PATTERN.
provoke() {
	echo "$1" >"$DIRECT" 2>/dev/null
	sleep 0.5
	ktap_check "$(echo "$1" | tr '[:upper:]' '[:lower:]').reported" dmesg_has "$2"
}
provoke READ_AFTER_FREE 'BUG: KASAN: slab-use-after-free'
provoke ARRAY_BOUNDS 'UBSAN: array-index-out-of-bounds'
provoke WARNING 'WARNING: CPU: [0-9]+ PID: [0-9]+ at .*lkdtm'
provoke CORRUPT_LIST_ADD 'list_add corruption'
# A task stuck in D state, found by the hung-task detector (timeout 2 s).
echo 2 >/proc/sys/kernel/hung_task_timeout_secs
echo HUNG_TASK >"$DIRECT" 2>/dev/null &
ok=1
for _ in $(seq 20); do
	dmesg_has 'INFO: task .* blocked for more than' && { ok=0; break; }
	sleep 0.5
done
ktap_result "$ok" hung_task.reported
# Leaks: the kernel's kmemleak-test module leaks on purpose; guest/init's
# scan after this script must print them.
ktap_check kmemleak_test_loads modprobe kmemleak-test
ktap_check kmemleak_test_unloads rmmod kmemleak_test
ktap_end

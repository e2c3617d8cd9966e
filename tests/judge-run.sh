#!/bin/bash
# judge-run.sh RUN_DIR: judge one boot from its logs alone and print a
# "PASS|FAIL|SKIP name [(why)]" line per check. RUN_DIR holds console.log,
# results.log, qemu.rc, optionally hook.ktap, and settings (shell
# assignments written by run-scenario.sh):
#   GUEST_TEST   the guest script that ran
#   KUNIT        1: KUnit KTAP on the console is parsed too
#   KUNIT_SUITES suites that must have run (a suite that vanished fails)
#   HOST_HOOK    a host hook ran beside the guest and must report hook.ktap
#   SANITIZED    1: the kernel has kmemleak, so a leak scan must have run
#   TIMEOUT      the boot's limit, for the message
# The runner's self-tests feed it fixture directories (tests/fixtures/).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$1
GUEST_TEST="" KUNIT=0 KUNIT_SUITES="" HOST_HOOK="" SANITIZED=0 TIMEOUT="?"
# shellcheck source=/dev/null
. "$run/settings"
console=$run/console.log
results=$run/results.log
touch "$console" "$results"
rc=$(cat "$run/qemu.rc" 2>/dev/null || echo none)

# The guest script's own KTAP; a script that printed none fails.
if grep -q '^KTAP version' "$results"; then
	awk -f "$top/tests/ktap-parse.awk" "$results"
else
	echo "FAIL guest.ktap (the guest script printed no KTAP)"
fi

status=$(sed -n "s/^GUEST-STATUS $GUEST_TEST \([^\r]*\)\r*\$/\1/p" "$results" | head -n 1)
case "$status" in
0) echo "PASS guest.script_exit" ;;
"") echo "FAIL guest.script_exit (no status: the guest never finished the script)" ;;
missing | not-executable) echo "FAIL guest.script_exit (/tests/$GUEST_TEST.sh is $status)" ;;
*) echo "FAIL guest.script_exit (/tests/$GUEST_TEST.sh exited $status)" ;;
esac

if grep -q "^GUEST-DONE $GUEST_TEST" "$results"; then
	echo "PASS boot.completed"
else
	echo "FAIL boot.completed (no GUEST-DONE; qemu exit $rc)"
fi
case "$rc" in
0) echo "PASS boot.powered_off" ;;
124 | 137) echo "FAIL boot.powered_off (still running after ${TIMEOUT}s)" ;;
*) echo "FAIL boot.powered_off (qemu exit $rc, see qemu.log)" ;;
esac

# Reports of the kernel's detectors, wherever they appear on the console.
splat='BUG:|WARNING:|Oops|KASAN:|UBSAN:|Kernel panic|general protection fault'
splat="$splat|kernel BUG at|INFO: task .* blocked|possible (recursive|circular) locking"
splat="$splat|inconsistent lock state|suspicious RCU usage|DEBUG_LOCKS_WARN_ON"
splat="$splat|INFO: lockdep|Call Trace:|rcu: INFO: .* detected stalls?"
splat="$splat|rcu_(sched|preempt) self-detected stall|soft lockup|hard LOCKUP"
splat="$splat|ODEBUG:|list_(add|del) corruption|double fault"
if line=$(grep -Em1 "$splat" "$console"); then
	echo "FAIL kernel.no_splat ($line)"
else
	echo "PASS kernel.no_splat"
fi
leak='unreferenced object 0x|kmemleak: [0-9]+ new suspected memory leaks'
if line=$(grep -Em1 "$leak" "$console"); then
	echo "FAIL kernel.no_leak ($line)"
elif [ "$SANITIZED" = 1 ] && ! grep -q '^GUEST-KMEMLEAK scanned' "$results"; then
	echo "FAIL kernel.no_leak (no kmemleak scan ran)"
else
	echo "PASS kernel.no_leak"
fi

if [ "$KUNIT" = 1 ]; then
	if grep -q 'KTAP version' "$console"; then
		awk -f "$top/tests/ktap-parse.awk" "$console"
	else
		echo "FAIL kunit.ran (no KTAP on the console)"
	fi
	for s in $KUNIT_SUITES; do
		if grep -Eq "^(\[ *[0-9.]+\] )?    # Subtest: $s"$'\r'"?\$" "$console"; then
			echo "PASS kunit.suite_ran.$s"
		else
			echo "FAIL kunit.suite_ran.$s (the suite did not run)"
		fi
	done
fi

# A host hook reports what it did as KTAP; one that said nothing failed.
if [ -n "$HOST_HOOK" ]; then
	if [ -s "$run/hook.ktap" ] && grep -q '^KTAP version' "$run/hook.ktap"; then
		awk -f "$top/tests/ktap-parse.awk" "$run/hook.ktap" | sed "s/ / hook.$HOST_HOOK./"
	else
		echo "FAIL hook.$HOST_HOOK.reported (no KTAP from the host hook)"
	fi
fi

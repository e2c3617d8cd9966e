#!/bin/bash
# judge-run.sh RUN_DIR: judge one boot from its logs alone and print a
# "PASS|FAIL|SKIP name [(why)]" line per check. RUN_DIR holds console.log,
# results.log, qemu.rc, optionally hook.ktap, and settings (shell
# assignments written by run-scenario.sh):
#   GUEST_TEST   the guest script that ran
#   KUNIT        1: KUnit KTAP on the console is parsed too
#   KUNIT_SUITES suites that must have run: each needs a case that passed
#   HOST_HOOK    a host hook ran beside the guest and must report hook.ktap
#   SANITIZED    1: the kernel has kmemleak, so it must have been on and
#                a leak scan must have run
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

# guest/init prints the script's status once it exited: the last such line.
# Another one came from the script itself and could hide the real status.
status=$(sed -n "s/^GUEST-STATUS $GUEST_TEST \([^\r]*\)\r*\$/\1/p" "$results" | tail -n 1)
lines=$(grep -c "^GUEST-STATUS $GUEST_TEST " "$results" || true)
if [ "$lines" -gt 1 ]; then
	echo "FAIL guest.script_exit ($lines status lines: the script printed one; init's: $status)"
else
	case "$status" in
	0) echo "PASS guest.script_exit" ;;
	"") echo "FAIL guest.script_exit (no status: the guest never finished the script)" ;;
	missing | not-executable) echo "FAIL guest.script_exit (/tests/$GUEST_TEST.sh is $status)" ;;
	*) echo "FAIL guest.script_exit (/tests/$GUEST_TEST.sh exited $status)" ;;
	esac
fi

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
# refcount_t's saturation warnings, SLUB's object checks ("BUG kmalloc-64
# (Not tainted): Redzone overwritten"), arm64's fault reports.
splat="$splat|refcount_t: |BUG [^ :]+ \((Not tainted|Tainted: [^)]*)\): "
splat="$splat|Unable to handle kernel"
if line=$(grep -Em1 "$splat" "$console"); then
	echo "FAIL kernel.no_splat ($line)"
else
	echo "PASS kernel.no_splat"
fi
leak='unreferenced object 0x|kmemleak: [0-9]+ new suspected memory leaks'
if line=$(grep -Em1 "$leak" "$console"); then
	echo "FAIL kernel.no_leak ($line)"
elif [ "$SANITIZED" = 1 ] && ! grep -q '^GUEST-KMEMLEAK scanned' "$results"; then
	why=$(sed -n 's/^GUEST-KMEMLEAK \([^\r]*\)\r*$/\1/p' "$results" | tail -n 1)
	echo "FAIL kernel.no_leak (no kmemleak scan ran${why:+: $why})"
elif [ "$SANITIZED" = 1 ] &&
	line=$(grep -m1 'kmemleak: Kernel memory leak detector disabled' "$console"); then
	# Off from boot (kmemleak=off) or switched off since: no scan found leaks.
	echo "FAIL kernel.no_leak (kmemleak was off: $line)"
else
	echo "PASS kernel.no_leak"
fi

if [ "$KUNIT" = 1 ]; then
	kunit=""
	if grep -q 'KTAP version' "$console"; then
		kunit=$(awk -f "$top/tests/ktap-parse.awk" "$console")
		[ -z "$kunit" ] || echo "$kunit"
	else
		echo "FAIL kunit.ran (no KTAP on the console)"
	fi
	# A suite ran only if one of its cases passed: one that only skipped
	# tested nothing.
	for s in $KUNIT_SUITES; do
		if grep -q "^PASS $s\." <<<"$kunit"; then
			echo "PASS kunit.suite_ran.$s"
		elif grep -Eq "^(\[ *[0-9.]+\] )?    # Subtest: $s"$'\r'"?\$" "$console"; then
			echo "FAIL kunit.suite_ran.$s (no case of the suite passed)"
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

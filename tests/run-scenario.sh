#!/bin/bash
# run-scenario.sh NAME: boot tests/scenarios/NAME.conf and judge it. Prints
# one "ok"/"not ok" line per test and writes the counts to
# build/runs/NAME/verdict as "PASSED FAILED SKIPPED".
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
name=$1
conf=$top/tests/scenarios/$name.conf
run=$top/build/runs/$name

[ -f "$conf" ] || { echo "run-scenario: no scenario $conf" >&2; exit 2; }

# Scenario settings (see tests/scenarios/README.md).
TPM=none CPU_FLAGS="" CMDLINE="" TIMEOUT=120 HOST_HOOK="" KUNIT=0
GUEST_TEST=$name
# shellcheck source=/dev/null
. "$conf"
[ "$KUNIT" = 1 ] && CMDLINE="kunit.enable=1 $CMDLINE"

rm -rf "$run"
mkdir -p "$run"
start=$(date +%s.%N)
SCENARIO=$GUEST_TEST TPM=$TPM CPU_FLAGS=$CPU_FLAGS CMDLINE=$CMDLINE \
	TIMEOUT=$TIMEOUT HOST_HOOK=$HOST_HOOK \
	"$top/tests/boot-guest.sh" "$run" && rc=0 || rc=$?
end=$(date +%s.%N)
touch "$run/console.log" "$run/results.log"

{
	awk -f "$top/tests/ktap-parse.awk" "$run/results.log"
	[ "$KUNIT" = 1 ] && awk -f "$top/tests/ktap-parse.awk" "$run/console.log"

	if grep -q "^GUEST-DONE $GUEST_TEST" "$run/results.log"; then
		echo "PASS boot.completed"
	elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		echo "FAIL boot.completed (timed out after ${TIMEOUT}s)"
	else
		echo "FAIL boot.completed (qemu exit $rc, see $run/qemu.log)"
	fi

	splat='(BUG:|WARNING:|Oops|KASAN:|UBSAN:|Kernel panic|general protection fault'
	splat="$splat|INFO: task .* blocked|possible (recursive|circular) locking"
	splat="$splat|inconsistent lock state|suspicious RCU usage|DEBUG_LOCKS_WARN_ON"
	splat="$splat|INFO: lockdep|Call Trace:)"
	if grep -Eq "$splat" "$run/console.log"; then
		echo "FAIL kernel.no_splat ($(grep -Em1 "$splat" "$run/console.log"))"
	else
		echo "PASS kernel.no_splat"
	fi
	if [ "$KUNIT" = 1 ] && ! grep -q 'KTAP version' "$run/console.log"; then
		echo "FAIL kunit.ran (no KTAP on the console)"
	fi
} >"$run/judged"

passed=0 failed=0 skipped=0
while read -r verdict test; do
	case "$verdict" in
	PASS) echo "ok $name: $test"; passed=$((passed + 1)) ;;
	SKIP) echo "ok $name: $test # SKIP"; skipped=$((skipped + 1)) ;;
	*) echo "not ok $name: $test"; failed=$((failed + 1)) ;;
	esac
done <"$run/judged"
grep -h '^# ' "$run/results.log" | sed "s/^/    $name /" || true
printf '# %s: %d passed, %d failed, %d skipped in %.1f s (%s)\n' "$name" \
	"$passed" "$failed" "$skipped" "$(echo "$end - $start" | bc)" "$(cat "$run/accel")"
echo "$passed $failed $skipped" >"$run/verdict"

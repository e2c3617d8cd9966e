#!/bin/bash
# mutation-caught.sh RUN_DIR: did this boot catch a planted bug? Prints
# the promise checks that failed, one a line, and exits 0 if there is
# one; exits 1, printing why not, otherwise. A catch is a failed promise
# check in a guest that booted and ran its script: the guest's init
# printed the script's exit status (GUEST-STATUS), and a check of the
# guest's KTAP, a KUnit case or a detector of the kernel (a splat, a
# leak) failed. The runner's own checks (a missing plan, no GUEST-DONE,
# no power-off, a silent hook) are not promises: a guest that never
# started, or hung before its script ended, catches nothing.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$1
GUEST_TEST="" KUNIT=0
# shellcheck source=/dev/null
. "$run/settings"
if ! grep -q "^GUEST-STATUS $GUEST_TEST " "$run/results.log" 2>/dev/null; then
	echo "the guest never ran its script to the end (no GUEST-STATUS)"
	exit 1
fi
# ktap.plan and ktap.tested judge the script's output, not the kernel.
promise_fails() {
	awk -f "$top/tests/ktap-parse.awk" "$1" | sed -n 's/^FAIL //p' |
		grep -Ev '^([^ ]*\.)?ktap\.(plan|tested) '
}
caught=$({
	promise_fails "$run/results.log"
	[ "$KUNIT" != 1 ] || promise_fails "$run/console.log" | sed 's/^/kunit: /'
	grep -E '^FAIL kernel\.no_(splat|leak) ' "$run/judged" | sed 's/^FAIL //'
} || true)
if [ -z "$caught" ]; then
	echo "no promise check failed"
	exit 1
fi
echo "$caught"

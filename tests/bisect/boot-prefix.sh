#!/bin/bash
# boot-prefix.sh CONF IMAGE RUN_DIR: boot the kernel IMAGE of one prefix as
# CONF says (tests/bisect/*.conf: the variables of tests/scenarios/*.conf,
# ARCHES naming the one architecture, plus CRNG_AT_INIT) and judge it:
# tests/judge-run.sh's checks (the guest script's KTAP, boot completed and
# powered off, no splat), and with CRNG_AT_INIT (ready or not-ready) the
# console's order of "crng init done" and "Run /init"
# (tests/bisect/crng-order.sh). Writes RUN_DIR/judged, a "PASS|FAIL CHECK"
# line per check. tests/run-scenario.sh is not used: it boots x86_64 alone
# from a conf given by path, and keeps verdicts, which a prefix never wants.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
conf=$1 image=$2 run=$3
TPM=none CMDLINE="" TIMEOUT=120 KUNIT=0 KUNIT_SUITES="" FIRMWARE=qboot DEVICES=""
SMP=2 MEM=256 ARCHES=x86_64 CRNG_AT_INIT=""
GUEST_TEST=$(basename "$conf" .conf)
# shellcheck source=/dev/null
. "$conf"
[ "$KUNIT" = 1 ] && CMDLINE="kunit.enable=1 $CMDLINE"

rm -rf "$run"
mkdir -p "$run"
# shellcheck disable=SC2086,SC2116 # one line of names
cat >"$run/settings" <<EOS
GUEST_TEST=$GUEST_TEST
KUNIT=$KUNIT
KUNIT_SUITES="$(echo $KUNIT_SUITES)"
SANITIZED=0
TIMEOUT=$TIMEOUT
EOS
# KERNEL=vanilla: no policy on the command line of an arm64 or m68k boot
# (boot-guest.sh adds the series' there); a prefix has only CONF's.
SCENARIO=$GUEST_TEST ARCH=$ARCHES KERNEL=vanilla KERNEL_IMAGE=$image TPM=$TPM \
	CMDLINE=$CMDLINE TIMEOUT=$TIMEOUT FIRMWARE=$FIRMWARE DEVICES=$DEVICES SMP=$SMP \
	MEM=$MEM "$top/tests/boot-guest.sh" "$run" || true
{
	"$top/tests/judge-run.sh" "$run"
	[ -z "$CRNG_AT_INIT" ] || "$top/tests/bisect/crng-order.sh" "$run/console.log" "$CRNG_AT_INIT"
} >"$run/judged"

#!/bin/bash
# run-scenario.sh [ARCH/]NAME|PATH.conf: boot tests/scenarios/NAME.conf
# (or the scenario file PATH.conf, e.g. tests/bisect/prefix-boot.conf) on
# ARCH (x86_64 when not given) and judge it (tests/judge-run.sh). Prints
# one "ok"/"not ok" line per test and writes the counts to
# build/runs/[ARCH/]NAME/verdict as "PASSED FAILED SKIPPED".
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
arch=x86_64
case "$1" in
*.conf) conf=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") name=$(basename "$1" .conf) ;;
*/*) arch=${1%%/*} name=$1 conf=$top/tests/scenarios/${1#*/}.conf ;;
*) name=$1 conf=$top/tests/scenarios/$1.conf ;;
esac
# RUNS: where the run directories go (make mutate keeps its own).
run=${RUNS:-$top/build/runs}/$name

[ -f "$conf" ] || { echo "run-scenario: no scenario $conf" >&2; exit 2; }

# Scenario settings (see tests/scenarios/README.md).
TPM=none CPU_FLAGS="" CMDLINE="" TIMEOUT=120 HOST_HOOK="" KUNIT=0
KUNIT_SUITES="" KERNEL=test SMP=2 EXPECT_FAIL="" FIRMWARE=qboot DEVICES="" DISK="" FW_CFG="" MEM=256
CPU_RNG=on ARCHES=x86_64
GUEST_TEST=$(basename "$name")
# shellcheck source=/dev/null
. "$conf"
case " $ARCHES " in
*" $arch "*) ;;
*) echo "run-scenario: $name: ARCHES is \"$ARCHES\", not $arch" >&2; exit 2 ;;
esac
[ "$KUNIT" = 1 ] && CMDLINE="kunit.enable=1 $CMDLINE"
obj=$top/build/obj-$KERNEL
[ "$arch" = x86_64 ] || obj=$top/build/obj-$arch-$KERNEL
sanitized=0
config=$obj/.config
# A disk boots the kernel installed on it: the debian variant's package,
# or Debian's own (no KERNEL=), whose configuration has no kmemleak.
[ -n "$DISK" ] && [ "$KERNEL" != debian ] && config=/dev/null
grep -q '^CONFIG_DEBUG_KMEMLEAK=y' "$config" 2>/dev/null && sanitized=1

# A scenario that passed with exactly these inputs is not booted again:
# its verdict stands, said as such (FORCE=1 boots every scenario, and a
# fresh clone, as in CI, has no verdicts to keep).
inputs=$(ARCH=$arch "$top/tests/scenario-inputs.sh" "$conf")
# A disk-booted scenario also depends on its disk (made here if stale):
# the Debian packages, the kernel's, the policy package, guest/debian/.
if [ -n "$DISK" ]; then
	disk=$("$top/scripts/pack-rootfs.sh" "$DISK")
	inputs="$inputs $(cat "$disk.id")"
fi
if [ "${FORCE:-0}" != 1 ] && [ "$(cat "$run/inputs" 2>/dev/null)" = "$inputs" ] &&
	read -r p f _ <"$run/verdict" 2>/dev/null && [ "$f" = 0 ] && [ "$p" -gt 0 ]; then
	sed -n 's|^PASS \(.*\)$|ok '"$name"': \1|p; s|^SKIP \(.*\)$|ok '"$name"': \1 # SKIP|p' "$run/judged"
	echo "# $name: inputs unchanged since its boot of $(date -r "$run/verdict" '+%F %T');" \
		"verdict kept (FORCE=1 boots it again)"
	exit 0
fi

rm -rf "$run"
mkdir -p "$run"
# shellcheck disable=SC2086,SC2116 # one line of names
cat >"$run/settings" <<EOF
GUEST_TEST=$GUEST_TEST
KUNIT=$KUNIT
KUNIT_SUITES="$(echo $KUNIT_SUITES)"
HOST_HOOK=$HOST_HOOK
SANITIZED=$sanitized
TIMEOUT=$TIMEOUT
EOF
start=$(date +%s.%N)
SCENARIO=$GUEST_TEST TPM=$TPM CPU_FLAGS=$CPU_FLAGS CPU_RNG=$CPU_RNG ARCH=$arch CMDLINE=$CMDLINE \
	TIMEOUT=$TIMEOUT HOST_HOOK=$HOST_HOOK KERNEL=$KERNEL SMP=$SMP \
	FIRMWARE=$FIRMWARE DEVICES=$DEVICES DISK=$DISK FW_CFG=$FW_CFG MEM=$MEM \
	"$top/tests/boot-guest.sh" "$run" || true
end=$(date +%s.%N)

"$top/tests/judge-run.sh" "$run" >"$run/judged"
# A canary plants faults: the checks it names must fail, and that passes.
for c in $EXPECT_FAIL; do
	if grep -q "^FAIL $c " "$run/judged"; then
		sed -i "s/^FAIL $c (\(.*\))\$/PASS $c.caught (as planted: \1)/" "$run/judged"
	else
		sed -i "s/^PASS $c\$/FAIL $c.caught (the planted fault went unreported)/" "$run/judged"
	fi
done

passed=0 failed=0 skipped=0
while read -r verdict test; do
	case "$verdict" in
	PASS) echo "ok $name: $test"; passed=$((passed + 1)) ;;
	SKIP) echo "ok $name: $test # SKIP"; skipped=$((skipped + 1)) ;;
	*) echo "not ok $name: $test"; failed=$((failed + 1)) ;;
	esac
done <"$run/judged"
grep -h '^# ' "$run/results.log" | sed "s|^|    $name |" || true
printf '# %s: %d passed, %d failed, %d skipped in %.1f s (%s, %s)\n' "$name" \
	"$passed" "$failed" "$skipped" "$(echo "$end - $start" | bc)" "${DISK:+$DISK disk}${DISK:-$KERNEL kernel}" \
	"$(cat "$run/accel" 2>/dev/null || echo 'no boot')"
echo "$passed $failed $skipped" >"$run/verdict"
echo "$inputs" >"$run/inputs"

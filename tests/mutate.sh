#!/bin/bash
# mutate.sh [NAME...]: plant each bug of tests/mutations/ (default: all)
# in the series tree, build the kernel it names in a copy of that
# kernel's objects (only what the bug touches is rebuilt), boot the
# scenarios it names, in order, until one catches it: a promise check
# failed in a guest that booted and ran its script
# (tests/mutation-caught.sh; a guest that never started catches
# nothing). The tree is restored after each bug. Prints "ok" or "not ok"
# per bug with its time, and a score; non-zero unless every bug was
# caught. Not part of make test: it takes one build and a boot or two per
# bug.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
work=$top/build/mutate
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"

if [ $# -eq 0 ]; then
	set -- "$top"/tests/mutations/*.patch
else
	set -- "${@/#/$top/tests/mutations/}"
	set -- "${@/%/.patch}"
fi
# The bugs are planted in the tree the kernel builds read: hold their lock
# from planting a bug to restoring the tree, and only then (the boots
# need no lock, and other builds may go on meanwhile).
mkdir -p "$top/build"
exec 9>"$top/build/.build-kernel.lock"
export HWRNG_TREE_LOCKED=1
flock 9
if ! git -C "$tree" diff --quiet; then
	echo "mutate: $tree has uncommitted changes; make kernel first" >&2
	exit 2
fi
flock -u 9
# shellcheck disable=SC2317 # called through the trap
restore() { git -C "$tree" checkout -q -- .; }

# The same make flags as build-kernel.sh: any difference would change
# every object's command line and rebuild the whole kernel.
kmake() {
	make -C "$tree" O="$1" -s ARCH="$arch" CROSS_COMPILE="$cross" \
		CC="ccache ${cross}gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test \
		KBUILD_BUILD_HOST=test -j"$(nproc)" "${@:2}"
}

rm -rf "$work"
mkdir -p "$work"
start=$(date +%s)
caught=0 total=0
for m in "$@"; do
	name=$(basename "$m" .patch)
	kernel=$(sed -n 's/^Kernel: //p' "$m")
	scenarios=$(sed -n 's/^Scenarios: //p' "$m")
	obj=$work/obj-$kernel
	log=$work/$name.log
	total=$((total + 1))
	bug_start=$(date +%s)
	# Kernel: arm64-VARIANT (m68k-VARIANT) builds for arm64 (m68k),
	# whose scenarios are named arm64/NAME (m68k/NAME, run-scenario.sh).
	arch=x86_64 cross="" image=arch/x86/boot/bzImage prefix=""
	case "$kernel" in
	arm64-*) arch=arm64 cross=aarch64-linux-gnu- image=arch/arm64/boot/Image prefix=arm64- ;;
	m68k-*) arch=m68k cross=m68k-linux-gnu- image=vmlinux prefix=m68k- ;;
	esac
	for s in $scenarios; do
		sarch=x86_64
		[ "${s#*/}" = "$s" ] || sarch=${s%%/*}
		k=$(sed -n 's/^KERNEL=//p' "$top/tests/scenarios/${s#*/}.conf")
		if [ "$sarch" != "$arch" ] || [ "$prefix${k:-test}" != "$kernel" ]; then
			echo "mutate: $name: scenario $s boots the $sarch ${k:-test} kernel, not $kernel" >&2
			exit 2
		fi
	done
	[ -d "$obj" ] || cp -a "$top/build/obj-$kernel" "$obj"
	flock 9
	trap restore EXIT
	if ! patch -d "$tree" -p1 -s --no-backup-if-mismatch <"$m" >"$log" 2>&1; then
		echo "not ok $name: does not apply to the series (see $log)"
		restore
		flock -u 9
		continue
	fi
	targets=${image##*/} module=0
	[ "${kernel%module}" != "$kernel" ] && module=1 targets="$targets modules"
	# shellcheck disable=SC2086 # one or two targets
	if ! kmake "$obj" $targets >>"$log" 2>&1 || { [ "$module" = 1 ] &&
		! "$top/scripts/pack-modules.sh" "$obj" "$arch" >>"$log" 2>&1; }; then
		echo "not ok $name: the mutated kernel did not build (see $log)"
		restore
		flock -u 9
		continue
	fi
	restore
	trap - EXIT
	flock -u 9
	# The first scenario that catches it is enough; the others would
	# only cost boots.
	catch="" missed=""
	for s in $scenarios; do
		# ktap_stop_on_fail: the guest script ends at its first failed
		# check (guest/lib/ktap.sh), which is all a catch needs.
		RUNS=$work/runs/$name FORCE=1 KERNEL_IMAGE=$obj/$image \
			KERNEL_CMDLINE_EXTRA="ktap_stop_on_fail ${KERNEL_CMDLINE_EXTRA:-}" \
			"$top/tests/run-scenario.sh" "$s" >>"$log" 2>&1 || true
		if why=$("$top/tests/mutation-caught.sh" "$work/runs/$name/$s" 2>&1); then
			catch="$s ($(echo "$why" | head -n 1))"
			break
		fi
		missed="$missed $s ($(echo "$why" | head -n 1))"
	done
	took=$(($(date +%s) - bug_start))
	if [ -n "$catch" ]; then
		echo "ok $name: caught by $catch in $took s"
		caught=$((caught + 1))
	else
		echo "not ok $name: not caught ($(sed -n 's/^Promise: //p' "$m")):$missed in $took s"
	fi
done
echo "# mutate: $caught of $total planted bugs caught in $(($(date +%s) - start)) s"
[ "$caught" = "$total" ]

#!/bin/bash
# check-bisect.sh: apply patches/series and then patches/test/series to the
# pristine base one patch at a time, in a scratch worktree (build/bisect),
# and at every prefix build the kernel (tinyconfig + guest/kernel.config +
# guest/x86_64.config; options a prefix does not define yet are simply
# absent) and boot it
# (tests/bisect/prefix-boot.conf: init reached, no splat, every built-in
# KUnit suite passes). The first patch is a fix for 6.12 on its own: its
# suite, hwrng_credit, must pass with it and fail with its fix taken out
# (tests/bisect/hwrng-remainder-6.12.diff). Boot logs: build/bisect-runs/.
# Non-zero if any step fails.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/bisect
runs=$top/build/bisect-runs
"$top/scripts/prepare-tree.sh" >/dev/null
[ -d "$tree" ] || git -C "$top/build/linux" worktree add -q --detach "$tree" base
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
kmake() {
	make -C "$tree" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
		-j"$(nproc)" "$@"
}

# build_boot NAME SUITES: build the tree as it stands and boot it; SUITES
# must run. Prints "ok NAME build|boot" lines; non-zero on failure.
build_boot() {
	local name=$1 suites=$2 log=$runs/$1.build.log
	kmake tinyconfig >/dev/null
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -Q .config \
		"$top/guest/kernel.config" "$top/guest/x86_64.config" >/dev/null)
	kmake olddefconfig >/dev/null
	if ! kmake bzImage >"$log" 2>&1; then
		echo "not ok $name build (log: $log)"
		return 1
	fi
	echo "ok $name build"
	KERNEL_IMAGE=$tree/arch/x86/boot/bzImage PREFIX_SUITES=$suites FORCE=1 \
		"$top/tests/run-scenario.sh" "$top/tests/bisect/prefix-boot.conf" \
		>"$runs/$name.boot.log" 2>&1 || true
	cp -a "$top/build/runs/prefix-boot" "$runs/$name"
	if grep -q '^not ok' "$runs/$name.boot.log" ||
		! grep -q '^ok ' "$runs/$name.boot.log"; then
		echo "not ok $name boot (log: $runs/$name.boot.log)"
		return 1
	fi
	echo "ok $name boot"
}

rm -rf "$runs"
mkdir -p "$runs"
# Start from base: files the series adds may be left from an earlier run.
git -C "$tree" am --abort >/dev/null 2>&1 || true
git -C "$tree" checkout -q -f --detach base
git -C "$top/build/linux" diff --name-only --diff-filter=A base series |
	(cd "$tree" && xargs -r rm -f)

fail=0
first=1
while read -r p; do
	name=$(basename "$p" .patch)
	if ! git -C "$tree" -c user.name=bisect -c user.email=bisect@localhost \
		am -q --keep-cr "$top/$p"; then
		echo "not ok $p applies"
		exit 1
	fi
	suites=""
	[ "$first" = 1 ] && suites=hwrng_credit
	build_boot "$name" "$suites" || fail=1
	if [ "$first" = 1 ]; then
		first=0
		# The same test on the same tree without the fix must fail.
		git -C "$tree" apply "$top/tests/bisect/hwrng-remainder-6.12.diff"
		build_boot "$name-unfixed" hwrng_credit >/dev/null || true
		if grep -q '^FAIL hwrng_credit\.' "$runs/$name-unfixed/judged" 2>/dev/null; then
			echo "ok $name: hwrng_credit fails without the fix"
		else
			echo "not ok $name: hwrng_credit does not fail without the fix"
			fail=1
		fi
		git -C "$tree" apply -R "$top/tests/bisect/hwrng-remainder-6.12.diff"
	fi
done < <("$top/scripts/series-patches.sh")
exit "$fail"

#!/bin/bash
# check-bisect.sh: build and boot the kernel at every prefix of the three
# series, in scripts/series-patches.sh's order: base, then each patch of
# patches/upstream/, patches/ and patches/test/, applied one at a time in a
# scratch worktree of build/linux (build/bisect). Each prefix is built once
# for x86_64 (tests/bisect/build-prefix.sh) and booted for everything it
# must show (tests/bisect/boot-prefix.sh, with tests/bisect/BOOT.conf):
#   trusted-seed      every prefix: OVMF's 32-byte EFI seed, trusted,
#                     readies the CRNG before init
#   prefix-boot       every prefix with KUnit suites built in: all pass
#   upstream-fixes    base and patches/upstream/: the reproducers of 0001
#                     (carry.*) and 0003 (quality.*)
#   m68k-seed-policy  the prefixes before and with patches/upstream/0002,
#                     also built for m68k: an untrusted bootinfo seed does
#                     not ready the CRNG before init
# Every check of every boot must pass but those expected_failures names:
# a reproducer must fail on the prefix before its fix. One "ok"/"not ok"
# line per build and boot; logs in build/bisect-runs/PREFIX/. Non-zero if
# anything failed.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/bisect
obj=$top/build/bisect-obj
obj_m68k=$top/build/bisect-obj-m68k
runs=$top/build/bisect-runs
bisect=$top/tests/bisect
start=$SECONDS

for f in initramfs.cpio.gz initramfs-m68k.cpio.gz; do
	[ -f "$top/build/$f" ] || {
		echo "check-bisect: build/$f missing (guest/build-initramfs.sh x86_64 m68k)" >&2
		exit 2
	}
done
# build/linux is shared with every other build: unpack it under their lock.
if [ ! -d "$top/build/linux/.git" ]; then
	mkdir -p "$top/build"
	"$top/scripts/prepare-tree.sh" >/dev/null
fi
[ -d "$tree" ] || git -C "$top/build/linux" worktree add -q --detach "$tree" base

# prefix_id PATCH: the prefix's short name, SERIES-NNNN.
prefix_id() {
	local n
	n=$(basename "$1")
	n=${n%%-*}
	case "$1" in
	patches/upstream/*) echo "upstream-$n" ;;
	patches/test/*) echo "test-$n" ;;
	*) echo "series-$n" ;;
	esac
}

# has_kunit_suites: the x86_64 kernel has KUnit suites built in (none
# before patches/0001, the first that adds one).
has_kunit_suites() {
	nm "$obj/vmlinux" 2>/dev/null | awk '$3 == "__kunit_suites_start" { s = $1 }
		$3 == "__kunit_suites_end" { e = $1 } END { exit !(s != e) }'
}

# boots_at PREFIX: the x86_64 boots PREFIX must pass.
boots_at() {
	! has_kunit_suites || echo prefix-boot
	echo trusted-seed
	case "$1" in
	base | upstream-*) echo upstream-fixes ;;
	esac
}

# expected_failures PREFIX BOOT: the checks (globs) of BOOT that must fail
# at PREFIX: each reproducer before its fix. 0001's is judged at base and
# after, 0003's up to and with it, 0002's on m68k before and with it.
expected_failures() {
	case "$1:$2" in
	base:upstream-fixes) echo 'carry.* quality.*' ;;
	upstream-0001:upstream-fixes | upstream-0002:upstream-fixes) echo 'quality.*' ;;
	# guest/m68k-init.c sees the same: its first getrandom() did not block.
	upstream-0001:m68k-seed-policy)
		echo 'crng.not_ready_before_init crng_ready_after_read guest.script_exit'
		;;
	esac
}

# matches NAME GLOB...: NAME matches one of the GLOBs.
matches() {
	local name=$1 glob
	shift
	for glob; do
		# shellcheck disable=SC2254 # GLOB is a pattern
		case "$name" in $glob) return 0 ;; esac
	done
	return 1
}

# verdict PREFIX BOOT RUN: judge RUN/judged against expected_failures:
# every failed check expected, every expected glob matching a failure.
# Prints the line and what the boot measured; non-zero when not ok.
verdict() {
	local prefix=$1 boot=$2 run=$3 expected failed unexpected="" missing="" f g
	local -
	set -f
	expected=$(expected_failures "$prefix" "$boot")
	failed=$(sed -n 's/^FAIL \([^ ]*\).*/\1/p' "$run/judged")
	for f in $failed; do
		# shellcheck disable=SC2086 # a list of globs
		matches "$f" $expected || unexpected="$unexpected $f"
	done
	for g in $expected; do
		# shellcheck disable=SC2086 # a list of names
		matches_any "$g" $failed || missing="$missing $g"
	done
	if [ -z "$unexpected$missing" ]; then
		echo "ok $prefix $boot${expected:+: fails as it must before its fix ($(tr '\n' ' ' <<<"$failed" | sed 's/ $//'))}"
	else
		echo "not ok $prefix $boot:${unexpected:+ failed:$unexpected}${missing:+ passed, but must fail before its fix:$missing} (log: $run)"
	fi
	# What it measured: the console's order and the guest's numbers and
	# reasons; then the failures that have no reason there.
	{
		grep -E '^(PASS|FAIL) crng\.' "$run/judged"
		grep -E '^# ([a-z_][a-z0-9_.]*: |entropy_avail|next fill read|first blocking)' \
			"$run/results.log"
		awk 'FNR == NR { if (/^# [a-z_.0-9]+: /) why[substr($2, 1, length($2) - 1)] = 1; next }
			/^FAIL / && !($2 in why) && $2 !~ /^crng\./' "$run/results.log" "$run/judged"
	} 2>/dev/null | sed 's/^/    /'
	[ -z "$unexpected$missing" ]
}

# matches_any GLOB NAME...: one of the NAMEs matches GLOB.
matches_any() {
	local glob=$1 name
	shift
	for name; do
		matches "$name" "$glob" && return 0
	done
	return 1
}

# pack_guest_scripts: boot-guest.sh appends OBJ/modules.cpio.gz, a kernel's
# modules, to the initramfs; the prefixes have no modules, so the archive
# carries the bisect boots' guest scripts (tests/bisect/guest/) instead.
pack_guest_scripts() {
	local stage
	stage=$(mktemp -d)
	mkdir -m 0755 "$stage/tests"
	install -m 0755 "$bisect"/guest/*.sh "$stage/tests/"
	mkdir -p "$obj"
	(cd "$stage" && find tests | cpio -o -H newc --quiet) | gzip -1 >"$obj/modules.cpio.gz"
	rm -rf "$stage"
}

# check_prefix PREFIX: build the tree as it stands and boot it for all
# that PREFIX must show.
check_prefix() {
	local prefix=$1 boot
	mkdir -p "$runs/$prefix"
	echo "# $prefix: $(git -C "$tree" log -1 --format=%s)"
	if ! "$bisect/build-prefix.sh" x86_64 "$tree" "$obj" "$runs/$prefix/build.log"; then
		echo "not ok $prefix build (log: $runs/$prefix/build.log)"
		fail=1
		return
	fi
	echo "ok $prefix build"
	for boot in $(boots_at "$prefix"); do
		"$bisect/boot-prefix.sh" "$bisect/$boot.conf" "$obj/arch/x86/boot/bzImage" \
			"$runs/$prefix/$boot"
		verdict "$prefix" "$boot" "$runs/$prefix/$boot" || fail=1
	done
	case "$prefix" in
	upstream-0001 | upstream-0002) ;;
	*) return ;;
	esac
	if ! "$bisect/build-prefix.sh" m68k "$tree" "$obj_m68k" "$runs/$prefix/build-m68k.log"; then
		echo "not ok $prefix build m68k (log: $runs/$prefix/build-m68k.log)"
		fail=1
		return
	fi
	echo "ok $prefix build m68k"
	"$bisect/boot-prefix.sh" "$bisect/m68k-seed-policy.conf" "$obj_m68k/vmlinux" \
		"$runs/$prefix/m68k-seed-policy"
	verdict "$prefix" m68k-seed-policy "$runs/$prefix/m68k-seed-policy" || fail=1
}

rm -rf "$runs"
mkdir -p "$runs"
# Start from base, and from nothing a failed run left behind.
git -C "$tree" am --abort >/dev/null 2>&1 || true
git -C "$tree" checkout -q -f --detach base
git -C "$tree" clean -q -ffdx
pack_guest_scripts

fail=0
check_prefix base
while read -r p; do
	if ! git -C "$tree" -c user.name=bisect -c user.email=bisect@localhost \
		am -q --keep-cr "$top/$p"; then
		echo "not ok $p applies"
		exit 1
	fi
	check_prefix "$(prefix_id "$p")"
done < <("$top/scripts/series-patches.sh")
echo "# check-bisect: $((SECONDS - start)) s; logs in build/bisect-runs/"
exit "$fail"

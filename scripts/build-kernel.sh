#!/bin/bash
# build-kernel.sh [VARIANT...]: build the test kernels (default: "test
# module", the two x86_64 sanitizer kernels). Each variant is tinyconfig
# plus config fragments from guest/ (kernel.config, then the
# architecture's), built out of tree in build/obj-VARIANT from the one
# patched source tree build/linux:
#   test     x86_64 + policy.config + sanitizers.config   driver built in
#   module   the same + module.config + x86_64-module.config
#            driver, tpm_tis and tpm_crb as modules (plus the kernel's
#            lkdtm and kmemleak-test modules, to prove the detectors work)
#   bench    x86_64 + policy.config + bench.config   no sanitizers, functions
#            aligned to 64 bytes, for make bench
#   bench-hmac  the same + hmac.config   TPM2 HMAC sessions, for bench/tpm-hmac.sh
#   vanilla  x86_64 + vanilla.config on the unpatched base (tpm-rng-0
#            built in, as distributions ship it), in build/vanilla
#   debian   not tinyconfig: Debian's own configuration of this kernel
#            (scripts/debian-kernel-config.sh), trimmed by make
#            localmodconfig to the modules of guest/debian/lsmod.amd64,
#            + guest/debian/kernel.config; packaged by make bindeb-pkg as
#            Debian packages (build/obj-debian/debs/), release
#            VERSION-hwrng-seed, for the Debian disks (scripts/pack-rootfs.sh)
#   arm64-test, arm64-module   arm64.config + sanitizers.config (+
#            module.config): as test and module, for QEMU's arm64 virt
#   arm64-bench, arm64-vanilla   as bench and vanilla, for arm64
#   m68k-test, m68k-vanilla   m68k.config alone (no TPM, no sanitizers):
#            the series, and the base with the series' trust_bootloader fix
# arm64 and m68k have no CONFIG_CMDLINE that the boot loader's line
# follows: boot-guest.sh puts the policy on that line. A *-vanilla variant
# other than vanilla builds in place in its own worktree,
# build/obj-VARIANT (kbuild refuses O= from a source tree that was built
# in). Every option a fragment asks for is verified after olddefconfig.
# A variant whose inputs did not change since its last successful build is
# skipped.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# VARIANT=NAME is the older spelling of one argument ("series": bench).
if [ $# -eq 0 ]; then
	case "${VARIANT:-}" in
	"") set -- test module ;;
	series) set -- bench ;;
	*) set -- "$VARIANT" ;;
	esac
fi

ccache=
command -v ccache >/dev/null && ccache="ccache "
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"

# variant_fragments VARIANT: the config fragments of VARIANT, in merge order.
variant_fragments() {
	local x86="guest/kernel.config guest/x86_64.config"
	local arm64="guest/kernel.config guest/arm64.config"
	# shellcheck disable=SC2086 # $x86 and $arm64 are lists of paths
	case "$1" in
	test) echo $x86 guest/policy.config guest/sanitizers.config ;;
	module) echo $x86 guest/policy.config guest/sanitizers.config guest/module.config \
		guest/x86_64-module.config ;;
	bench) echo $x86 guest/policy.config guest/bench.config ;;
	bench-hmac) echo $x86 guest/policy.config guest/bench.config guest/hmac.config ;;
	vanilla) echo $x86 guest/vanilla.config ;;
	debian) echo guest/debian/kernel.config ;;
	arm64-test) echo $arm64 guest/sanitizers.config ;;
	arm64-module) echo $arm64 guest/sanitizers.config guest/module.config ;;
	arm64-bench) echo $arm64 guest/bench.config ;;
	arm64-vanilla) echo $arm64 guest/vanilla.config ;;
	m68k-test) echo guest/m68k.config ;;
	m68k-vanilla) echo guest/m68k.config ;;
	*)
		echo "build-kernel: unknown variant '$1' (test, module, bench, bench-hmac," \
			"vanilla, debian, arm64-test, arm64-module," \
			"arm64-bench, arm64-vanilla, m68k-test, m68k-vanilla)" >&2
		return 2 ;;
	esac
}

# variant_arch VARIANT: the kernel's ARCH.
variant_arch() {
	case "$1" in
	arm64-*) echo arm64 ;;
	m68k-*) echo m68k ;;
	*) echo x86_64 ;;
	esac
}

# arch_image ARCH: the image QEMU boots, relative to the build directory.
arch_image() {
	case "$1" in
	arm64) echo arch/arm64/boot/Image ;;
	m68k) echo vmlinux ;;
	*) echo arch/x86/boot/bzImage ;;
	esac
}

build_variant() {
	local variant=$1 src obj inputs frags id stamp log arch image cross debian_config=
	frags=$(variant_fragments "$variant")
	arch=$(variant_arch "$variant")
	image=$(arch_image "$arch")
	if [ "$variant" = vanilla ]; then
		src=$top/build/vanilla obj=$top/build/vanilla inputs=""
	elif [ "$variant" = m68k-vanilla ]; then
		# QEMU's m68k virt passes a bootinfo seed, which vanilla credits
		# before it parses random.trust_bootloader=off: the series' second
		# patch, a fix, lets the jitter-only boot be one on vanilla too.
		src=$top/build/obj-$variant obj=$top/build/obj-$variant
		inputs=$(cd "$top" && echo patches/upstream/0002-random-apply-random.trust_bootloader-*.patch)
	elif [ "${variant%vanilla}" != "$variant" ]; then
		src=$top/build/obj-$variant obj=$top/build/obj-$variant inputs=""
	elif [ "$variant" = debian ]; then
		debian_config=$("$top/scripts/debian-kernel-config.sh")
		src=$top/build/linux obj=$top/build/obj-$variant
		inputs="patches drivers guest/debian/lsmod.amd64 scripts/debian-kernel-config.sh"
		inputs="$inputs ${debian_config#"$top"/}"
	else
		src=$top/build/linux obj=$top/build/obj-$variant inputs="patches drivers"
	fi
	stamp=$top/build/kernel-$variant.stamp
	log=$top/build/kernel-build-$variant.log
	cross=
	case "$arch" in
	arm64) cross=aarch64-linux-gnu- ;;
	m68k) cross=m68k-linux-gnu- ;;
	esac
	# The toolchain and the source package are inputs too: kernels are
	# kept in a cache outside the clone (build-cache.sh), for any clone.
	# A patch counts without the commit id and date that each export
	# rewrites; a cover letter, which no tree applies, not at all.
	# shellcheck disable=SC2086 # $inputs and $frags are lists of paths
	id=$({
		cd "$top" && find $inputs $frags scripts/build-kernel.sh scripts/pack-modules.sh \
			scripts/prepare-tree.sh -type f ! -name 0000-cover-letter.patch -print0 |
			sort -z | while IFS= read -r -d '' f; do
				echo "$f $(sed '1{/^From [0-9a-f]\{40\} /d}; /^Date: /d' "$f" | sha256sum)"
			done
		"${cross}gcc" --version | head -n 1
		"${cross}ld" --version | head -n 1
		dpkg-query -W -f='${Version}\n' linux-source-6.12
	} | sha256sum | cut -d' ' -f1)
	if [ -f "$obj/$image" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$id" ] &&
		{ [ "$variant" != debian ] || ls "$obj"/debs/linux-image-*.deb >/dev/null 2>&1; }; then
		echo "build-kernel: $variant up to date"
		echo "up to date" >"$top/build/kernel-$variant.note"
		return 0
	fi
	rm -f "$stamp"
	if "$top/scripts/build-cache.sh" restore kernels "$variant-$id" "$obj"; then
		echo "build-kernel: $variant from the machine's kernel cache"
		echo "from the kernel cache" >"$top/build/kernel-$variant.note"
		echo "$id" >"$stamp"
		return 0
	fi

	"$top/scripts/prepare-tree.sh"
	if [ "$src" = "$obj" ] && [ ! -d "$src" ]; then
		git -C "$top/build/linux" worktree prune
		git -C "$top/build/linux" worktree add -q --detach "$src" base
	fi
	if [ "$variant" = m68k-vanilla ]; then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		git -C "$src" checkout -q -f --detach base
		git -C "$src" -c user.name=fix -c user.email=fix@localhost am -q "$top/$inputs"
	fi
	# The module kernel differs from the test kernel in a few symbols:
	# start from a copy of the test kernel's objects, and kbuild (which
	# tracks each object's CONFIG_ dependencies) rebuilds only what they
	# touch, instead of the whole tree.
	local test=${variant%module}test
	if [ "$test" != "${variant}test" ] && [ ! -d "$obj" ] &&
		[ -f "$top/build/kernel-$test.stamp" ]; then
		echo "build-kernel: $variant starts from a copy of the $test kernel's objects"
		cp -a "$top/build/obj-$test" "$obj"
		rm -f "$obj/.config-fragment"
	fi
	mkdir -p "$obj"
	kmake() {
		make -C "$src" O="$obj" -s ARCH="$arch" CROSS_COMPILE="$cross" \
			CC="${ccache}${cross}gcc" HOSTCC="${ccache}gcc" \
			KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test \
			KBUILD_BUILD_HOST=test -j"$(nproc)" "$@"
	}

	# The fragments as merged; for debian, a comment naming its base too.
	fragment_text() {
		# shellcheck disable=SC2086 # $frags is a list of paths
		(cd "$top" && cat $frags)
		[ -z "${debian_config:-}" ] ||
			echo "# base: $(cat "$debian_config" "$top/guest/debian/lsmod.amd64" | sha256sum)"
	}
	if ! fragment_text | cmp -s - "$obj/.config-fragment" ||
		[ ! -f "$obj/.config" ]; then
		if [ "$variant" = debian ]; then
			echo "build-kernel: configuring $variant (Debian's config, localmodconfig, + $frags)"
			# Debian's own options first, the series' new ones at their
			# defaults, so that localmodconfig asks nothing.
			cp "$debian_config" "$obj/.config"
			kmake olddefconfig >/dev/null
			kmake localmodconfig LSMOD="$top/guest/debian/lsmod.amd64" </dev/null \
				>"$obj/localmodconfig.log" 2>&1
		else
			echo "build-kernel: configuring $variant (tinyconfig + $frags)"
			kmake tinyconfig >/dev/null
		fi
		local paths=() f
		for f in $frags; do paths+=("$top/$f"); done
		(cd "$obj" && KCONFIG_CONFIG=.config "$src/scripts/kconfig/merge_config.sh" \
			-m -Q .config "${paths[@]}" >/dev/null)
		kmake olddefconfig >/dev/null
		fragment_text >"$obj/.config-fragment"
	fi
	# A fragment the tree cannot honour (yet) is configured again next time.
	if ! verify_config "$variant" "$src" "$obj" ||
		{ [ "$variant" = debian ] && ! verify_debian "$obj"; }; then
		rm -f "$obj/.config-fragment"
		return 1
	fi

	echo "build-kernel: building $variant (log: $log)"
	local start targets=${image##*/}
	start=$(date +%s)
	# Which compiles the machine's cache answered, for make test's phase table.
	rm -f "$top/build/ccache-$variant.log"
	export CCACHE_STATSLOG=$top/build/ccache-$variant.log
	grep -q '^CONFIG_MODULES=y' "$obj/.config" && targets="$targets modules"
	if [ "$variant" = debian ]; then
		set -- build_debs "$obj"
	else
		# shellcheck disable=SC2086 # two targets
		set -- kmake $targets
	fi
	if ! "$@" >"$log" 2>&1; then
		tail -n 40 "$log" >&2
		echo "build-kernel: $variant build failed" >&2
		return 1
	fi
	if [ "${variant%module}" != "$variant" ]; then
		"$top/scripts/pack-modules.sh" "$obj" "$arch"
	fi
	local hits misses
	hits=$(grep -cE '^(direct|preprocessed)_cache_hit$' "$CCACHE_STATSLOG" 2>/dev/null || true)
	misses=$(grep -cx cache_miss "$CCACHE_STATSLOG" 2>/dev/null || true)
	unset CCACHE_STATSLOG
	echo "build-kernel: $variant done in $(($(date +%s) - start)) s" \
		"(ccache: ${hits:-0} hits, ${misses:-0} misses)"
	echo "built; ccache ${hits:-0} hits, ${misses:-0} misses" >"$top/build/kernel-$variant.note"
	# What the boots and make check use: the image, the configuration, the
	# modules' archive or packages, and the list of objects built (sparse
	# checks those).
	(cd "$obj" && find . -name '*.o' | sort >.built-objects)
	local keep=(.built-objects "$image" .config) f
	for f in modules.cpio.gz debs; do
		[ -e "$obj/$f" ] && keep+=("$f")
	done
	"$top/scripts/build-cache.sh" store kernels "$variant-$id" "$obj" "${keep[@]}"
	echo "$id" >"$stamp"
}

# build_debs OBJ: make bindeb-pkg in OBJ (kmake's settings: out of tree,
# ccache), the packages moved from OBJ's parent, where dpkg-buildpackage
# writes them, to OBJ/debs. Its own LOCALVERSION makes its release and
# package names differ from Debian's kernel's (LOCALVERSION set also
# keeps kbuild from adding "+" for the git tree), and a fixed package
# revision makes every build of it the same version. No headers package
# (nothing here builds modules out of tree) and gzip instead of xz: only
# how fast it builds.
build_debs() {
	local obj=$1 release
	release=$(kmake LOCALVERSION=-hwrng-seed kernelrelease)
	rm -rf "$obj/debs"
	kmake LOCALVERSION=-hwrng-seed KDEB_PKGVERSION="$release-1" KDEB_COMPRESS=gzip \
		DPKG_FLAGS=-Ppkg.linux-upstream.nokernelheaders DEB_BUILD_OPTIONS=terse bindeb-pkg
	mkdir -p "$obj/debs"
	mv "$obj"/../linux-image-"$release"_* "$obj"/../linux-libc-dev_"$release"-1_* \
		"$obj"/../linux-upstream_"$release"-1_* "$obj/debs/"
	ls -l "$obj/debs"
}

# verify_debian OBJ: what the series' scenarios take from Debian's
# configuration is still there after localmodconfig and the fragment: the
# TPM's TIS driver and tpm-rng-0 built in, hwrng built in, and no
# built-in command line (the policy comes from the boot loader).
verify_debian() {
	local want bad=0
	for want in CONFIG_TCG_TIS=y CONFIG_HW_RANDOM_TPM=y CONFIG_HW_RANDOM=y; do
		grep -qx "$want" "$1/.config" || {
			echo "build-kernel: debian: Debian's $want is gone" >&2
			bad=1
		}
	done
	if grep -q '^CONFIG_CMDLINE_BOOL=y' "$1/.config"; then
		echo "build-kernel: debian: CONFIG_CMDLINE_BOOL is set; Debian has none" >&2
		bad=1
	fi
	return "$bad"
}

# verify_config VARIANT SRC OBJ: every line of the fragments is in .config
# as asked (the last fragment naming a symbol wins, as in the merge).
verify_config() {
	local variant=$1 src=$2 obj=$3 bad=0 line want sym
	find "$src" -name 'Kconfig*' -print0 | xargs -0 grep -hE '^[[:space:]]*(menu)?config ' |
		awk '{print "CONFIG_" $2}' | sort -u >"$obj/.kconfig-symbols"
	while read -r line; do
		case "$line" in
		CONFIG_*=*) want=$line ;;
		"# CONFIG_"*" is not set") want=$line ;;
		*) continue ;;
		esac
		sym=${want#\# }
		sym=${sym%%[= ]*}
		# "is not set" also holds for a symbol whose dependencies hide it.
		if ! grep -qxF "$want" "$obj/.config" &&
			! { [ "${want#\# }" != "$want" ] && ! grep -qE "(^|# )${sym}[= ]" "$obj/.config"; }; then
			if [ "$src" != "$top/build/linux" ] && ! grep -qxF "$sym" "$obj/.kconfig-symbols"; then
				continue
			fi
			echo "build-kernel: $variant: requested '$want' but .config has:" \
				"$(grep -E "(^|# )${sym}[= ]" "$obj/.config" || echo nothing)" >&2
			bad=1
		fi
	done < <(tac "$obj/.config-fragment" | awk '
		{ s = $0; sub(/^# /, "", s); sub(/[= ].*/, "", s) }
		/^(CONFIG_|# CONFIG_.* is not set)/ { if (seen[s]++) next }
		{ print }')
	[ "$bad" -eq 0 ] || { echo "build-kernel: $variant: config fragment not honoured" >&2; return 1; }
}

# One build at a time: prepare-tree.sh resets the shared source tree when
# the series changes, under any build that is running from it.
mkdir -p "$top/build"
exec 9>"$top/build/.build-kernel.lock"
flock 9
export HWRNG_TREE_LOCKED=1
for v in "$@"; do
	build_variant "$v"
done

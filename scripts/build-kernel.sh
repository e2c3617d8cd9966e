#!/bin/bash
# build-kernel.sh [VARIANT...]: build the test kernels (default: "test
# module", the two that make test boots). Each variant is tinyconfig plus
# config fragments from guest/, built out of tree in build/obj-VARIANT from
# the one patched source tree build/linux:
#   test     kernel.config + policy.config + sanitizers.config   driver built in
#   module   the same + module.config
#            driver, tpm_tis and tpm_crb as modules (plus the kernel's
#            lkdtm and kmemleak-test modules, to prove the detectors work)
#   bench    kernel.config + policy.config + bench.config   no sanitizers, functions
#            aligned to 64 bytes, for make bench
#   bench-hmac  the same + hmac.config   TPM2 HMAC sessions, for bench/tpm-hmac.sh
#   vanilla  kernel.config + vanilla.config on the unpatched base (tpm-rng-0
#            built in, as distributions ship it), in build/vanilla
#   distro   kernel.config + policy.config + module.config + distro.config
#            no sanitizers; what systemd needs, root on virtio-blk
#   distro-vanilla  kernel.config + vanilla.config + module.config +
#            distro.config on the unpatched base, in its own worktree
#            build/obj-distro-vanilla (an in-tree build: kbuild refuses
#            O= from a source tree that was built in)
# Every option a fragment asks for is verified after olddefconfig. A variant
# whose inputs did not change since its last successful build is skipped.
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

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_DIR="${CCACHE_DIR:-$top/build/ccache}"

# variant_fragments VARIANT: the config fragments of VARIANT, in merge order.
variant_fragments() {
	case "$1" in
	test) echo guest/kernel.config guest/policy.config guest/sanitizers.config ;;
	module) echo guest/kernel.config guest/policy.config guest/sanitizers.config \
		guest/module.config ;;
	bench) echo guest/kernel.config guest/policy.config guest/bench.config ;;
	bench-hmac) echo guest/kernel.config guest/policy.config guest/bench.config \
		guest/hmac.config ;;
	vanilla) echo guest/kernel.config guest/vanilla.config ;;
	distro) echo guest/kernel.config guest/policy.config guest/module.config \
		guest/distro.config ;;
	distro-vanilla) echo guest/kernel.config guest/vanilla.config guest/module.config \
		guest/distro.config ;;
	*)
		echo "build-kernel: unknown variant '$1' (test, module, bench, bench-hmac," \
			"vanilla, distro, distro-vanilla)" >&2
		return 2 ;;
	esac
}

build_variant() {
	local variant=$1 src obj inputs frags id stamp log
	frags=$(variant_fragments "$variant")
	if [ "$variant" = vanilla ]; then
		src=$top/build/vanilla obj=$top/build/vanilla inputs=""
	elif [ "$variant" = distro-vanilla ]; then
		src=$top/build/obj-$variant obj=$top/build/obj-$variant inputs=""
	else
		src=$top/build/linux obj=$top/build/obj-$variant inputs="patches drivers"
	fi
	stamp=$top/build/kernel-$variant.stamp
	log=$top/build/kernel-build-$variant.log
	# shellcheck disable=SC2086 # $inputs and $frags are lists of paths
	id=$(cd "$top" && find $inputs $frags scripts/build-kernel.sh scripts/pack-modules.sh \
		scripts/prepare-tree.sh -type f -print0 |
		sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
	if [ -f "$obj/arch/x86/boot/bzImage" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$id" ]; then
		echo "build-kernel: $variant up to date"
		return 0
	fi
	rm -f "$stamp"

	"$top/scripts/prepare-tree.sh"
	if [ "$inputs" = "" ] && [ ! -d "$src" ]; then
		git -C "$top/build/linux" worktree prune
		git -C "$top/build/linux" worktree add -q --detach "$src" base
	fi
	# The module kernel differs from the test kernel in a few symbols:
	# start from a copy of the test kernel's objects, and kbuild (which
	# tracks each object's CONFIG_ dependencies) rebuilds only what they
	# touch, instead of the whole tree.
	if [ "$variant" = module ] && [ ! -d "$obj" ] && [ -f "$top/build/kernel-test.stamp" ]; then
		echo "build-kernel: module starts from a copy of the test kernel's objects"
		cp -a "$top/build/obj-test" "$obj"
		rm -f "$obj/.config-fragment"
	fi
	mkdir -p "$obj"
	kmake() {
		make -C "$src" O="$obj" -s ARCH=x86_64 CC="$cc" HOSTCC="$cc" \
			KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test \
			KBUILD_BUILD_HOST=test -j"$(nproc)" "$@"
	}

	# shellcheck disable=SC2086 # $frags is a list of paths
	if ! (cd "$top" && cat $frags) | cmp -s - "$obj/.config-fragment" ||
		[ ! -f "$obj/.config" ]; then
		echo "build-kernel: configuring $variant (tinyconfig + $frags)"
		kmake tinyconfig >/dev/null
		local paths=() f
		for f in $frags; do paths+=("$top/$f"); done
		(cd "$obj" && KCONFIG_CONFIG=.config "$src/scripts/kconfig/merge_config.sh" \
			-m -Q .config "${paths[@]}" >/dev/null)
		kmake olddefconfig >/dev/null
		# shellcheck disable=SC2086
		(cd "$top" && cat $frags) >"$obj/.config-fragment"
	fi
	# A fragment the tree cannot honour (yet) is configured again next time.
	if ! verify_config "$variant" "$src" "$obj"; then
		rm -f "$obj/.config-fragment"
		return 1
	fi

	echo "build-kernel: building $variant (log: $log)"
	local start targets=bzImage
	start=$(date +%s)
	grep -q '^CONFIG_MODULES=y' "$obj/.config" && targets="bzImage modules"
	# shellcheck disable=SC2086 # two targets
	if ! kmake $targets >"$log" 2>&1; then
		tail -n 40 "$log" >&2
		echo "build-kernel: $variant build failed" >&2
		return 1
	fi
	if [ "$variant" = module ]; then
		"$top/scripts/pack-modules.sh" "$obj"
	fi
	echo "build-kernel: $variant done in $(($(date +%s) - start)) s"
	echo "$id" >"$stamp"
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
for v in "$@"; do
	build_variant "$v"
done

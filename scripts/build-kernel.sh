#!/bin/bash
# Build the test bzImage: prepare the tree, merge guest/kernel.config onto
# tinyconfig, verify every requested option survived, and run kbuild. Skips
# everything when no input changed since the last successful build.
# VARIANT=vanilla builds the unpatched base in build/vanilla instead (for
# side-by-side benchmarks); options that only the series defines are not
# required there.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
variant=${VARIANT:-series}
frag=$top/guest/kernel.config
case "$variant" in
series)
	tree=$top/build/linux
	inputs="patches drivers" ;;
vanilla)
	tree=$top/build/vanilla
	inputs="" ;;
*)
	echo "build-kernel: VARIANT must be series or vanilla" >&2
	exit 2 ;;
esac
image=$tree/arch/x86/boot/bzImage
stamp=$top/build/kernel-$variant.stamp
log=$top/build/kernel-build-$variant.log

inputs_id() {
	# shellcheck disable=SC2086 # $inputs is a list of paths
	(cd "$top" && find $inputs guest/kernel.config \
		scripts/build-kernel.sh scripts/prepare-tree.sh -type f -print0 |
		sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

id=$(inputs_id)
if [ -f "$image" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$id" ]; then
	echo "build-kernel: up to date ($image)"
	exit 0
fi
rm -f "$stamp"

"$top/scripts/prepare-tree.sh"
if [ "$variant" = vanilla ] && [ ! -d "$tree" ]; then
	git -C "$top/build/linux" worktree add -q --detach "$tree" base
fi

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_DIR="${CCACHE_DIR:-$top/build/ccache}"
kmake() {
	make -C "$tree" -s ARCH=x86_64 CC="$cc" HOSTCC="$cc" \
		KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test \
		KBUILD_BUILD_HOST=test -j"$(nproc)" "$@"
}

if ! cmp -s "$frag" "$tree/.config-fragment" || [ ! -f "$tree/.config" ]; then
	echo "build-kernel: configuring (tinyconfig + guest/kernel.config)"
	kmake tinyconfig >/dev/null
	(cd "$tree" && KCONFIG_CONFIG=.config \
		scripts/kconfig/merge_config.sh -m -Q .config "$frag" >/dev/null)
	kmake olddefconfig >/dev/null
	cp "$frag" "$tree/.config-fragment"
fi

# Every option the fragment asks for must be in the final .config as asked.
find "$tree" -name 'Kconfig*' -print0 | xargs -0 grep -hE '^[[:space:]]*(menu)?config ' |
	awk '{print "CONFIG_" $2}' | sort -u >"$tree/.kconfig-symbols"
bad=0
while read -r line; do
	case "$line" in
	CONFIG_*=*)
		want=$line ;;
	"# CONFIG_"*" is not set")
		want=${line#\# }; want=${want% is not set}; want="# $want is not set" ;;
	*) continue ;;
	esac
	if ! grep -qxF "$want" "$tree/.config"; then
		sym=${want#\# }; sym=${sym%%[= ]*}
		if [ "$variant" = vanilla ] && ! grep -qxF "$sym" "$tree/.kconfig-symbols"; then
			continue
		fi
		echo "build-kernel: requested '$want' but .config has:" \
			"$(grep -E "(^|# )${sym}[= ]" "$tree/.config" || echo nothing)" >&2
		bad=1
	fi
done <"$frag"
[ "$bad" -eq 0 ] || { echo "build-kernel: config fragment not honoured" >&2; exit 1; }

echo "build-kernel: building bzImage (log: $log)"
start=$(date +%s)
if ! kmake bzImage >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "build-kernel: kernel build failed" >&2
	exit 1
fi
echo "build-kernel: done in $(( $(date +%s) - start )) s"
echo "$id" >"$stamp"

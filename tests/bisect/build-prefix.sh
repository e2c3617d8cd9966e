#!/bin/bash
# build-prefix.sh ARCH SRC OBJ LOG: configure and build the kernel source
# SRC (one prefix of the series) out of tree in OBJ, compiler output in LOG.
#   x86_64  bzImage: tinyconfig + guest/kernel.config + guest/x86_64.config
#           + tests/bisect/prefix.config
#   m68k    vmlinux: tinyconfig + guest/m68k.config (QEMU's virt machine)
# Options a prefix does not define yet are simply absent. The objects of
# the previous prefix stay in OBJ, so kbuild recompiles only what the
# patch changed, and ccache answers what an earlier run compiled.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1 src=$2 obj=$3 log=$4
case "$arch" in
x86_64)
	cross="" target=bzImage
	frags="guest/kernel.config guest/x86_64.config tests/bisect/prefix.config"
	;;
m68k) cross=m68k-linux-gnu- target=vmlinux frags=guest/m68k.config ;;
*)
	echo "build-prefix: ARCH must be x86_64 or m68k, not '$arch'" >&2
	exit 2
	;;
esac
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
# A fixed banner, so that init/version.c compiles alike at every prefix.
kmake() {
	make -C "$src" O="$obj" -s ARCH="$arch" CROSS_COMPILE="$cross" \
		CC="ccache ${cross}gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=1970-01-01 KBUILD_BUILD_USER=bisect \
		KBUILD_BUILD_HOST=bisect -j"$(nproc)" "$@"
}

mkdir -p "$obj"
kmake tinyconfig >/dev/null
paths=()
for f in $frags; do paths+=("$top/$f"); done
(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -Q .config "${paths[@]}" >/dev/null)
kmake olddefconfig >/dev/null
kmake "$target" >"$log" 2>&1

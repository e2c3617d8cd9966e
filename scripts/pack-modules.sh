#!/bin/bash
# pack-modules.sh OBJ [ARCH]: install the modules of the kernel built in OBJ
# (for ARCH: x86_64, the default, or arm64) into a staging root and pack
# them as OBJ/modules.cpio.gz, the archive boot-guest.sh appends to the
# initramfs.
set -eu

obj=$1 arch=${2:-x86_64} root=$1/modroot
top=$(cd "$(dirname "$0")/.." && pwd)
cross=
[ "$arch" = arm64 ] && cross=aarch64-linux-gnu-
rm -rf "$root"
make -C "$obj" -s ARCH="$arch" CROSS_COMPILE="$cross" INSTALL_MOD_PATH="$root" \
	INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install >/dev/null
rm -f "$root"/lib/modules/*/build "$root"/lib/modules/*/source
# kmod as /sbin/modprobe, the kernel's modprobe path (request_module())
# and what udev runs for a modalias: busybox's modprobe resolves none.
mkdir -p "$root/sbin"
if [ "$arch" = arm64 ]; then
	# Its libraries are in the arm64 initramfs (guest/build-initramfs.sh).
	cp "$("$top/scripts/arm64-debs.sh")/bin/kmod" "$root/sbin/kmod"
else
	cp /usr/bin/kmod "$root/sbin/kmod"
	ldd /usr/bin/kmod | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
fi
ln -sf kmod "$root/sbin/modprobe"
(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) |
	gzip -1 >"$obj/modules.cpio.gz"

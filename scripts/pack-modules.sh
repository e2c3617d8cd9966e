#!/bin/bash
# pack-modules.sh OBJ: install the modules of the kernel built in OBJ into
# a staging root and pack them as OBJ/modules.cpio.gz, the archive
# boot-guest.sh appends to the initramfs.
set -eu

obj=$1 root=$1/modroot
rm -rf "$root"
make -C "$obj" -s INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 \
	DEPMOD=/sbin/depmod modules_install >/dev/null
rm -f "$root"/lib/modules/*/build "$root"/lib/modules/*/source
# kmod as /sbin/modprobe, the kernel's modprobe path (request_module())
# and what udev runs for a modalias: busybox's modprobe resolves none.
mkdir -p "$root/sbin"
cp /usr/bin/kmod "$root/sbin/kmod"
ln -sf kmod "$root/sbin/modprobe"
ldd /usr/bin/kmod | grep -o '/[^ ]*' | while read -r lib; do
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done
(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) |
	gzip -1 >"$obj/modules.cpio.gz"

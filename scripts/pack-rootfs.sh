#!/bin/bash
# pack-rootfs.sh KERNEL: print the path of build/rootfs-debian-KERNEL.img,
# the raw ext4 disk the Debian scenarios boot (tests/boot-guest.sh with
# ROOTFS=debian), packing it first if its inputs changed: the tree of
# scripts/build-rootfs.sh, the modules of build/obj-KERNEL (udev loads
# them from the disk, there is no initramfs), and guest/debian/ with the
# shared helpers of guest/lib/. QEMU opens it with snapshot=on, so a boot
# never changes it.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
kernel=$1
tree=$top/build/rootfs-debian
obj=$top/build/obj-$kernel
img=$top/build/rootfs-debian-$kernel.img
stage=$top/build/rootfs-debian-$kernel.stage

[ -f "$top/build/rootfs-debian.stamp" ] || {
	echo "pack-rootfs: no root file system tree: run scripts/build-rootfs.sh" >&2
	exit 1
}
[ -f "$top/build/kernel-$kernel.stamp" ] || {
	echo "pack-rootfs: kernel $kernel not built: run scripts/build-kernel.sh $kernel" >&2
	exit 1
}
# Scenarios boot in parallel: one packs, the others wait for it.
exec 9>"$top/build/.pack-rootfs-$kernel.lock"
flock 9
id=$(cd "$top" && {
	cat build/rootfs-debian.stamp "build/kernel-$kernel.stamp"
	find scripts/pack-rootfs.sh guest/lib guest/debian -type f -print0 | sort -z |
		xargs -0 sha256sum
} | sha256sum | cut -d' ' -f1)
if [ -f "$img" ] && [ "$(cat "$img.id" 2>/dev/null)" = "$id" ]; then
	echo "$img"
	exit 0
fi
rm -rf "$stage" "$img" "$img.id"
cp -a "$tree" "$stage"
make -C "$obj" -s INSTALL_MOD_PATH="$stage" INSTALL_MOD_STRIP=1 \
	DEPMOD=/sbin/depmod modules_install >/dev/null
rm -f "$stage"/lib/modules/*/build "$stage"/lib/modules/*/source
"$top/guest/debian/install.sh" "$top" "$stage"
# Room for the journal, the seed and the scenarios' scratch files.
size=$(($(du -sm "$stage" | cut -f1) * 5 / 4 + 64))
mke2fs -q -t ext4 -L debian -d "$stage" -F "$img.new" "${size}M" >/dev/null
rm -rf "$stage"
mv "$img.new" "$img"
echo "$id" >"$img.id"
echo "$img"

#!/bin/bash
# build-disk.sh: print the path of build/disks/os-vanilla.img, Debian
# bookworm installed on a UEFI disk as the installer leaves it, building it
# first if its inputs changed: the tree of scripts/build-rootfs.sh (with
# Debian's own kernel) on a GPT disk (scripts/disk-layout.sh: an ESP and
# an ext4 root), then what guest/debian/install-system.sh sets up in it as
# an administrator would, GRUB included. The disk is sparse; QEMU opens it
# with snapshot=on, so a boot never changes it. A disk built before from
# the same inputs, by any clone on this machine, comes from the build cache
# (scripts/build-cache.sh), and then the tree is not needed at all.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/disk-layout.sh
. "$top/scripts/disk-layout.sh"
tree=$top/build/rootfs-debian
out=$top/build/disks
img=$out/os-vanilla.img

id=$( ("$top/scripts/build-rootfs.sh" --id; cd "$top" && cat scripts/build-disk.sh \
	scripts/disk-layout.sh scripts/disk-chroot.sh guest/debian/install-system.sh) |
	sha256sum | cut -d' ' -f1)
if [ -f "$img" ] && [ "$(cat "$img.id" 2>/dev/null)" = "$id" ]; then
	echo "$img"
	exit 0
fi
mkdir -p "$out"
rm -f "$img" "$img.id" "$img.new"
if "$top/scripts/build-cache.sh" restore disks "os-vanilla-$id" "$out"; then
	echo "$img"
	exit 0
fi
"$top/scripts/build-rootfs.sh" >&2
start=$(date +%s)
truncate -s "${DISK_SIZE_MIB}M" "$img.new"
sfdisk --quiet "$img.new" >/dev/null <<EOF
label: gpt
label-id: $DISK_UUID
start=${ESP_START_MIB}MiB, size=${ESP_SIZE_MIB}MiB, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name=ESP
start=${ROOT_START_MIB}MiB, size=${ROOT_SIZE_MIB}MiB, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, name=root
EOF
# Each file system is made at its partition's offset in the disk file;
# FAT32 needs 65525 clusters or more (firmware tells FAT types apart by
# their count): 512-byte clusters in 63 MiB.
# (mkfs.vfat warns that the file is larger than the partition: it is the disk.)
mkfs_esp() {
	mkfs.vfat -F 32 -s 1 -n ESP -i "$ESP_VOLID" --offset=$((ESP_START_MIB * 2048)) \
		"$img.new" $((ESP_SIZE_MIB * 1024)) 2>&1 >/dev/null |
		{ grep -v '^Warning: block count mismatch' || true; } >&2
}
mkfs_esp
mke2fs -q -t ext4 -L debian -U "$ROOT_UUID" -d "$tree" \
	-E offset=$((ROOT_START_MIB * 1024 * 1024)) -F "$img.new" "${ROOT_SIZE_MIB}M"
echo "build-disk: os-vanilla (log: $img.log)" >&2
"$top/scripts/disk-chroot.sh" --esp "$img.new" /bin/sh -s "$ROOT_UUID" \
	"${ESP_VOLID:0:4}-${ESP_VOLID:4}" <"$top/guest/debian/install-system.sh" >"$img.log" 2>&1 || {
	tail -n 20 "$img.log" >&2
	exit 1
}
# fusefat gives each long name a made-up short one ("~1"), which firmware
# need not accept: the ESP is written again, with mtools.
esp=$(mktemp -d)
mcopy -s -n -i "$img.new@@${ESP_START_MIB}M" ::/EFI "$esp/"
mkfs_esp
mcopy -s -i "$img.new@@${ESP_START_MIB}M" "$esp/EFI" ::/
rm -rf "$esp"
mv "$img.new" "$img"
echo "$id" >"$img.id"
"$top/scripts/build-cache.sh" store disks "os-vanilla-$id" "$out" os-vanilla.img os-vanilla.img.id
echo "build-disk: os-vanilla done in $(($(date +%s) - start)) s" >&2
echo "$img"

#!/bin/bash
# disk-chroot.sh [--esp] DISK COMMAND...: run COMMAND as root in the Debian
# system on DISK (scripts/build-disk.sh's layout), as an administrator
# would from a rescue shell: the root partition mounted, /proc and /sys
# bound in, and with --esp the EFI system partition at /boot/efi.
# COMMAND's standard input is this script's: that is how a package or a
# file gets into the system (cat >/tmp/x.deb).
#
# This machine's kernel has no partition nodes for loop devices and no FAT
# driver: each partition is a loop device of its own (losetup -o
# --sizelimit), and the ESP is mounted with FUSE (fusefat), its source
# named after its device so that grub-install finds FAT on it. update-grub
# writes no entry for a root on a device named /dev/loopN (10_linux takes
# it for a file mounted by loop-AES) and names root=UUID= only if
# /dev/disk/by-uuid has it: so it all runs in a mount namespace of its own,
# whose /dev is a small tmpfs with the partitions as /dev/debian-esp and
# /dev/debian-root and their /dev/disk/by-uuid links, as udev would make.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${DISK_CHROOT_NS:-}" != 1 ]; then
	DISK_CHROOT_NS=1 exec unshare --mount --propagation private "$0" "$@"
fi
# shellcheck source=scripts/disk-layout.sh
. "$top/scripts/disk-layout.sh"
esp=0
if [ "${1:-}" = --esp ]; then
	esp=1
	shift
fi
disk=$1
shift
mib=$((1024 * 1024))
mnt=$(mktemp -d "${TMPDIR:-/tmp}/disk-chroot.XXXXXX")
root_loop='' esp_loop=''

# shellcheck disable=SC2317 # called through the trap
cleanup() {
	[ "$esp" = 0 ] || fusermount -u "$mnt/boot/efi" 2>/dev/null || true
	umount -R "$mnt" 2>/dev/null || umount -R -l "$mnt" || true
	[ -z "$esp_loop" ] || losetup -d "$esp_loop" || true
	[ -z "$root_loop" ] || losetup -d "$root_loop" || true
	rmdir "$mnt"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

root_loop=$(losetup -f --show -o $((ROOT_START_MIB * mib)) --sizelimit $((ROOT_SIZE_MIB * mib)) "$disk")
esp_loop=$(losetup -f --show -o $((ESP_START_MIB * mib)) --sizelimit $((ESP_SIZE_MIB * mib)) "$disk")

# node NAME LOOP: a block node NAME in the new /dev for the loop device LOOP.
node() {
	mknod "/dev/$1" b "$((16#$(stat -c %t "$2")))" "$((16#$(stat -c %T "$2")))"
}
# This namespace's /dev (the host's stays as it is): what a system needs,
# the loop devices for losetup -d, and the disk's partitions.
keep=$(mktemp -d)
mount --bind /dev "$keep"
mount -t tmpfs -o mode=755,size=1m devtmpfs /dev
for n in null zero full random urandom tty fuse loop-control "${root_loop#/dev/}" "${esp_loop#/dev/}"; do
	cp -a "$keep/$n" /dev/
done
mkdir /dev/pts
mount --bind "$keep/pts" /dev/pts
ln -s pts/ptmx /dev/ptmx
umount "$keep"
rmdir "$keep"
node debian-root "$root_loop"
node debian-esp "$esp_loop"
mkdir -p /dev/disk/by-uuid
ln -s ../../debian-root "/dev/disk/by-uuid/$ROOT_UUID"
ln -s ../../debian-esp "/dev/disk/by-uuid/${ESP_VOLID:0:4}-${ESP_VOLID:4}"

mount -t ext4 /dev/debian-root "$mnt"
for d in dev proc sys; do
	mount --rbind "/$d" "$mnt/$d"
done
if [ "$esp" = 1 ]; then
	mkdir -p "$mnt/boot/efi"
	fusefat -o rw+,fsname=/dev/debian-esp /dev/debian-esp "$mnt/boot/efi" >/dev/null 2>&1
fi
# A package's maintainer scripts see a system that is not running: no
# service is started or restarted (policy-rc.d), nothing asks questions.
printf '#!/bin/sh\nexit 101\n' >"$mnt/usr/sbin/policy-rc.d"
chmod 755 "$mnt/usr/sbin/policy-rc.d"
status=0
DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	chroot "$mnt" "$@" || status=$?
rm -f "$mnt/usr/sbin/policy-rc.d"
exit "$status"

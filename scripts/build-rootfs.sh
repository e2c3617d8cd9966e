#!/bin/bash
# build-rootfs.sh [--id]: build the Debian bookworm root file system tree
# build/rootfs-debian/ with mmdebstrap from the archive the host's apt uses
# (its deb822 sources), with the packages of guest/debian/packages: systemd,
# GRUB for UEFI and Debian's own kernel. Rebuilt only when that list, this
# script or the host's sources change; the disk, the boot loader, the
# series' packages and the test files are added by scripts/build-disk.sh
# and scripts/pack-rootfs.sh, so that they never rebuild this tree. A tree
# built before from the same inputs, by any clone on this machine, comes
# from the build cache (scripts/build-cache.sh). --id prints the inputs'
# hash only.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/rootfs-debian
stamp=$top/build/rootfs-debian.stamp
list=$top/guest/debian/packages
shopt -s nullglob
sources=(/etc/apt/sources.list.d/*.sources)
[ -f /etc/apt/sources.list ] && sources+=(/etc/apt/sources.list)
shopt -u nullglob

id=$(cat "$list" "$0" "${sources[@]}" | sha256sum | cut -d' ' -f1)
if [ "${1:-}" = --id ]; then
	echo "$id"
	exit 0
fi
if [ -d "$out" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$id" ]; then
	echo "build-rootfs: debian up to date"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "build-rootfs: mmdebstrap's root mode needs root" >&2
	exit 1
fi

rm -rf "$out" "$out.new" "$stamp"
if "$top/scripts/build-cache.sh" restore disks "rootfs-debian-$id" "$top/build"; then
	echo "$id" >"$stamp"
	echo "build-rootfs: debian from the machine's build cache"
	exit 0
fi
include=$(sed 's/#.*//' "$list" | xargs | tr ' ' ,)
echo "build-rootfs: mmdebstrap bookworm (essential + $include)"
start=$(date +%s)
# No documentation, manuals or translations: a smaller tree packs faster.
mmdebstrap --quiet --mode=root --variant=essential --include="$include" \
	--dpkgopt='path-exclude=/usr/share/doc/*' \
	--dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/info/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	bookworm "$out.new" "${sources[@]}"
# Debian's kernel is the vanilla anchor of the series: the same version.
want=$(dpkg-query -W -f='${Version}' linux-source-6.12)
# shellcheck disable=SC2016 # dpkg-query's format, not the shell's
have=$(chroot "$out.new" dpkg-query -W -f='${Version}\n' 'linux-image-6.12.*-amd64' | sort -u)
if [ "$have" != "$want" ]; then
	echo "build-rootfs: Debian's kernel in the tree is '$have', the series' base" \
		"linux-source-6.12 is '$want': change guest/debian/packages" >&2
	exit 1
fi
mv "$out.new" "$out"
"$top/scripts/build-cache.sh" store disks "rootfs-debian-$id" "$top/build" rootfs-debian
echo "$id" >"$stamp"
echo "build-rootfs: debian done in $(($(date +%s) - start)) s ($(du -sh "$out" | cut -f1))"

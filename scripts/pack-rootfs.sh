#!/bin/bash
# pack-rootfs.sh IMAGE...: print the path of build/disks/IMAGE.img, a Debian
# disk the debian-* scenarios boot (tests/boot-guest.sh DISK=IMAGE),
# making it first if one of its inputs changed. Each image is the system
# an administrator gets with dpkg, one step from another (os-NAME.img),
# plus the scenario machinery (guest/debian/install.sh) on top:
#   vanilla         Debian installed with its own kernel (scripts/build-disk.sh)
#   series          vanilla + dpkg -i the series kernel's package
#                   (scripts/build-kernel.sh debian), made GRUB's default
#                   with grub-set-default
#   series-policy   series + dpkg -i hwrng-seed-policy
#                   (scripts/build-policy-deb.sh)
#   vanilla-policy  vanilla + dpkg -i hwrng-seed-policy (for benchmarks;
#                   make test does not make it)
# A step is redone only when its parent or its own input changed (an id
# beside each image, as a kernel's stamp), and a step done before from the
# same inputs, by any clone on this machine, comes from the build cache
# (scripts/build-cache.sh). Copies are sparse.
set -eu
# os_image runs in command substitutions: a failed step must stop it.
shopt -s inherit_errexit

top=$(cd "$(dirname "$0")/.." && pwd)
disks=$top/build/disks
chroot_in=$top/scripts/disk-chroot.sh

# The scenarios boot in parallel: one makes the images, the others wait.
mkdir -p "$disks"
exec 9>"$disks/.lock"
flock 9

# series_deb: the series kernel's image package.
series_deb() {
	[ -f "$top/build/kernel-debian.stamp" ] || {
		echo "pack-rootfs: the debian kernel is not built: run scripts/build-kernel.sh debian" >&2
		return 1
	}
	local deb
	for deb in "$top"/build/obj-debian/debs/linux-image-*.deb; do
		case "$deb" in
		*-dbg_*) ;;
		*) echo "$deb" ;;
		esac
	done
}

# derive NAME PARENT ID STEP...: os-NAME.img is os-PARENT.img after the
# command STEP (run with the copy's path appended), unless its id is ID.
derive() {
	local name=$1 parent=$2 id=$3 img
	shift 3
	img=$disks/os-$name.img
	if [ -f "$img" ] && [ "$(cat "$img.id" 2>/dev/null)" = "$id" ]; then
		return 0
	fi
	rm -f "$img" "$img.id"
	if "$top/scripts/build-cache.sh" restore disks "os-$name-$id" "$disks"; then
		return 0
	fi
	echo "pack-rootfs: os-$name: os-$parent + $* (log: $img.log)" >&2
	cp --sparse=always "$disks/os-$parent.img" "$img.new"
	"$@" "$img.new" >"$img.log" 2>&1 || {
		tail -n 20 "$img.log" >&2
		return 1
	}
	mv "$img.new" "$img"
	echo "$id" >"$img.id"
	"$top/scripts/build-cache.sh" store disks "os-$name-$id" "$disks" "os-$name.img" \
		"os-$name.img.id"
}

# install_deb DEB DISK: dpkg -i DEB in DISK's system, as an administrator
# does: its maintainer scripts and the kernel's hooks run (initramfs-tools
# builds the initrd, update-grub adds the kernel to grub.cfg).
install_deb() {
	"$chroot_in" "$2" /bin/sh -ec 'cat >/tmp/install.deb; dpkg -i /tmp/install.deb; rm /tmp/install.deb' <"$1"
}

# install_kernel DEB DISK: install_deb, then make it GRUB's default entry.
install_kernel() {
	local release
	release=$(dpkg-deb -f "$1" Package)
	release=${release#linux-image-}
	install_deb "$1" "$2"
	"$chroot_in" "$2" grub-set-default \
		"Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux $release"
}

# os_image NAME: make os-NAME.img and its parents; print its id.
os_image() {
	local parent id deb
	case "$1" in
	vanilla)
		"$top/scripts/build-disk.sh" >/dev/null
		cat "$disks/os-vanilla.img.id"
		return 0
		;;
	series)
		parent=vanilla
		deb=$(series_deb)
		id=$( (os_image "$parent"; cat "$top/build/kernel-debian.stamp" "$0" "$chroot_in") |
			sha256sum | cut -d' ' -f1)
		derive "$1" "$parent" "$id" install_kernel "$deb"
		;;
	series-policy | vanilla-policy)
		parent=${1%-policy}
		deb=$("$top/scripts/build-policy-deb.sh")
		id=$( (os_image "$parent"; cat "$deb.id" "$0" "$chroot_in") | sha256sum | cut -d' ' -f1)
		derive "$1" "$parent" "$id" install_deb "$deb"
		;;
	*)
		echo "pack-rootfs: IMAGE must be vanilla, series, series-policy or vanilla-policy, not '$1'" >&2
		return 2
		;;
	esac
	echo "$id"
}

for name in "$@"; do
	os_id=$(os_image "$name")
	img=$disks/$name.img
	id=$( (echo "$os_id"; cd "$top" && find "$0" guest/lib guest/debian guest/tests/report.sh \
		-type f -print0 | sort -z | xargs -0 cat) | sha256sum | cut -d' ' -f1)
	if [ ! -f "$img" ] || [ "$(cat "$img.id" 2>/dev/null)" != "$id" ]; then
		rm -f "$img" "$img.id"
		stage=$(mktemp -d)
		"$top/guest/debian/install.sh" "$top" "$stage"
		cp --sparse=always "$disks/os-$name.img" "$img.new"
		tar -C "$stage" -c --owner=0 --group=0 . |
			"$chroot_in" "$img.new" tar -C / -x --no-overwrite-dir
		rm -rf "$stage"
		mv "$img.new" "$img"
		echo "$id" >"$img.id"
	fi
	echo "$img"
done

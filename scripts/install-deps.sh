#!/bin/bash
# Install the Debian packages the build and the tests need, only if missing.
# debhelper and rsync: make bindeb-pkg (the debian kernel); fdisk (sfdisk),
# dosfstools, mtools and fusefat: the Debian disks, whose ESP this
# machine's kernel cannot mount (scripts/build-disk.sh).
set -eu

pkgs="linux-source-6.12 gcc make bc bison flex libelf-dev libssl-dev cpio
xz-utils lz4 qemu-system-x86 swtpm swtpm-tools tpm2-tools rng-tools5
busybox-static ccache shellcheck libc6-dev perl git gawk kmod gnuplot-nox
python3-ply python3-git sparse gcc-aarch64-linux-gnu ovmf socat mmdebstrap
e2fsprogs qemu-system-arm libc6-dev-arm64-cross qemu-system-misc
gcc-m68k-linux-gnu libc6-dev-m68k-cross debhelper rsync fdisk dosfstools mtools
fusefat git-email libmailtools-perl"

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
# The arm64 guest's busybox and kmod are Debian's arm64 packages, which
# guest/build-initramfs.sh downloads (not installs): apt must know arm64.
foreign=0
dpkg --print-foreign-architectures | grep -qx arm64 || foreign=1
[ -z "$missing" ] && [ "$foreign" = 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages:$missing$([ "$foreign" = 0 ] ||
		echo " and the arm64 architecture") (run as root)" >&2
	exit 1
fi
[ "$foreign" = 0 ] || dpkg --add-architecture arm64
echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
[ -z "$missing" ] && exit 0
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get install -y -qq --no-install-recommends $missing

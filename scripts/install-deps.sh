#!/bin/bash
# Install the Debian packages the build and the tests need, only if missing.
set -eu

pkgs="linux-source-6.12 gcc make bc bison flex libelf-dev libssl-dev cpio
xz-utils lz4 qemu-system-x86 swtpm swtpm-tools tpm2-tools rng-tools5
busybox-static ccache shellcheck libc6-dev perl git gawk kmod gnuplot-nox
python3-ply python3-git sparse gcc-aarch64-linux-gnu ovmf socat mmdebstrap
e2fsprogs"

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages:$missing (run as root)" >&2
	exit 1
fi
echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get install -y -qq --no-install-recommends $missing

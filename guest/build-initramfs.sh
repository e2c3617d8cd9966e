#!/bin/bash
# build-initramfs.sh [ARCH...]: build the guests' initramfs archives
# (default: all three), each from its staging tree:
#   x86_64  build/initramfs.cpio.gz: Debian's busybox-static, the guest
#           init, the in-guest test scripts and programs, and rngtest and
#           rngd with their libraries
#   arm64   build/initramfs-arm64.cpio.gz: the same from Debian's arm64
#           packages (scripts/arm64-debs.sh), without rngd
#   m68k    build/initramfs-m68k.cpio.gz: guest/m68k-init.c as /init only
#           (Debian has no m68k busybox outside its ports)
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- x86_64 arm64 m68k

# copy_with_libs ROOT BINARY: copy a dynamic binary and the libraries it needs.
copy_with_libs() {
	cp "$2" "$1/usr/bin/"
	ldd "$2" | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$1$(dirname "$lib")"
		cp -L "$lib" "$1$lib"
	done
}

# arm64_libs DEBS ROOT BINARY...: copy the dynamic loader and the libraries
# the arm64 BINARYs need, and those they need, from the unpacked DEBS.
arm64_libs() {
	local debs=$1 root=$2 todo lib path
	shift 2
	mkdir -p "$root/lib/aarch64-linux-gnu"
	cp -a "$debs/lib/ld-linux-aarch64.so.1" "$root/lib/"
	cp -L "$debs/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1" "$root/lib/aarch64-linux-gnu/"
	todo=$(aarch64-linux-gnu-readelf -d "$@" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
	while [ -n "$todo" ]; do
		# shellcheck disable=SC2086 # a list of library names
		set -- $todo
		todo=
		for lib; do
			[ -e "$root/lib/aarch64-linux-gnu/$lib" ] && continue
			path=$(find "$debs/lib/aarch64-linux-gnu" "$debs/usr/lib/aarch64-linux-gnu" \
				-maxdepth 1 -name "$lib" | head -n 1)
			[ -n "$path" ] || { echo "build-initramfs: $lib not in $debs" >&2; return 1; }
			cp -L "$path" "$root/lib/aarch64-linux-gnu/"
			todo="$todo $(aarch64-linux-gnu-readelf -d "$path" |
				sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
		done
	done
}

# busybox_root ROOT BUSYBOX CC: busybox and the guest's scripts and programs.
busybox_root() {
	local root=$1 applet c t
	mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,tests,lib,var/run}
	cp "$2" "$root/bin/busybox"
	# The applet list is the host's: one busybox-static version, two builds.
	for applet in $(/bin/busybox --list); do
		[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
	done
	install -m 0755 "$top/guest/init" "$root/init"
	cp "$top"/guest/lib/*.sh "$root/lib/"
	for t in "$top"/guest/tests/*.sh; do
		[ -e "$t" ] && install -m 0755 "$t" "$root/tests/"
	done
	# In-guest C programs: static, so they need nothing from the image.
	# Two use x86 instructions (CPUID, RDRAND): x86_64 only.
	for c in "$top"/guest/tests/*.c; do
		case "$3:$(basename "$c" .c)" in
		gcc:*) ;;
		*:cpuid-rdrand | *:read-rate) continue ;;
		esac
		$3 -static -O2 -Wall -Wextra -Werror -o "$root/bin/$(basename "$c" .c)" "$c"
	done
}

for arch in "$@"; do
	case "$arch" in
	x86_64)
		root=$top/build/initramfs out=$top/build/initramfs.cpio.gz
		rm -rf "$root"
		busybox_root "$root" /bin/busybox gcc
		copy_with_libs "$root" "$(command -v rngtest)"
		# rngd as Debian's rng-tools5 ships it, for the rngd scenarios.
		copy_with_libs "$root" /usr/sbin/rngd
		;;
	arm64)
		root=$top/build/initramfs-arm64 out=$top/build/initramfs-arm64.cpio.gz
		rm -rf "$root"
		debs=$("$top/scripts/arm64-debs.sh")
		busybox_root "$root" "$debs/bin/busybox" aarch64-linux-gnu-gcc
		# rngtest, and the libraries of rngtest and of the module
		# kernel's kmod (scripts/pack-modules.sh).
		cp "$debs/usr/bin/rngtest" "$root/usr/bin/"
		arm64_libs "$debs" "$root" "$debs/usr/bin/rngtest" "$debs/bin/kmod"
		;;
	m68k)
		root=$top/build/initramfs-m68k out=$top/build/initramfs-m68k.cpio.gz
		rm -rf "$root"
		mkdir -p "$root"/{proc,dev}
		m68k-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o "$root/init" \
			"$top/guest/m68k-init.c"
		;;
	*)
		echo "build-initramfs: no guest for ARCH '$arch' (x86_64, arm64, m68k)" >&2
		exit 2
		;;
	esac
	(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$out"
	echo "build-initramfs: $out ($(du -h "$out" | cut -f1))"
done

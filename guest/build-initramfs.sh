#!/bin/bash
# Build build/initramfs.cpio.gz: Debian's busybox-static, the guest init,
# the in-guest test scripts and programs, and rngtest with its libraries.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
root=$top/build/initramfs
out=$top/build/initramfs.cpio.gz

rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,tests,lib}
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
install -m 0755 "$top/guest/init" "$root/init"
cp "$top"/guest/lib/*.sh "$root/lib/"
for t in "$top"/guest/tests/*.sh; do
	[ -e "$t" ] && install -m 0755 "$t" "$root/tests/"
done
# In-guest C programs: static, so they need nothing from the image.
for c in "$top"/guest/tests/*.c; do
	[ -e "$c" ] || continue
	gcc -static -O2 -Wall -Wextra -Werror -o "$root/bin/$(basename "$c" .c)" "$c"
done

# copy_with_libs BINARY: copy a dynamic binary and the libraries it needs.
copy_with_libs() {
	cp "$1" "$root/usr/bin/"
	ldd "$1" | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
copy_with_libs "$(command -v rngtest)"
# rngd as Debian's rng-tools5 ships it, for the rngd scenarios.
copy_with_libs /usr/sbin/rngd
mkdir -p "$root/var/run"

(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$out"
echo "build-initramfs: $out ($(du -h "$out" | cut -f1))"

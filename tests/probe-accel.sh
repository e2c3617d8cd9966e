#!/bin/bash
# Print "kvm" if a real tiny boot under KVM powers off cleanly, else "tcg".
# The result is cached per kernel image (path and mtime) in build/accel, one
# line per image: a probe that fails costs its whole timeout, so the test and
# module kernels must not evict each other's result.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
image=${KERNEL_IMAGE:-$top/build/obj-test/arch/x86/boot/bzImage}
cache=$top/build/accel
path=$(realpath "$image")
key="$path:$(stat -c %Y "$image")"

if [ -f "$cache" ]; then
	cached=$(awk -v k="$key" '$1 == k { a = $2 } END { print a }' "$cache")
	if [ -n "$cached" ]; then
		echo "$cached"
		exit 0
	fi
fi

accel=tcg
if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	if timeout -k 2 20 qemu-system-x86_64 -enable-kvm -cpu host,+rdrand \
		-m 256 -nographic -no-reboot -monitor none \
		-serial file:"$dir/console" -serial file:"$dir/results" \
		-kernel "$image" -initrd "$top/build/initramfs.cpio.gz" \
		-append "console=ttyS0 panic=-1 scenario=probe" \
		>"$dir/qemu.log" 2>&1 &&
		grep -q 'GUEST-DONE probe' "$dir/results"; then
		accel=kvm
	fi
fi
# Replace this image's line, keep the others'.
{
	[ -f "$cache" ] && awk -v p="$path:" 'index($1, ":") && index($1, p) != 1' "$cache"
	echo "$key $accel"
} >"$cache.$$"
mv "$cache.$$" "$cache"
echo "$accel"

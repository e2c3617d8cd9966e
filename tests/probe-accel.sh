#!/bin/bash
# Print "kvm" if a real tiny boot under KVM powers off cleanly, else "tcg".
# The result is cached per kernel image in build/accel.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
image=${KERNEL_IMAGE:-$top/build/obj-test/arch/x86/boot/bzImage}
cache=$top/build/accel
key=$(stat -c %Y "$image")

if [ -f "$cache" ] && [ "$(cut -d' ' -f1 "$cache")" = "$key" ]; then
	cut -d' ' -f2 "$cache"
	exit 0
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
echo "$key $accel" >"$cache"
echo "$accel"

#!/bin/bash
# scenario-inputs.sh PATH.conf: print one hash of everything the scenario's
# verdict depends on: its conf, its kernel image (and modules), its own
# guest script with the guest's shared files and programs as built into
# the initramfs, the runner and the host tools it uses. Another scenario's script is not an input, so a
# change to one scenario reruns only that one (see run-scenario.sh).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
conf=$1
name=$(basename "$conf" .conf)
arch=${ARCH:-x86_64}
KERNEL=test GUEST_TEST=$name HOST_HOOK="" DISK=""
# shellcheck source=/dev/null
. "$conf"
obj=$top/build/obj-$KERNEL image=arch/x86/boot/bzImage
# The guest's files are taken from the initramfs staging tree, i.e. as the
# guest boots them, not from guest/, which may have been edited since.
stage=build/initramfs
case "$arch" in
arm64) obj=$top/build/obj-arm64-$KERNEL image=arch/arm64/boot/Image stage=build/initramfs-arm64 ;;
m68k) obj=$top/build/obj-m68k-$KERNEL image=vmlinux stage=build/initramfs-m68k ;;
esac
progs=$(for c in "$top"/guest/tests/*.c; do
	[ ! -e "$stage/bin/$(basename "$c" .c)" ] || echo "$stage/bin/$(basename "$c" .c)"
done)
{
	cd "$top"
	# shellcheck disable=SC2086 # HOST_HOOK is empty or one name; progs a list
	sha256sum "$conf" "$stage/init" $progs guest/build-initramfs.sh \
		tests/boot-guest.sh tests/run-scenario.sh tests/judge-run.sh \
		tests/ktap-parse.awk tests/scenario-inputs.sh tests/host-tsc-khz.sh \
		tests/host/* swtpm-config/* ${HOST_HOOK:+tests/hooks/$HOST_HOOK.sh} 2>&1
	[ "$arch" = m68k ] || sha256sum "$stage"/lib/*.sh "$stage/tests/$GUEST_TEST.sh" 2>&1
	echo "ARCH=$arch"
	# A disk carries its kernel (run-scenario.sh adds the disk's id).
	[ -n "$DISK" ] || sha256sum "$obj/$image" 2>&1 | cut -d' ' -f1
	[ -n "$DISK" ] || [ ! -f "$obj/modules.cpio.gz" ] || sha256sum "$obj/modules.cpio.gz" | cut -d' ' -f1
	# The accelerator this kernel boots with (probe-accel.sh's cache has a
	# line per image path and mtime; the image's hash above covers the rest).
	awk -v p="$(realpath "$obj/$image" 2>/dev/null)" \
		'index($1, p ":") == 1 { a = $2 } END { print a }' "$top/build/accel" 2>/dev/null || true
	# The user's knobs apply to every boot: a verdict is kept only for
	# the same ones.
	echo "QEMU_EXTRA=${QEMU_EXTRA:-} KERNEL_CMDLINE_EXTRA=${KERNEL_CMDLINE_EXTRA:-}"
	dpkg-query -W -f='${Package} ${Version}\n' busybox-static rng-tools5 \
		qemu-system-x86 qemu-system-arm qemu-system-misc swtpm swtpm-tools gcc ovmf 2>&1
} | sha256sum | cut -d' ' -f1

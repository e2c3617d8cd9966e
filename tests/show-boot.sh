#!/bin/bash
# make run: boot once with TPM and RDRAND and print the entropy state.
# ARCH=arm64: the same on the arm64 test kernel (virt, RNDR, the TIS
# TPM from the device tree, the device tree's seed). DISTRO=debian: the
# same story told by the Debian disk with the series kernel's package and
# the policy package (scripts/pack-rootfs.sh series-policy), booted as
# installed through OVMF and GRUB: the kernel and the policy in force, then
# systemd-analyze and the units starting when the CRNG became ready
# (guest/debian/tests/debian-report.sh).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$top/build/runs/run
arch=${ARCH:-x86_64}
case "$arch:${DISTRO:-}" in
x86_64: | arm64:) report=report kernel=test disk="" limit=120 ;;
x86_64:debian) report=debian-report kernel=test disk=series-policy limit=600 ;;
*)
	echo "show-boot: ARCH must be x86_64 or arm64, DISTRO empty or debian (x86_64)," \
		"not '$arch' and '${DISTRO:-}'" >&2
	exit 2
	;;
esac
[ "$arch" = x86_64 ] && echo "accelerator: $(KERNEL_IMAGE=$top/build/obj-$kernel/arch/x86/boot/bzImage \
	"$top/tests/probe-accel.sh")"
ARCH=$arch SCENARIO=$report KERNEL=$kernel DISK=$disk TPM=${TPM:-tis} TIMEOUT=${TIMEOUT:-$limit} \
	"$top/tests/boot-guest.sh" "$run" || {
	echo "show-boot: boot failed (logs in $run)" >&2
	exit 1
}
echo "qemu: $(cat "$run/accel")"
grep -v '^GUEST-DONE' "$run/results.log"
echo "(console log: $run/console.log; swtpm stopped)"

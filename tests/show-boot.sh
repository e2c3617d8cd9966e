#!/bin/bash
# make run: boot once with TPM and RDRAND and print the entropy state.
# DISTRO=debian: the same story told by the Debian disk booted under
# systemd, with systemd-analyze and the units starting when the CRNG
# became ready (guest/debian/tests/debian-report.sh).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$top/build/runs/run
case "${DISTRO:-}" in
"") report=report kernel=test rootfs="" limit=120 ;;
debian) report=debian-report kernel=distro rootfs=debian limit=300 ;;
*)
	echo "show-boot: DISTRO must be empty or debian, not '$DISTRO'" >&2
	exit 2
	;;
esac
echo "accelerator: $(KERNEL_IMAGE=$top/build/obj-$kernel/arch/x86/boot/bzImage \
	"$top/tests/probe-accel.sh")"
SCENARIO=$report KERNEL=$kernel ROOTFS=$rootfs TPM=${TPM:-tis} TIMEOUT=${TIMEOUT:-$limit} \
	"$top/tests/boot-guest.sh" "$run" || {
	echo "show-boot: boot failed (logs in $run)" >&2
	exit 1
}
echo "qemu: $(cat "$run/accel")"
grep -v '^GUEST-DONE' "$run/results.log"
echo "(console log: $run/console.log; swtpm stopped)"

#!/bin/bash
# boot-guest.sh RUN_DIR: boot the test kernel once.
# Environment: SCENARIO (guest script; empty or "shell" for a shell),
# TPM (tis, crb or none), CPU_FLAGS (e.g. "-rdrand"), CMDLINE, TIMEOUT (s),
# HOST_HOOK (tests/hooks/NAME.sh, run beside the guest with RUN_DIR),
# FIRMWARE (qboot, the default; seabios, which resumes from S3; or ovmf:
# UEFI booting the EFI stub),
# DEVICES (more QEMU devices, e.g. "-device virtio-rng-pci"),
# KERNEL (the build variant: test, module, bench; see build-kernel.sh),
# ARCH (x86_64, the default; arm64: QEMU's virt machine with the
# ARCH-KERNEL variant; m68k: virt, no TPM), CPU_RNG (off: a CPU without
# one: -rdrand,-rdseed on x86, a Cortex-A72 on arm64),
# DISK (a Debian disk of scripts/pack-rootfs.sh: vanilla, series,
# series-policy, vanilla-policy; booted as installed through OVMF and its
# GRUB, with no -kernel, -initrd or -append: the scenario's name and
# FW_CFG's KEY=VALUE settings reach the guest through QEMU's fw_cfg),
# SMP (vCPUs, default 2), MEM (MiB, default 256), INTERACTIVE=1 (console
# on this terminal), plus the user knobs QEMU_EXTRA and
# KERNEL_CMDLINE_EXTRA; KERNEL_IMAGE
# overrides the bzImage. Logs: RUN_DIR/console.log, RUN_DIR/results.log;
# QEMU's exit status in RUN_DIR/qemu.rc. The Unix sockets (swtpm's, QEMU's
# monitor) live in a short directory of their own, named in
# RUN_DIR/sockets: a socket path over 108 bytes is refused, and RUN_DIR's
# length depends on the checkout's path and the run's name.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
run=$(cd "$1" && pwd)
arch=${ARCH:-x86_64}
variant=${KERNEL:-test}
case "$arch" in
x86_64) image=arch/x86/boot/bzImage initrd=$top/build/initramfs.cpio.gz ;;
arm64 | m68k)
	variant=$arch-$variant
	image=arch/arm64/boot/Image initrd=$top/build/initramfs-$arch.cpio.gz
	[ "$arch" = m68k ] && image=vmlinux
	;;
*)
	echo "boot-guest: ARCH must be x86_64, arm64 or m68k, not '$arch'" >&2
	exit 2
	;;
esac
image=${KERNEL_IMAGE:-$top/build/obj-$variant/$image}
tpm=${TPM:-none}
timeout_s=${TIMEOUT:-120}
hook_pid=

mkdir -p "$run"
rm -f "$run/console.log" "$run/results.log" "$run/qemu.log" "$run/qemu.rc"
sockets=$(mktemp -d /tmp/hwrng.XXXXXX)
echo "$sockets" >"$run/sockets"
# A kernel with modules gets them as a second cpio archive after the first.
case "$image" in
*/arch/*) modules=${image%/arch/*}/modules.cpio.gz ;;
*) modules=$(dirname "$image")/modules.cpio.gz ;;
esac
boot=()
if [ -n "${DISK:-}" ]; then
	# The installed system boots itself; snapshot=on keeps the disk as it is.
	disk=$("$top/scripts/pack-rootfs.sh" "$DISK")
	boot=(-drive "file=$disk,if=virtio,format=raw,snapshot=on"
		-fw_cfg "name=opt/org.hwrng-seed/scenario,string=${SCENARIO:-shell}")
	for kv in ${FW_CFG:-}; do
		boot+=(-fw_cfg "name=opt/org.hwrng-seed/${kv%%=*},string=${kv#*=}")
	done
	FIRMWARE=ovmf
else
	if [ -f "$modules" ]; then
		cat "$initrd" "$modules" >"$run/initrd.cpio.gz"
		initrd=$run/initrd.cpio.gz
	fi
fi

# shellcheck disable=SC2317 # called through the trap
cleanup() {
	if [ -n "$hook_pid" ]; then
		# The hook reports once the guest is gone; give it a moment.
		for _ in $(seq 50); do
			kill -0 "$hook_pid" 2>/dev/null || break
			sleep 0.1
		done
		kill "$hook_pid" 2>/dev/null
	fi
	"$top/swtpm-config/stop-swtpm.sh" "$run"
	rm -rf "$sockets"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cpu_flags=${CPU_FLAGS:-}
[ "${CPU_RNG:-on}" = off ] && cpu_flags=-rdrand,-rdseed${cpu_flags:+,$cpu_flags}
accel=tcg
# A disk's kernel boots only from the disk: the probe boots the test kernel.
if [ "$arch" = x86_64 ] && [ -z "${DISK:-}" ]; then
	accel=$(KERNEL_IMAGE=$image "$top/tests/probe-accel.sh")
elif [ "$arch" = x86_64 ] && [ -f "$top/build/obj-test/arch/x86/boot/bzImage" ]; then
	accel=$("$top/tests/probe-accel.sh")
fi
if [ "$accel" = kvm ]; then
	cpu=(-enable-kvm -cpu "host,+rdrand${cpu_flags:+,$cpu_flags}")
elif [ "$arch" = x86_64 ]; then
	cpu=(-accel tcg -cpu "max${cpu_flags:+,$cpu_flags}")
	# The guest reads the host's TSC; calibrating it against the PIT on
	# a loaded host gave one guest a clock 17 times too fast. (A disk's
	# command line is its own: it calibrates.)
	[ -n "${DISK:-}" ] || tsc_khz="tsc_early_khz=$("$top/tests/host-tsc-khz.sh")"
elif [ "$arch" = arm64 ]; then
	# QEMU has no switch for FEAT_RNG: a CPU without it is an older model.
	# pauth-impdef: QEMU's own pointer authentication, not QARMA's,
	# which under TCG costs more than the rest of the emulation.
	cpu=(-accel tcg -cpu "max,pauth-impdef=on${CPU_FLAGS:+,$CPU_FLAGS}")
	[ "${CPU_RNG:-on}" = off ] && cpu=(-accel tcg -cpu cortex-a72)
else
	cpu=(-accel tcg -cpu m68040)
fi
echo "$accel ${cpu[*]}" >"$run/accel"

dev=()
case "$tpm" in
none) ;;
tis | crb)
	"$top/swtpm-config/start-swtpm.sh" "$run"
	dev=(-chardev "socket,id=chrtpm,path=$sockets/swtpm.sock")
	dev+=(-tpmdev "emulator,id=tpm0,chardev=chrtpm")
	# arm64: the TIS interface as a device-tree MMIO device.
	front=tpm-$tpm
	[ "$arch" = arm64 ] && [ "$tpm" = tis ] && front="tpm-tis-device"
	dev+=(-device "$front,tpmdev=tpm0")
	;;
*)
	echo "boot-guest: TPM must be tis, crb or none, not '$tpm'" >&2
	exit 2
	;;
esac

# The policy: x86_64's series kernels have it in CONFIG_CMDLINE, which
# the boot loader's line follows; arm64 and m68k have no such option
# (arm64 dropped CMDLINE_EXTEND), so it leads the boot loader's line, as a
# distribution's boot loader configuration would put it.
policy=
case "$arch:$variant" in
x86_64:* | *vanilla) ;;
*) policy=$(sed -n 's/^CONFIG_CMDLINE="\(.*\)"$/\1/p' "$top/guest/policy.config") ;;
esac
console=ttyS0
[ "$arch" = arm64 ] && console=ttyAMA0
[ "$arch" = m68k ] && console=ttyGF0
append="console=$console panic=-1 oops=panic scenario=${SCENARIO:-shell}"
append="${policy:+$policy }$append ${tsc_khz:-} ${CMDLINE:-} ${KERNEL_CMDLINE_EXTRA:-}"

# Results go to a second port: x86's second UART, else a virtio
# console (hvc0; arm64's and m68k's virt have one UART).
results=(-serial "file:$run/results.log")
if [ "$arch" != x86_64 ]; then
	results=(-device virtio-serial-device -chardev "file,id=results,path=$run/results.log"
		-device "virtconsole,chardev=results")
fi
if [ "${INTERACTIVE:-0}" = 1 ]; then
	serial=(-serial mon:stdio "${results[@]}")
else
	# The monitor socket lets a host hook drive the machine
	# (tests/hooks/qemu-monitor.sh), e.g. wake it from suspend.
	serial=(-serial "file:$run/console.log" "${results[@]}"
		-monitor "unix:$sockets/monitor.sock,server=on,wait=off")
fi

if [ -n "${HOST_HOOK:-}" ]; then
	"$top/tests/hooks/$HOST_HOOK.sh" "$run" &
	hook_pid=$!
fi

# Only the devices the tests use: no NIC, VGA or drives (-nodefaults), and
# no PCI hotplug AML in the DSDT. Interpreting that AML was 2.4 s of a 6 s
# boot of the sanitizer kernel under TCG; 256 MiB instead of 512 saved
# another 0.8 s (memory map and KASAN shadow set-up, kmemleak scans), and
# qboot instead of SeaBIOS 0.8 s before the kernel starts.
qemu="qemu-system-x86_64"
machine=(-nodefaults -global PIIX4_PM.acpi-root-pci-hotplug=off
	-global PIIX4_PM.acpi-pci-hotplug-with-bridge-support=off)
case "$arch:${FIRMWARE:-qboot}" in
x86_64:qboot)
	qboot=/usr/share/qemu/qboot.rom
	[ -f "$qboot" ] && machine+=(-bios "$qboot")
	;;
x86_64:seabios) ;;
x86_64:ovmf) machine+=(-bios /usr/share/ovmf/OVMF.fd) ;;
# The kernel is booted directly; QEMU's device tree carries the boot
# loader's seed (/chosen/rng-seed, dtb-randomness).
arm64:qboot) qemu="qemu-system-aarch64" machine=(-nodefaults -M "virt,dtb-randomness=on") ;;
m68k:qboot) qemu="qemu-system-m68k" machine=(-nodefaults -M virt) ;;
*)
	echo "boot-guest: FIRMWARE must be qboot, seabios or ovmf (x86_64), not '$FIRMWARE'" >&2
	exit 2
	;;
esac

# A disk boots from its own boot loader; otherwise QEMU loads the kernel.
[ -n "${DISK:-}" ] || boot=(-kernel "$image" -initrd "$initrd" -append "$append")
mem=${MEM:-256}
# Debian's initrd unpacks to more than 256 MiB.
[ -z "${DISK:-}" ] || mem=${MEM:-1024}
# shellcheck disable=SC2086 # DEVICES and QEMU_EXTRA are lists of options
timeout -k 5 "$timeout_s" "$qemu" "${cpu[@]}" -m "$mem" -smp "${SMP:-2}" \
	"${machine[@]}" -nographic -no-reboot "${serial[@]}" "${dev[@]}" "${boot[@]}" \
	${DEVICES:-} ${QEMU_EXTRA:-} 2>"$run/qemu.log" && rc=0 || rc=$?
echo "$rc" >"$run/qemu.rc"
exit "$rc"

#!/bin/sh
# systemd generator (/etc/systemd/system-generators/hwrng-scenario): the
# scenario a boot runs and its few settings, read from QEMU's fw_cfg
# (-fw_cfg name=opt/org.hwrng-seed/KEY,string=VALUE), never from the
# kernel command line, which is the installed system's alone. Written as
# units' wants and drop-ins in the generator directory $1, so that one disk
# serves every scenario and a boot without them (a real machine, make
# shell) is the system as installed:
#   scenario=NAME  hwrng-scenario.service runs /tests/NAME.sh
#   seed=BYTES     a creditable seed file of BYTES bytes is placed, and
#                  systemd-random-seed credits it (SYSTEMD_RANDOM_SEED_CREDIT=1)
set -eu

fw=/sys/firmware/qemu_fw_cfg/by_name/opt/org.hwrng-seed
# Generators run before udev, which loads qemu_fw_cfg from its ACPI alias
# a moment later: load it now, as udev would.
[ -d /sys/firmware/qemu_fw_cfg ] || /sbin/modprobe -q qemu_fw_cfg 2>/dev/null || exit 0

# setting KEY: the value QEMU was given for KEY, empty if none.
setting() {
	cat "$fw/$1/raw" 2>/dev/null || true
}

scenario=$(setting scenario)
if [ -n "$scenario" ]; then
	mkdir -p "$1/hwrng-scenario.service.d" "$1/multi-user.target.wants"
	printf '[Service]\nEnvironment=HWRNG_SCENARIO=%s\n' "$scenario" \
		>"$1/hwrng-scenario.service.d/scenario.conf"
	ln -sf /etc/systemd/system/hwrng-scenario.service "$1/multi-user.target.wants/"
fi
seed=$(setting seed)
if [ -n "$seed" ]; then
	mkdir -p "$1/hwrng-place-seed.service.d" "$1/systemd-random-seed.service.d" \
		"$1/sysinit.target.wants"
	printf '[Service]\nEnvironment=HWRNG_SEED_BYTES=%s\n' "$seed" \
		>"$1/hwrng-place-seed.service.d/bytes.conf"
	ln -sf /etc/systemd/system/hwrng-place-seed.service "$1/sysinit.target.wants/"
	printf '[Service]\nEnvironment=SYSTEMD_RANDOM_SEED_CREDIT=1\n' \
		>"$1/systemd-random-seed.service.d/credit.conf"
fi

#!/bin/sh
# make run DISTRO=debian (not a test): the kernel and the policy in force
# on the installed system (its command line, from GRUB, and the policy
# package's files), then make run's story of the boot's entropy (who
# serves /dev/hwrng, who readied the CRNG), then systemd's view:
# systemd-analyze, the slowest units, and the units that were starting
# when the CRNG became ready.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
echo "== boot finished: $(boot_state) =="
echo "== kernel: $(uname -r), from $(dpkg -S "/boot/vmlinuz-$(uname -r)" | cut -d: -f1) =="
echo "== command line (GRUB's) =="
cat /proc/cmdline
echo "== policy package =="
if dpkg-query -W -f='${Package} ${Version} ${Status}\n' hwrng-seed-policy 2>/dev/null |
	grep 'install ok installed'; then
	for f in $(dpkg -L hwrng-seed-policy); do
		[ -f "$f" ] || continue
		echo "-- $f"
		grep -v '^#' "$f" | grep .
	done
	echo "-- the initrd's modules: $(unmkinitramfs_modules "/boot/initrd.img-$(uname -r)" | tr '\n' ' ')"
else
	echo "hwrng-seed-policy: not installed"
fi
/tests/report.sh
echo "== systemd-analyze =="
systemd-analyze
systemd-analyze blame | head -n 10
echo "== units starting when the CRNG became ready ($(dmesg_time 'random: crng init done') s) =="
units_across_crng
echo "== failed units =="
systemctl --failed --plain --no-legend

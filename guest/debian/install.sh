#!/bin/bash
# install.sh TOP ROOT: install the scenario machinery into the Debian tree
# ROOT (a copy that scripts/pack-rootfs.sh packs): the runner and its
# units, the scenario generator, the test scripts with the shared helpers,
# and the settings that make every boot alike (a fixed machine-id: an
# empty one is "first boot", which runs first-boot units and refuses to
# credit a seed file; a root login without password on the serial console).
set -eu

top=$1 root=$2
src=$top/guest/debian
install -m 755 "$src/run-scenario.sh" "$root/usr/local/sbin/hwrng-scenario"
install -m 755 "$src/place-seed.sh" "$root/usr/local/sbin/hwrng-place-seed"
install -D -m 755 "$src/scenario-generator.sh" \
	"$root/etc/systemd/system-generators/hwrng-scenario"
install -D -m 644 "$src/rngd-policy.conf" "$root/usr/local/share/hwrng-seed/rngd-policy.conf"
install -m 644 "$src"/units/*.service "$root/etc/systemd/system/"
mkdir -p "$root/etc/systemd/system/sysinit.target.wants"
ln -sf ../hwrng-scenario.service "$root/etc/systemd/system/multi-user.target.wants/"
ln -sf ../hwrng-place-seed.service "$root/etc/systemd/system/sysinit.target.wants/"
ln -sf /lib/systemd/system/multi-user.target "$root/etc/systemd/system/default.target"
install -D -m 755 -t "$root/tests" "$src"/tests/*.sh
# The helpers at the paths the initramfs has them (/lib is /usr/lib here).
install -m 644 "$top"/guest/lib/*.sh "$root/usr/lib/"
install -m 644 "$src/boot.sh" "$root/usr/lib/debian-boot.sh"
# make run DISTRO=debian tells the story of make run, and more.
install -m 755 "$top/guest/tests/report.sh" "$root/tests/report.sh"

echo debian >"$root/etc/hostname"
echo 5eed5eed5eed5eed5eed5eed5eed5eed >"$root/etc/machine-id"
printf '/dev/vda / ext4 rw 0 1\n' >"$root/etc/fstab"
sed -i 's/^root:[^:]*:/root::/' "$root/etc/shadow"

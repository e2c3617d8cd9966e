#!/bin/bash
# install.sh TOP STAGE: stage the scenario machinery for a Debian disk
# under the empty directory STAGE, at the paths it takes in the system
# (scripts/pack-rootfs.sh copies it in): the runner and its units, the
# scenario generator, which enables them only when QEMU names a scenario,
# and the test scripts with the shared helpers. Nothing of the installed
# system is changed: a boot without a scenario is the system as installed.
set -eu

top=$1 stage=$2
src=$top/guest/debian
install -D -m 755 "$src/run-scenario.sh" "$stage/usr/local/sbin/hwrng-scenario"
install -D -m 755 "$src/place-seed.sh" "$stage/usr/local/sbin/hwrng-place-seed"
install -D -m 755 "$src/scenario-generator.sh" \
	"$stage/etc/systemd/system-generators/hwrng-scenario"
install -D -m 644 -t "$stage/etc/systemd/system" "$src"/units/*.service
install -D -m 755 -t "$stage/tests" "$src"/tests/*.sh
# The helpers at the paths the initramfs has them (/lib is /usr/lib here).
install -D -m 644 -t "$stage/usr/lib" "$top"/guest/lib/*.sh
install -m 644 "$src/boot.sh" "$stage/usr/lib/debian-boot.sh"
# make run DISTRO=debian tells the story of make run, and more.
install -m 755 "$top/guest/tests/report.sh" "$stage/tests/report.sh"

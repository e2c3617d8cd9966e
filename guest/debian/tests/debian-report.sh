#!/bin/sh
# make run DISTRO=debian (not a test): make run's story of the boot's
# entropy, then systemd's view: systemd-analyze, the slowest units, and
# the units that were starting when the CRNG became ready.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
echo "== boot finished: $(boot_state) =="
/tests/report.sh
echo "== systemd-analyze =="
systemd-analyze
systemd-analyze blame | head -n 10
echo "== units starting when the CRNG became ready ($(dmesg_time 'random: crng init done') s) =="
units_across_crng
echo "== failed units =="
systemctl --failed --plain --no-legend

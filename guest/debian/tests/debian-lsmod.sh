#!/bin/sh
# scripts/debian-lsmod.sh (not a test): the modules Debian's own kernel
# has loaded once the boot is finished, for make localmodconfig: one
# "lsmod" name a line between LSMOD-BEGIN and LSMOD-END.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
echo "boot: $(boot_state), kernel $(uname -r)"
echo LSMOD-BEGIN
lsmod | awk 'NR > 1 { print $1 }'
echo LSMOD-END

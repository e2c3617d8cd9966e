#!/bin/sh
# hwrng-scenario (hwrng-scenario.service, after multi-user.target; the
# scenario generator enables it and sets HWRNG_SCENARIO from QEMU's
# fw_cfg): run /tests/NAME.sh as the initramfs's init does: its KTAP on the
# second serial port, then its exit status for the host's judge, then
# power off through systemd. "shell" (make shell) leaves the machine to
# the serial console's login.
set -eu

scenario=${HWRNG_SCENARIO:?}
[ "$scenario" = shell ] && exit 0
out=/dev/ttyS1
t=/tests/$scenario.sh
# The firmware and GRUB leave their banner on this port too, without a
# line break: the results start on a line of their own.
echo >"$out"
echo "guest: script $scenario starts" >/dev/kmsg
if [ ! -e "$t" ]; then
	status=missing
elif [ ! -x "$t" ]; then
	status=not-executable
else
	"$t" >"$out" 2>&1 && status=0 || status=$?
fi
echo "GUEST-STATUS $scenario $status" >"$out"
echo "guest: script $scenario exited: $status" >/dev/kmsg
# Late kernel reports reach the console before the judge reads it.
sleep 1
echo "GUEST-DONE $scenario" >"$out"
systemctl poweroff --no-block

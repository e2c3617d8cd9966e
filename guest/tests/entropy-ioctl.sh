#!/bin/sh
# The input pool's accounting seen from userspace: entropy_avail stays a
# whole number in [0, 256], RNDADDTOENTCNT/RNDADDENTROPY accept 0..INT_MAX
# without overflow, reject negatives with EINVAL, and refuse non-root
# callers with EPERM. The argument (default addtoentcnt) names the ioctl
# that credits INT_MAX first, while the CRNG is not ready yet.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
first=${1:-addtoentcnt}
ktap_check no_rdrand sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_check trust_cpu_off test "$(cmdline_last random.trust_cpu)" = random.trust_cpu=off
/bin/entropy_ioctl "$first" >/tmp/entropy_ioctl.out 2>/tmp/entropy_ioctl.err
rc=$?
while read -r verdict name diag; do
	case "$verdict" in
	PASS) ktap_result 0 "$name" ;;
	FAIL) ktap_result 1 "$name" "$diag" ;;
	'#') ktap_diag "$name $diag" ;;
	esac
done </tmp/entropy_ioctl.out
while read -r line; do
	ktap_diag "stderr: $line"
done </tmp/entropy_ioctl.err
ktap_result "$rc" entropy_ioctl_exit "exit status $rc"
ktap_diag "crng init done at $(dmesg_time 'crng init done') s"
ktap_end

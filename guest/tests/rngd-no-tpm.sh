#!/bin/sh
# rngd as Debian ships it ("rngd -f": /dev/hwrng, the TPM's character
# device, and RDRAND through libgcrypt), no TPM, RDRAND present, started
# at boot before the CRNG is ready. tpm-rdrand, without a TPM, serves
# nothing: rngd's hwrng source waits in its first read of /dev/hwrng and
# never writes a byte, so it credits nothing, before or after the CRNG is
# ready; the CRNG becomes ready from timing entropy. What rngd's own
# RDRAND source does is rngd's business (the README's drop-in turns it
# off, -d 1), not the driver's: rng-tools 5 sets its sources up one after
# the other, the hwrng source first, so with that one waiting on
# /dev/hwrng the RDRAND source never starts either.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_tpm_device test ! -e /dev/tpm0
ktap_check rdrand_present grep -qw rdrand /proc/cpuinfo
ktap_check not_ready_yet grep -qx "ready no" "$CREDIT"
rngd -f >/tmp/rngd.log 2>&1 &
pid=$!
sleep 8
ktap_check rngd_running pid_running "$pid"
ktap_check rngd_reads_dev_hwrng sh -c "ls -l /proc/$pid/fd | grep -q /dev/hwrng"
ktap_diag "rngd: $(cat /proc/$pid/wchan 2>/dev/null); $(tr '\n' ' ' </tmp/rngd.log)"
hwrng_serves_nothing dev_hwrng
ktap_result "$([ "$(prov_sum ioctl)" = 0.000 ]; echo $?)" rngd_credited_nothing \
	"ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3)"
ktap_first_blocking_read
by=$(prov_ready_by)
ktap_result "$(case "$by" in irq | timer | jitter) echo 0 ;; *) echo 1 ;; esac)" ready_by_timing "ready by $by"
# rngd goes on waiting after ready: still nothing written
sleep 5
ktap_check rngd_still_running pid_running "$pid"
ktap_result "$([ "$(prov_sum ioctl)" = 0.000 ]; echo $?)" rngd_still_credited_nothing \
	"ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3)"
ktap_check tpm_rdrand_credited_nothing prov_zero hwrng:tpm-rdrand
prov_policy_checks provenance
sed 's/^/# rngd: /' /tmp/rngd.log
kill "$pid"
wait "$pid" 2>/dev/null
ktap_end

#!/bin/sh
# Suspend and resume under tpm-rdrand (built in, selected): first s2idle
# driven through /sys/power/pm_test ("devices": the TPM is suspended, then
# resumed 5 s later) while two readers are busy on /dev/hwrng; then a real
# S3 (the host hook wakes the machine from QEMU's monitor). From the start
# of a suspend to its end the driver's reads give nothing and touch
# neither source (no TPM error, no health failure, no spin); after it the
# driver tests both sources from the start before using them (some AMD
# CPUs lose RDRAND across suspend), then both serve again and the TPM is
# credited again at 8.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
trr_both_serving
# faults: "ERRORS HEALTH_FAILURES" of both sources, summed; nothing if a
# count is missing.
faults() {
	awk '$1 == "cpu" || $1 == "tpm" { e += $6; h += $7; n++ } END { if (n == 2) print e, h }' "$TRR_DBG/stats"
}
resumed_lines() {
	trr_lines 'resumed: both sources are tested again before use'
}

# 1. s2idle (pm_test: devices) with two blocking readers.
dd if=/dev/hwrng of=/tmp/r1 bs=64 2>/dev/null &
r1=$!
dd if=/dev/hwrng of=/tmp/r2 bs=64 2>/dev/null &
r2=$!
ktap_check freeze.readers_read reader_reads "$r1" /tmp/r1
f0=$(faults)
echo devices >/sys/power/pm_test
if echo freeze >/sys/power/state; then rc=0; else rc=1; fi
ktap_result "$rc" freeze.state_written "pm_test $(cat /sys/power/pm_test)"
ktap_check freeze.suspended dmesg_has 'PM: suspend entry \(s2idle\)'
ktap_check freeze.devices_resumed dmesg_has 'PM: suspend exit'
ktap_check freeze.retested wait_for 10 sh -c "dmesg | grep -q 'tpm-rdrand-rng: resumed: both sources'"
ktap_check freeze.reader1_reads reader_reads "$r1" /tmp/r1
ktap_check freeze.reader2_reads reader_reads "$r2" /tmp/r2
ktap_check freeze.cpu_ok wait_reading 10 trr_is cpu state ok
ktap_check freeze.tpm_ok wait_reading 10 trr_is tpm state ok
ktap_result "$([ -n "$f0" ] && [ "$(faults)" = "$f0" ]; echo $?)" freeze.no_fault "errors, health failures: $f0 -> $(faults)"
ktap_check freeze.quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
kill "$r1" "$r2"
wait 2>/dev/null
echo none >/sys/power/pm_test

# 2. S3, nothing reading: count the source reads from before S3 to the
# first read after it. Both startup tests run again (16 reads dropped,
# the 17th used) in whichever read comes first after resume, ours or the
# fill thread's; a spin would be thousands.
n0=$(resumed_lines) f0=$(faults)
c0=$(trr_stat cpu reads) t0=$(trr_stat tpm reads) e0=$(trr_stat tpm empty)
echo "# WAKE-S3 (the host wakes the guest 3 s into S3)"
if echo mem >/sys/power/state; then rc=0; else rc=1; fi
ktap_result "$rc" s3.state_written
ktap_check s3.suspended dmesg_has 'PM: suspend entry \(deep\)'
ktap_check s3.firmware_sleep dmesg_has 'ACPI: PM: Waking up from system sleep state S3'
e1=$(trr_stat tpm empty) t1=$(trr_stat tpm reads)
ktap_result "$([ -n "$t0" ] && [ -n "$t1" ] && [ $((t1 - t0)) -le 20 ] && [ -n "$e0" ] && [ "$e1" = "$e0" ]; echo $?)" s3.no_spin \
	"TPM reads across S3: $((t1 - t0)) ($((e1 - e0)) gave nothing)"
hwrng_read1
ktap_check s3.retested test "$(resumed_lines)" -gt "$n0"
c2=$(trr_stat cpu reads) t2=$(trr_stat tpm reads)
ktap_result "$([ $((c2 - c0)) -ge 17 ] && [ $((t2 - t0)) -ge 17 ]; echo $?)" s3.startup_again \
	"from before S3 to the first read after it: $((c2 - c0)) CPU and $((t2 - t0)) TPM reads (at least 17: 16 dropped, 1 used)"
ktap_check s3.cpu_ok trr_is cpu state ok
ktap_check s3.tpm_ok trr_is tpm state ok
ktap_result "$([ -n "$f0" ] && [ "$(faults)" = "$f0" ]; echo $?)" s3.no_fault "errors, health failures: $f0 -> $(faults)"
ktap_check s3.quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
b0=$(trr_stat tpm bytes)
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ] && [ "$(trr_stat tpm bytes)" -gt "$b0" ]; echo $?)" s3.tpm_serves \
	"read $n bytes, TPM bytes $b0 -> $(trr_stat tpm bytes)"
dmesg | grep -E 'PM:|tpm|resumed' | tail -n 12 | sed 's/^/# /'
ktap_end

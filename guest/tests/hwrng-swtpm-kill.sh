#!/bin/sh
# swtpm killed while /dev/hwrng (tpm-rdrand, selected) is read for 6 s:
# reads go on with the CPU's bytes, the TPM error is counted and logged
# once (the TPM is not asked again for 10 s), the driver's quality drops
# to 0 and random.c credits none of what follows; no splat.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
hwrng_select tpm-rdrand
ktap_check tpm_source_ok wait_reading 10 trr_is tpm state ok
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# Everything after this comes late: the CRNG is ready before the kill.
ktap_first_blocking_read
alone=$(trr_lines 'the CPU serves alone: credited at 0')
echo "# KILL-SWTPM (host kills swtpm in 2 s)"
# 6 s of reading in 1 s slices; each slice must return data.
slices_ok=0
i=0
while [ "$i" -lt 6 ]; do
	n=$(timeout 1 dd if=/dev/hwrng bs=512 2>/dev/null | wc -c)
	ktap_diag "slice $i: $n bytes, tpm $(trr_stat tpm state), tpm errors $(trr_stat tpm errors)," \
		"tpm bytes $(trr_stat tpm bytes)"
	[ "$n" -gt 0 ] && slices_ok=$((slices_ok + 1))
	i=$((i + 1))
done
ktap_result "$([ "$slices_ok" -eq 6 ]; echo $?)" reads_continue "$slices_ok of 6 slices returned data"
ktap_check tpm_errors_counted trr_above tpm errors 0
n=$(trr_lines 'tpm: read failed \(-?[0-9]+\), retried in 10 s')
ktap_result "$([ "$n" -eq 1 ]; echo $?)" tpm_error_logged_once "$n lines"
ktap_check cpu_alone_line trr_lines_above 'the CPU serves alone: credited at 0' "$alone"
ktap_check quality_0 test "$(cat "$HWRNG_SYS/rng_quality")" = 0
dmesg | grep -iE 'tpm' | tail -n 5 | sed 's/^/# /'
ktap_diag "TPM core error lines: $(dmesg | grep -c 'TPM error')"
# The TPM's bytes stop; the CPU's go on.
t0=$(trr_stat tpm bytes) u0=$(trr_stat cpu bytes)
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ]; echo $?)" dev_hwrng_reads_after "read $n bytes"
ktap_result "$([ "$(trr_stat tpm bytes)" = "$t0" ] && [ "$(trr_stat cpu bytes)" -gt "$u0" ]; echo $?)" \
	cpu_alone_serves "TPM bytes $t0 -> $(trr_stat tpm bytes), CPU bytes $u0 -> $(trr_stat cpu bytes)"
# A fill read now credits nothing (late or not).
trr_fill_check fill_read_not_credited 0 64 0
ktap_end

#!/bin/sh
# swtpm killed while /dev/hwrng (tpm-rdrand, current) is read for 6 s: the
# reads before the kill return data; the TPM's error is counted and logged,
# and the TPM not asked again for 10 s (the errors come 10 s apart
# however busy the readers); from then on nothing is
# served (the CPU's RNG alone is not), a waiting reader sleeps, the
# driver's quality stays 8 and random.c credits nothing more; no splat.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_source_ok wait_reading 10 trr_is tpm state ok
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# Everything after this comes late: the CRNG is ready before the kill.
ktap_first_blocking_read
echo "# KILL-SWTPM (host kills swtpm in 2 s)"
# 6 s of reading in 1 s slices: data until the kill, none after.
first=0 i=0
while [ "$i" -lt 6 ]; do
	n=$(timeout 1 dd if=/dev/hwrng bs=512 2>/dev/null | wc -c)
	ktap_diag "slice $i: $n bytes, tpm $(trr_stat tpm state), tpm errors $(trr_stat tpm errors)," \
		"tpm bytes $(trr_stat tpm bytes)"
	[ "$i" = 0 ] && first=$n
	i=$((i + 1))
done
ktap_result "$([ "$first" -gt 0 ]; echo $?)" reads_before_the_kill "$first bytes in the first slice"
ktap_check tpm_errors_counted trr_above tpm errors 0
trr_lines_apart tpm_errors_10s_apart 'tpm: read failed \(-?[0-9]+\), retried in 10 s'
ktap_check quality_still_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
dmesg | grep -iE 'tpm' | tail -n 5 | sed 's/^/# /'
ktap_diag "TPM core error lines: $(dmesg | grep -c 'TPM error')"
# Nothing more: no TPM byte, nothing served, nothing credited.
t0=$(trr_stat tpm bytes) c0=$(prov_sum hwrng:tpm-rdrand)
hwrng_serves_nothing tpm_gone
hwrng_kick tpm-rdrand
sleep 2
ktap_result "$([ "$(trr_stat tpm bytes)" = "$t0" ] && [ -n "$c0" ] && [ "$(prov_sum hwrng:tpm-rdrand)" = "$c0" ]; echo $?)" \
	nothing_used_or_credited \
	"TPM bytes $t0 -> $(trr_stat tpm bytes), credit $c0 -> $(prov_sum hwrng:tpm-rdrand)"
ktap_end

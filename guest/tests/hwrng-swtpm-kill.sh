#!/bin/sh
# swtpm killed while /dev/hwrng is read for 6 s: reads go on from RDRAND,
# the TPM error is logged once, no splat, the TPM's credit stops growing.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check tpm_source_ok test "$(trr_stat tpm state)" = ok
echo "# KILL-SWTPM (host kills swtpm in 2 s)"
# 6 s of reading in 1 s slices; each slice must return data.
slices_ok=0
i=0
while [ "$i" -lt 6 ]; do
	n=$(timeout 1 dd if=/dev/hwrng bs=512 2>/dev/null | wc -c)
	ktap_diag "slice $i: $n bytes, tpm state $(trr_stat tpm state)," \
		"tpm errors $(trr_stat tpm errors)"
	[ "$n" -gt 0 ] && slices_ok=$((slices_ok + 1))
	i=$((i + 1))
done
ktap_result "$([ "$slices_ok" -eq 6 ]; echo $?)" reads_continue "$slices_ok of 6 slices returned data"
ktap_check tpm_failed test "$(trr_stat tpm state)" = failed
ktap_check tpm_errors_counted test "$(trr_stat tpm errors)" -gt 0
n=$(dmesg | grep -c 'tpm-rdrand-rng: tpm: read error')
ktap_result "$([ "$n" -eq 1 ]; echo $?)" tpm_error_logged_once "$n lines"
dmesg | grep -iE 'tpm' | tail -n 5 | sed 's/^/# /'
ktap_diag "TPM core lines (one per failed command, retries back off):" \
	"$(dmesg | grep -c 'TPM error')"
c0=$(trr_stat tpm claimed_frac)
r0=$(trr_stat rdrand bytes_read)
sleep 3	# three feed intervals
c1=$(trr_stat tpm claimed_frac)
r1=$(trr_stat rdrand bytes_read)
ktap_result "$([ "$c0" = "$c1" ]; echo $?)" tpm_credit_stopped "credited $c0 -> $c1"
ktap_result "$([ "$r1" -gt "$r0" ]; echo $?)" rdrand_still_fed "bytes_read $r0 -> $r1"
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ]; echo $?)" dev_hwrng_reads_after "read $n bytes"
n=$(dmesg | grep -c 'tpm-rdrand-rng: tpm: read error')
ktap_result "$([ "$n" -eq 1 ]; echo $?)" tpm_error_still_logged_once "$n lines"
ktap_end

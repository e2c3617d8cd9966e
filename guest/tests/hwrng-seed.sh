#!/bin/sh
# TPM and RDRAND, random.trust_cpu=off. tpm-rdrand, current, serves the
# XOR of both: each ->read takes 64 bytes of each source (the TPM's after
# its 1 KiB startup test). The fill thread credits a read at the rng's
# quality, 8/1024: 4 bits per 64 TPM bytes in random.c's account, the CPU
# credited nowhere. rng_quality changes take effect on the next read, the
# driver keeps them, and bad values are refused. The output passes FIPS
# 140-2 (rngtest).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check trust_cpu_off test "$(cmdline_last random.trust_cpu)" = random.trust_cpu=off
ktap_check rdrand_present grep -qw rdrand /proc/cpuinfo
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
grep . "$TRR_DBG/stats" | sed 's/^/# stats: /'
ktap_first_blocking_read
# Each read takes as many bytes of both (the XOR): 8 reads of 64 bytes
# move both counters by 512 (and by 64 more each if the fill thread read).
t0=$(trr_stat tpm bytes) u0=$(trr_stat cpu bytes)
n=$(dd if=/dev/hwrng bs=64 count=8 2>/dev/null | wc -c)
dt=$(($(trr_stat tpm bytes) - t0)) du=$(($(trr_stat cpu bytes) - u0))
ktap_result "$([ "$n" = 512 ] && [ "$dt" -ge 512 ] && [ "$dt" = "$du" ]; echo $?)" xor_of_both \
	"read $n bytes: $dt TPM bytes, $du CPU bytes"
# one fill read (the CRNG ready): 64 TPM bytes at 8/1024, 4 bits
trr_fill_check fill_read_credited_4_bits 64 64 4
prov_policy_checks provenance
trr_credit_share tpm_credit_within_share

# rng_quality at run time, as the fill thread reads it after each read.
for v in 1024 1 0 8; do
	err=$(trr_write "$HWRNG_SYS/rng_quality" "$v")
	ktap_result "$([ -z "$err" ] && [ "$(cat "$HWRNG_SYS/rng_quality")" = "$v" ]; echo $?)" \
		"quality_$v.set" "$err"
	# 64 bytes at v/1024: v/2 bits
	trr_fill_check "quality_$v.credit" 64 64 "$(awk -v v="$v" 'BEGIN { print v / 2 }')"
	ktap_result "$([ "$(cat "$HWRNG_SYS/rng_quality")" = "$v" ]; echo $?)" "quality_$v.kept_by_the_driver" \
		"rng_quality=$(cat "$HWRNG_SYS/rng_quality") after the read"
done
policy_knob_rejects hw_random.rng_quality "$HWRNG_SYS/rng_quality"

trr_rngtest combined 52
sed 's/^/# credit: /' "$CREDIT"
ktap_end

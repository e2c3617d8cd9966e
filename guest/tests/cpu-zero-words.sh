#!/bin/sh
# The CPU's RNG giving a word of zeros now and then (every 10th word
# here) while reporting success, as RDSEED did on AMD Zen 5: the block
# with the first zero word is dropped, the second zero word drops the
# source for good, so it goes within 24 words (3 reads of 8) and no block
# with a zero word is used; the TPM then serves alone, credited at 8.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
trr_both_serving
r0=$(trr_stat cpu reads) u0=$(trr_stat cpu bytes)
d=$TRR_DBG/cpu-zero
echo 0 >"$d/verbose" && echo -1 >"$d/times" && echo 10 >"$d/interval" &&
	echo 100 >"$d/probability"
ktap_check broken wait_reading 10 trr_is cpu state broken
r1=$(trr_stat cpu reads) u1=$(trr_stat cpu bytes)
ktap_result "$([ $((r1 - r0)) -le 3 ] && [ $((u1 - u0)) -le 64 ]; echo $?)" within_24_words \
	"$((r1 - r0)) CPU reads, $((u1 - u0)) CPU bytes used after the fault was armed"
ktap_check first_dropped dmesg_has 'tpm-rdrand-rng: cpu: 1 of 8 words all zeros or all ones'
ktap_check block_dropped_line dmesg_has 'tpm-rdrand-rng: cpu: health test failed, 64 bytes dropped'
ktap_check for_good_line dmesg_has 'tpm-rdrand-rng: cpu: word test failed for good, source not used'
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ] && [ "$(trr_stat cpu bytes)" = "$u1" ]; echo $?)" tpm_serves_alone \
	"read $n bytes, CPU bytes $u1 -> $(trr_stat cpu bytes)"
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
trr_fill_check tpm_alone_credited 64 0 4
ktap_end

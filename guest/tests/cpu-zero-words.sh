#!/bin/sh
# The CPU's RNG giving a word of zeros now and then while reporting
# success, as RDSEED did on AMD Zen 5 (the driver built in, the test
# kernel): the word test looks at every 64-bit word of a block. One zero
# word at the last word of a block drops that block; a second, at another
# word, drops the source for good; then every 10th word zero: nothing of
# the CPU's is used again, and the TPM serves alone, credited at 8.
# (The module kernel's hwrng-health puts one at each of the 8 words.)
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
trr_both_serving
trr_bad_word word.7.block_dropped 7
ktap_check word.7.source_kept trr_is cpu state ok
ktap_check block_dropped_line dmesg_has 'tpm-rdrand-rng: cpu: health test failed, 64 bytes dropped'
trr_bad_word word.3.caught 3
ktap_check broken trr_is cpu state broken
ktap_check for_good_line dmesg_has 'tpm-rdrand-rng: cpu: word test failed for good, source not used'
u1=$(trr_stat cpu bytes)
d=$TRR_DBG/cpu-zero
echo 0 >"$d/verbose" && echo 0 >"$d/space" && echo -1 >"$d/times" && echo 10 >"$d/interval" &&
	echo 100 >"$d/probability"
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ] && [ -n "$u1" ] && [ "$(trr_stat cpu bytes)" = "$u1" ]; echo $?)" tpm_serves_alone \
	"read $n bytes, CPU bytes $u1 -> $(trr_stat cpu bytes)"
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
trr_fill_check tpm_alone_credited 64 0 4
ktap_end

#!/bin/sh
# No TPM device, RDRAND present: tpm-rdrand-rng says it waits for a TPM
# and serves /dev/hwrng from RDSEED/RDRAND alone, credited 0.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_tpm_device test ! -e /sys/class/tpm/tpm0
ktap_check tpm_skipped_line dmesg_has 'tpm-rdrand-rng: tpm: no TPM yet, used when one comes'
ktap_check seed_line_rdrand dmesg_has 'tpm-rdrand-rng: rdrand: seeded [0-9]+ bytes, credited 0\.000 bits'
cur=$(cat /sys/class/misc/hw_random/rng_current 2>/dev/null || echo none)
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" rng_current_is_driver "rng_current=$cur"
ktap_check no_tpm_rng sh -c '! grep -q tpm-rng /sys/class/misc/hw_random/rng_available 2>/dev/null'
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" dev_random_reads "read $n bytes"
trr_rngtest rdrand_only 419
ktap_check rdrand_credit_zero test "$(trr_stat rdrand claimed_frac)" -eq 0
ktap_end

#!/bin/sh
# TPM, no RDRAND/RDSEED: the CPU source is skipped with one line, the TPM
# alone seeds, feeds and serves /dev/hwrng.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_rdrand sh -c '! grep -qwE "rdrand|rdseed" /proc/cpuinfo'
ktap_check rdrand_skipped_line dmesg_has 'tpm-rdrand-rng: rdrand: no RDRAND or RDSEED, source skipped'
ktap_check seed_line_tpm dmesg_has 'tpm-rdrand-rng: tpm: seeded [0-9]+ bytes, credited'
ktap_check seed_summary dmesg_has 'boot seed from 1 source\(s\)'
ktap_check no_rdrand_stats test ! -e "$TRR_DBG/rdrand"
cur=$(cat "$HWRNG_SYS/rng_current")
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" rng_current_is_driver "rng_current=$cur"
trr_rngtest tpm_only 52
ktap_check tpm_credit_exact trr_credit_exact tpm
ktap_end

#!/bin/sh
# TPM on CRB under an AMD CPU: tpm_crb flags the chip's RNG as disabled
# (fTPM erratum PA-410), so the TPM core hands it neither to tpm-rng-0 nor
# to tpm-rdrand-rng: RDRAND alone serves.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check amd_cpu grep -q AuthenticAMD /proc/cpuinfo
ktap_check tpm_probed test -e /sys/class/tpm/tpm0
ktap_check crb_disables_hwrng dmesg_has 'tpm_crb .*Disabling hwrng'
ktap_check tpm_not_handed_over test "$(trr_stat tpm present)" = 0
ktap_check no_tpm_use_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: tpm: using"'
ktap_check no_tpm_rng sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
ktap_check tpm_not_read test "$(trr_stat tpm bytes_read)" = 0
ktap_check rng_current_is_driver grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
n=$(dd if=/dev/hwrng bs=64 count=4 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 256 ]; echo $?)" dev_hwrng_reads "read $n bytes"
ktap_end

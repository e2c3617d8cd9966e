#!/bin/sh
# TPM on CRB under an AMD CPU: tpm_crb flags the chip's RNG as disabled
# (fTPM erratum PA-410: using it as an RNG stalls the system), so the TPM
# core registers no tpm-rng-0, and tpm-rdrand must not use it either: it
# serves the CPU's RNG alone, credited at 0.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check amd_cpu grep -q AuthenticAMD /proc/cpuinfo
ktap_check tpm_probed test -e /sys/class/tpm/tpm0
ktap_check crb_disables_hwrng dmesg_has 'tpm_crb .*Disabling hwrng'
ktap_result "$(! hwrng_has tpm-rng-0; echo $?)" no_tpm_rng_0
ktap_check rng_current_is_driver test "$(hwrng_current)" = tpm-rdrand
n=$(dd if=/dev/hwrng bs=64 count=4 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 256 ]; echo $?)" dev_hwrng_reads "read $n bytes"
ktap_check tpm_not_read trr_is tpm bytes 0
ktap_check quality_0 test "$(cat "$HWRNG_SYS/rng_quality")" = 0
ktap_check hwrng_credit_zero test "$(prov_sum hwrng:tpm-rdrand)" = 0.000
grep . "$TRR_DBG/stats" | sed 's/^/# stats: /'
ktap_end

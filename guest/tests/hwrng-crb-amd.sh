#!/bin/sh
# TPM on CRB under an AMD CPU: tpm_crb flags the chip's RNG as disabled
# (fTPM erratum PA-410: using it as an RNG stalls the system), so the TPM
# core registers no tpm-rng-0, and tpm-rdrand must not use it either: with
# no TPM that serves it serves nothing, the CPU's RNG alone included, and
# random.c credits it nothing.
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
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
hwrng_serves_nothing disabled_tpm
ktap_check tpm_not_read trr_is tpm bytes 0
# a disabled TPM counts as none: empty, never an error
ktap_check tpm_empty_counted trr_above tpm empty 0
ktap_check tpm_no_errors trr_is tpm errors 0
ktap_check hwrng_credit_zero prov_zero hwrng:tpm-rdrand
grep . "$TRR_DBG/stats" | sed 's/^/# stats: /'
ktap_end

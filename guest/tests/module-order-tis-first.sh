#!/bin/sh
# tpm_tis before tpm-rdrand-rng, as udev loads a TPM's interface driver
# by its ACPI/PNP alias (the driver has no alias: it is loaded by a
# distribution's configuration, here by hand): tpm-rng-0, which the TPM
# core registers, is capped at the policy's 8 but never current, since
# rng_core.current_rng names tpm-rdrand; no rng is current until the
# driver registers, then tpm-rdrand is, and the fill thread feeds the pool
# from it alone: random.c's credit of hwrng:tpm-rdrand is a 16th of a bit
# per TPM byte, hwrng:tpm-rng-0 credits nothing, and the CRNG becomes
# ready by tpm-rdrand with nothing read from /dev/random. Writing
# rng_current still overrides the choice, and writing "" restores it.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check current_rng_param test "$(cat "$RNG_CORE/current_rng")" = tpm-rdrand
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
ktap_check tpm_tis_loads modprobe tpm_tis
ktap_check tpm_rng_0_registered hwrng_has tpm-rng-0
ktap_check tpm_rng_0_not_current test "$(hwrng_current)" = none
ktap_check driver_loads modprobe "$TRR_MOD"
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024, nothing without a TPM'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_rdrand_quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# The fill thread alone reads tpm-rdrand, back to back until ready.
ktap_check crng_ready_by_feeding wait_for 90 crng_is_ready
trr_readied_the_crng readied_by_tpm_rdrand
trr_credit_per_tpm_byte credit_per_tpm_byte 8
ktap_check tpm_rng_0_never_credited prov_zero hwrng:tpm-rng-0
ktap_check tpm_rdrand_still_current test "$(hwrng_current)" = tpm-rdrand
prov_policy_checks provenance
# The administrator may still choose another rng at run time, and ""
# gives the choice back to the boot parameter.
hwrng_select tpm-rng-0
ktap_check override.tpm_rng_0_by_hand test "$(hwrng_current)" = tpm-rng-0
hwrng_select ""
ktap_check override.empty_back_to_tpm_rdrand test "$(hwrng_current)" = tpm-rdrand
dmesg | grep -E 'crng ready at|tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

#!/bin/sh
# tpm-rdrand-rng before tpm_tis: the driver registers at its 8 and is
# current (rng_core.current_rng), but with no TPM yet it serves nothing
# and random.c credits it nothing; then tpm_tis registers tpm-rng-0,
# capped at 8 and never current, and tpm-rdrand, which asks for the
# default TPM on every read, serves as soon as the TPM is there: its fill
# thread's next read (within 11 s: 1 s in the driver, 10 s in the core
# after a read that gave nothing) finds it. random.c's credit of
# hwrng:tpm-rdrand is a 16th of a bit per TPM byte, hwrng:tpm-rng-0
# credits nothing, and the CRNG becomes ready by tpm-rdrand.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check current_rng_param test "$(cat "$RNG_CORE/current_rng")" = tpm-rdrand
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
ktap_check no_tpm_yet test ! -e /dev/tpm0
ktap_check driver_loads modprobe "$TRR_MOD"
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024, nothing without a TPM'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_rdrand_quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# The fill thread's first read finds no TPM.
ktap_check no_tpm_found wait_for 10 trr_above tpm empty 0
hwrng_serves_nothing no_tpm_yet
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_not_used trr_is tpm bytes 0
ktap_check nothing_credited prov_zero hwrng:tpm-rdrand

ktap_check tpm_tis_loads modprobe tpm_tis
ktap_check tpm_rng_0_registered hwrng_has tpm-rng-0
ktap_check tpm_rdrand_stays_current test "$(hwrng_current)" = tpm-rdrand
t0=$(cut -d' ' -f1 /proc/uptime)
ktap_check tpm_bytes_used wait_for 30 trr_above tpm bytes 0
ktap_diag "TPM in use $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after tpm_tis loaded"
ktap_check crng_ready_by_feeding wait_for 90 crng_is_ready
trr_readied_the_crng readied_by_tpm_rdrand
trr_credit_per_tpm_byte credit_per_tpm_byte 8
ktap_check tpm_rng_0_never_credited prov_zero hwrng:tpm-rng-0
ktap_check tpm_rdrand_still_current test "$(hwrng_current)" = tpm-rdrand
prov_policy_checks provenance
dmesg | grep -E 'crng ready at|tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

#!/bin/sh
# rng_core.default_quality, rng_core.current_quality and hw_random's
# rng_quality refuse values outside 0..1024 (EINVAL, value kept).
# default_quality caps an hwrng's quality when it registers, as vanilla's
# min(default_quality, quality ?: 1024): the driver registered under 3 says
# so and is credited at 3/1024, tpm-rng-0 registered under 1024 (vanilla's
# default) is credited 512 bits for a 64-byte read, under 0 nothing. A
# change does not touch an rng already registered. Credits are random.c's
# (one fill read each, the CRNG ready: counted late).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
policy_knob_rejects rng_core.default_quality "$RNG_CORE/default_quality"
policy_knob_rejects rng_core.current_quality "$RNG_CORE/current_quality"

# Under 3: the driver registers at 3, so does tpm-rng-0.
echo 3 >"$RNG_CORE/default_quality"
ktap_check cap_3.driver_loads modprobe "$TRR_MOD"
ktap_check cap_3.init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 3/1024 \(rng_core.default_quality\)'
ktap_check cap_3.tpm_tis_loads modprobe tpm_tis
policy_knob_rejects hw_random.rng_quality "$HWRNG_SYS/rng_quality"
q=$(hwrng_quality_of tpm-rng-0)
ktap_result "$([ "$q" = 3 ]; echo $?)" cap_3.tpm_rng_0_quality "tpm-rng-0 rng_quality=$q"
hwrng_select tpm-rdrand
ktap_check cap_3.tpm_ok wait_reading 10 trr_is tpm state ok
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 3 ]; echo $?)" cap_3.tpm_rdrand_quality "tpm-rdrand rng_quality=$q"
# The credit is exact only once the CRNG is ready (one read per kick).
ktap_first_blocking_read
# 64 TPM bytes at 3/1024: 1.5 bits
trr_fill_check cap_3.tpm_rdrand_credit 64 - 1.5
d=$(hwrng_fill_credit tpm-rng-0)
ktap_result "$(bits_eq "$d" 1.5; echo $?)" cap_3.tpm_rng_0_credit "one fill read of tpm-rng-0: $d bits"

# Under 1024, vanilla's default: a new tpm-rng-0 is fully credited; the
# driver, still loaded, keeps its 3.
echo 1024 >"$RNG_CORE/default_quality"
ktap_check cap_1024.tpm_tis_unloads timeout 15 rmmod tpm_tis
ktap_check cap_1024.tpm_tis_loads modprobe tpm_tis
q=$(hwrng_quality_of tpm-rng-0)
ktap_result "$([ "$q" = 1024 ]; echo $?)" cap_1024.tpm_rng_0_quality "tpm-rng-0 rng_quality=$q"
d=$(hwrng_fill_credit tpm-rng-0)
ktap_result "$(bits_eq "$d" 512; echo $?)" cap_1024.tpm_rng_0_credit "one fill read of tpm-rng-0: $d bits"
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 3 ]; echo $?)" cap_1024.registered_driver_kept "tpm-rdrand rng_quality=$q"

# Under 0: registered at 0, credited nothing; the driver's line says 0.
echo 0 >"$RNG_CORE/default_quality"
ktap_check cap_0.driver_unloads trr_unload
ktap_check cap_0.driver_loads modprobe "$TRR_MOD"
ktap_check cap_0.init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 0/1024 \(rng_core.default_quality\)'
hwrng_select tpm-rdrand
ktap_check cap_0.tpm_ok wait_reading 10 trr_is tpm state ok
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 0 ]; echo $?)" cap_0.tpm_rdrand_quality "tpm-rdrand rng_quality=$q"
trr_fill_check cap_0.tpm_rdrand_credit 64 - 0
echo 8 >"$RNG_CORE/default_quality"
ktap_check driver_unloads trr_unload
dmesg | grep -E 'tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

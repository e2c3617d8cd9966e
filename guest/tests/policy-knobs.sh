#!/bin/sh
# rng_core.default_quality, rng_core.current_quality and hw_random's
# rng_quality refuse values outside 0..1024 (EINVAL, value kept, and the
# current rng's quality untouched). default_quality caps an rng when it
# registers: min(default_quality, the driver's quality or 1024). So the
# driver, which declares 8, registers at 3 under 3 (its own quality above
# the cap), at its own 8 under 1024, and at 0 under 0; tpm-rng-0, which
# declares none, at 3 under 3 and 1024 under 1024. A change does not touch
# an rng already registered. A valid current_quality write sets the
# current rng's quality, as rng_quality does. Credits are random.c's, one
# fill read each, the CRNG ready (counted late). tpm-rng-0 is made current
# by hand where its credit is measured: under the policy's
# rng_core.current_rng it never is, and only the current rng is read.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
policy_knob_rejects rng_core.default_quality "$RNG_CORE/default_quality"
policy_knob_rejects rng_core.current_quality "$RNG_CORE/current_quality"

# current_quality_refused NAME: each value above 1024 written to
# current_quality is refused, and the current rng keeps its quality.
current_quality_refused() {
	for v in 1025 65535; do
		q0=$(cat "$HWRNG_SYS/rng_quality") c0=$(cat "$RNG_CORE/current_quality")
		err=$(trr_write "$RNG_CORE/current_quality" "$v")
		ktap_result "$([ "$err" = "Invalid argument" ] && [ "$(cat "$HWRNG_SYS/rng_quality")" = "$q0" ] &&
			[ "$(cat "$RNG_CORE/current_quality")" = "$c0" ]; echo $?)" "$1.current_quality_refuses_$v" \
			"error '$err'; rng_quality $q0 -> $(cat "$HWRNG_SYS/rng_quality"), current_quality $c0 -> $(cat "$RNG_CORE/current_quality")"
	done
}

# Under 3: the driver registers at 3 (its 8 capped), so does tpm-rng-0.
echo 3 >"$RNG_CORE/default_quality"
ktap_check cap_3.driver_loads modprobe "$TRR_MOD"
ktap_check cap_3.init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 3/1024'
ktap_check cap_3.driver_current test "$(hwrng_current)" = tpm-rdrand
ktap_check cap_3.tpm_rdrand_quality test "$(cat "$HWRNG_SYS/rng_quality")" = 3
current_quality_refused cap_3
policy_knob_rejects hw_random.rng_quality "$HWRNG_SYS/rng_quality"
ktap_check cap_3.tpm_tis_loads modprobe tpm_tis
ktap_check cap_3.tpm_rng_0_not_current test "$(hwrng_current)" = tpm-rdrand
q=$(hwrng_quality_of tpm-rng-0)
ktap_result "$([ "$q" = 3 ]; echo $?)" cap_3.tpm_rng_0_quality "tpm-rng-0 rng_quality=$q"
# a fresh fill thread reads tpm-rdrand at once (the first found no TPM)
hwrng_kick tpm-rdrand
ktap_check cap_3.tpm_ok wait_for 30 trr_is tpm state ok
# The credit is exact only once the CRNG is ready (one read per kick).
ktap_first_blocking_read
# 64 TPM bytes at 3/1024: 1.5 bits
trr_fill_check cap_3.tpm_rdrand_credit 64 - 1.5
d=$(hwrng_fill_credit tpm-rng-0)
ktap_result "$(bits_eq "$d" 1.5; echo $?)" cap_3.tpm_rng_0_credit "one fill read of tpm-rng-0: ${d:-no row:} bits"

# Under 1024, upstream's default: a new tpm-rng-0 is fully credited; the
# driver, registered under 3, keeps its 3; loaded again, it registers at
# its own 8, below the cap.
echo 1024 >"$RNG_CORE/default_quality"
ktap_check cap_1024.tpm_tis_unloads timeout 15 rmmod tpm_tis
ktap_check cap_1024.tpm_tis_loads modprobe tpm_tis
q=$(hwrng_quality_of tpm-rng-0)
ktap_result "$([ "$q" = 1024 ]; echo $?)" cap_1024.tpm_rng_0_quality "tpm-rng-0 rng_quality=$q"
d=$(hwrng_fill_credit tpm-rng-0)
ktap_result "$(bits_eq "$d" 512; echo $?)" cap_1024.tpm_rng_0_credit "one fill read of tpm-rng-0: ${d:-no row:} bits"
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 3 ]; echo $?)" cap_1024.registered_driver_kept "tpm-rdrand rng_quality=$q"
ktap_check cap_1024.driver_unloads trr_unload
ktap_check cap_1024.driver_loads modprobe "$TRR_MOD"
ktap_check cap_1024.init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024'
hwrng_kick tpm-rdrand
ktap_check cap_1024.own_quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
ktap_check cap_1024.tpm_ok wait_for 30 trr_is tpm state ok
trr_fill_check cap_1024.tpm_rdrand_credit 64 - 4
current_quality_refused cap_1024

# A valid current_quality sets the current rng's quality, as rng_quality.
err=$(trr_write "$RNG_CORE/current_quality" 16)
ktap_result "$([ -z "$err" ] && [ "$(cat "$HWRNG_SYS/rng_quality")" = 16 ]; echo $?)" current_quality_16.set \
	"error '$err'; rng_quality $(cat "$HWRNG_SYS/rng_quality")"
trr_fill_check current_quality_16.credit 64 - 8
ktap_check current_quality_16.kept test "$(cat "$HWRNG_SYS/rng_quality")" = 16

# Under 0: registered at 0, credited nothing; the driver's line says 0.
echo 0 >"$RNG_CORE/default_quality"
ktap_check cap_0.driver_unloads trr_unload
ktap_check cap_0.driver_loads modprobe "$TRR_MOD"
ktap_check cap_0.init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 0/1024'
hwrng_kick tpm-rdrand
ktap_check cap_0.tpm_rdrand_quality test "$(cat "$HWRNG_SYS/rng_quality")" = 0
ktap_check cap_0.tpm_ok wait_for 30 trr_is tpm state ok
trr_fill_check cap_0.tpm_rdrand_credit 64 - 0
echo 8 >"$RNG_CORE/default_quality"
ktap_check driver_unloads trr_unload
dmesg | grep -E 'tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

#!/bin/sh
# Bad values of every policy knob on the command line are reported and
# ignored: the defaults stay in force.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
CORE=/sys/module/rng_core/parameters
ktap_begin
ktap_check trust_cpu_reported dmesg_has 'random: random.trust_cpu=1025 is invalid, expected on or off; kept off'
ktap_check trust_bootloader_reported dmesg_has 'random: random.trust_bootloader=abc is invalid, expected on or off; kept off'
ktap_check policy_unchanged dmesg_has 'random: credit policy: CPU RNG mixed, credited: no \(random.trust_cpu=off, Kconfig default\)'
ktap_result "$(crng_ready_at_boot && echo 1 || echo 0)" crng_not_ready_at_boot \
	"$(dmesg | grep 'crng init done')"
for p in rng_core.default_quality rng_core.current_quality tpm_rdrand_rng.tpm_quality \
	tpm_rdrand_rng.rdrand_quality tpm_rdrand_rng.feed_interval_ms tpm_rdrand_rng.retry_ms; do
	ktap_check "$p.reported" dmesg_has "invalid for parameter \`$p'"
done
ktap_check default_quality_kept test "$(cat "$CORE/default_quality")" = 1024
# current_quality is set from the current rng's quality when it registers.
ktap_check current_quality_kept test "$(cat "$CORE/current_quality")" = "$(cat "$HWRNG_SYS/rng_quality")"
ktap_check tpm_quality_kept test "$(cat "$TRR_PAR/tpm_quality")" = 8
ktap_check rdrand_quality_kept test "$(cat "$TRR_PAR/rdrand_quality")" = 0
ktap_check feed_interval_ms_kept test "$(cat "$TRR_PAR/feed_interval_ms")" = 1000
ktap_check retry_ms_kept test "$(cat "$TRR_PAR/retry_ms")" = 5000
ktap_first_blocking_read
ktap_check cpu_credit_zero test "$(prov_bits cpu)" = 0.000
ktap_end

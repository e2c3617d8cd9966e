#!/bin/sh
# TPM, no CPU RNG (no RDRAND/RDSEED; on arm64 a CPU without RNDR): the
# driver says it has no CPU RNG and serves the TPM's bytes alone, credited
# at its 8/1024: random.c's credit of hwrng:tpm-rdrand is a 16th of a bit
# per TPM byte the fill thread took; the output passes FIPS 140-2.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_cpu_rng test -z "$(cpu_rng)"
ktap_check no_cpu_rng_line dmesg_has 'tpm-rdrand-rng: no usable CPU RNG: the TPM serves alone'
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_alone_quality_8 "rng_quality=$q"
# Only the fill thread reads the driver until the rngtest below.
ktap_check tpm_ok wait_for 30 trr_is tpm state ok
ktap_check tpm_bytes_used wait_for 30 trr_above tpm bytes 0
# The CPU source never passed its startup test: it gave nothing.
ktap_check cpu_never_started trr_is cpu state startup
ktap_check cpu_no_bytes trr_is cpu bytes 0
trr_credit_per_tpm_byte credit_per_tpm_byte 8
ktap_first_blocking_read
trr_fill_check fill_read_credited_4_bits 64 0 4
prov_policy_checks provenance
t0=$(trr_stat tpm bytes)
trr_rngtest tpm_only 52
t1=$(trr_stat tpm bytes)
# every byte served was the TPM's
ktap_result "$([ -n "$t0" ] && [ $((t1 - t0)) -ge $((53 * 2500)) ] && [ "$(trr_stat cpu bytes)" = 0 ]; echo $?)" \
	served_from_the_tpm "$((t1 - t0)) TPM bytes for $((53 * 2500)) read"
ktap_end

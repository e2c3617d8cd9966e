#!/bin/sh
# TPM, no RDRAND/RDSEED: the driver says it has no CPU RNG and serves the
# TPM's bytes alone, credited at 8/1024 (random.c: 4 bits per 64 TPM
# bytes); its output passes FIPS 140-2.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_cpu_rng test -z "$(cpu_rng)"
ktap_check no_cpu_rng_line dmesg_has 'tpm-rdrand-rng: no usable CPU RNG'
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 8/1024'
ktap_check tpm_rdrand_registered hwrng_has tpm-rdrand
ktap_diag "rng_current: $(hwrng_current)"
hwrng_select tpm-rdrand
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
ktap_check cpu_never_ok test "$(trr_stat cpu state)" != ok
ktap_check cpu_no_bytes trr_is cpu bytes 0
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_alone_quality_8 "rng_quality=$q"
ktap_first_blocking_read
trr_fill_check fill_read_credited_4_bits 64 0 4
prov_policy_checks provenance
trr_credit_share tpm_credit_within_share
t0=$(trr_stat tpm bytes)
trr_rngtest tpm_only 52
t1=$(trr_stat tpm bytes)
# every byte served was the TPM's
ktap_result "$([ $((t1 - t0)) -ge $((53 * 2500)) ] && [ "$(trr_stat cpu bytes)" = 0 ]; echo $?)" \
	served_from_the_tpm "$((t1 - t0)) TPM bytes for $((53 * 2500)) read"
ktap_end

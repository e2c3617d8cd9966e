#!/bin/sh
# Bad values on the command line, after the kernel's CONFIG_CMDLINE
# policy: random.trust_cpu= and random.trust_bootloader= that are not
# booleans, rng_core.default_quality= and rng_core.current_quality=
# outside 0..1024, hw_random_bytes= not 0 or 1. Each is reported and
# ignored: the CPU and the bootloader stay uncredited, the hwrngs are
# capped at 8, get_random_bytes() keeps the CRNG.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
for p in random.trust_cpu random.trust_bootloader; do
	ktap_check "$p.reported" dmesg_has "Malformed early option '$p'|$p=[a-z]+ is invalid"
done
for p in rng_core.default_quality rng_core.current_quality; do
	ktap_check "$p.reported" dmesg_has "invalid for parameter \`$p'"
done
ktap_check hw_random_bytes.reported dmesg_has 'random: hw_random_bytes=on is invalid, expected 0 or 1; ignored'
ktap_check hw_random_bytes.not_used dmesg_has 'random: get_random_bytes\(\) not using HW RNG'
ktap_check default_quality_kept test "$(cat "$RNG_CORE/default_quality")" = 8
ktap_check driver_at_8 dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024'
# current_quality is the current rng's quality when it was made current
cq=$(cat "$RNG_CORE/current_quality")
ktap_result "$([ "$cq" = 8 ]; echo $?)" current_quality_kept "current_quality=$cq"
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_rdrand.quality_8 "rng_quality=$q"
ktap_first_blocking_read
ktap_check line_cpu_zero test "$(prov_bits cpu)" = 0.000
ktap_check line_bootloader_zero test "$(prov_bits bootloader)" = 0.000
prov_policy_checks provenance
dmesg | grep -E 'Malformed|invalid|crng ready at' | sed 's/^/# /'
ktap_end

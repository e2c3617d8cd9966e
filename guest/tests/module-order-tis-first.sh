#!/bin/sh
# tpm_tis before tpm-rdrand-rng (udev loads the TPM's interface driver by
# its ACPI/PNP alias, the driver by the CPU's RDRAND modalias, in either
# order): tpm-rng-0 registers first, at rng_core.default_quality (8), is
# current and feeds the pool at 4 bits per 64-byte read; the driver's
# tpm-rdrand registers at 8 too, and, equal, does not take over. random.c's
# view: tpm-rng-0 was accepted at most one read past the 355 bits that
# make the CRNG ready, and no single read of 512 bits made it ready.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
ktap_check tpm_tis_loads modprobe tpm_tis
ktap_check tpm_rng_0_registered hwrng_has tpm-rng-0
# udev's coldplug reaches the CPU's modalias some seconds later
sleep 3
ktap_check driver_loads modprobe "$TRR_MOD"
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 8/1024 \(rng_core.default_quality\)'
ktap_check tpm_rdrand_registered hwrng_has tpm-rdrand
cur=$(hwrng_current)
ktap_result "$([ "$cur" = tpm-rng-0 ]; echo $?)" tpm_rng_0_stays_current "rng_current=$cur"
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_rng_0_quality_8 "tpm-rng-0 rng_quality=$q"
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_rdrand_quality_8 "tpm-rdrand rng_quality=$q (the TPM serves it)"
cur=$(hwrng_current)
ktap_result "$([ "$cur" = tpm-rng-0 ]; echo $?)" tpm_rng_0_restored "rng_current=$cur"
# tpm-rng-0 feeds the pool at 4 bits a read: ready within seconds, with
# nothing read from /dev/random (that would start the jitter entropy).
ktap_check crng_ready_by_feeding wait_for 60 crng_is_ready
acc=$(prov_file hwrng:tpm-rng-0 2)
ktap_result "$(bits_le 0.125 "$acc"; echo $?)" tpm_rng_0_credited "hwrng:tpm-rng-0 accepted $acc bits"
ktap_result "$(bits_le "$acc" "$HWRNG_MAX_ACCEPTED"; echo $?)" tpm_rng_0_accepted_at_most_360 \
	"hwrng:tpm-rng-0 accepted $acc bits"
prov_policy_checks provenance
dmesg | grep -E 'crng ready at|tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

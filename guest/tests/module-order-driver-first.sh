#!/bin/sh
# tpm-rdrand-rng before tpm_tis: with no TPM the driver serves the CPU's
# RNG alone and sets its quality to 0 (random.c credits nothing for it);
# then tpm_tis registers tpm-rng-0 at 8, which outranks tpm-rdrand's 0 and
# becomes current. tpm-rdrand reads the TPM as soon as it is there (it asks
# for the default TPM on every read) and is back at 8 while it does.
# random.c's view: tpm-rng-0 accepted at most one read past the 355 bits
# that make the CRNG ready, no single read of 512 bits made it ready.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
ktap_check no_tpm_yet test ! -e /dev/tpm0
ktap_check driver_loads modprobe "$TRR_MOD"
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 8/1024 \(rng_core.default_quality\)'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
# The fill thread's first read (or ours) finds no TPM: the CPU alone.
ktap_check cpu_alone_line wait_reading 10 dmesg_has 'tpm-rdrand-rng: the CPU serves alone: credited at 0'
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 0 ]; echo $?)" cpu_alone_quality_0 "tpm-rdrand rng_quality=$q"
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_not_used trr_is tpm bytes 0
c=$(prov_sum hwrng:tpm-rdrand)
ktap_result "$([ "$c" = 0.000 ]; echo $?)" cpu_alone_not_credited "hwrng:tpm-rdrand credited $c bits"

ktap_check tpm_tis_loads modprobe tpm_tis
ktap_check tpm_rng_0_registered hwrng_has tpm-rng-0
cur=$(hwrng_current)
ktap_diag "rng_current after tpm_tis: $cur"
q=$(hwrng_quality_of tpm-rng-0)
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_rng_0_quality_8 "tpm-rng-0 rng_quality=$q"
# The fill thread reads only the current rng: select tpm-rdrand, and
# read /dev/hwrng to drive its reads.
hwrng_select tpm-rdrand
t0=$(cut -d' ' -f1 /proc/uptime)
ktap_check tpm_reaches_ok wait_reading 10 trr_is tpm state ok
ktap_check tpm_bytes_used wait_reading 10 trr_above tpm bytes 0
ktap_diag "TPM in use $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after tpm-rdrand was selected"
ktap_check tpm_serves_line dmesg_has 'tpm-rdrand-rng: the TPM serves: credited at 8/1024'
q=$(hwrng_quality_of tpm-rdrand)
ktap_result "$([ "$q" = 8 ]; echo $?)" tpm_rdrand_quality_8 "tpm-rdrand rng_quality=$q"
hwrng_select "$cur"
ktap_check crng_ready_by_feeding wait_for 60 crng_is_ready
acc=$(prov_file hwrng:tpm-rng-0 2)
ktap_result "$(bits_le "$acc" "$HWRNG_MAX_ACCEPTED"; echo $?)" tpm_rng_0_accepted_at_most_360 \
	"hwrng:tpm-rng-0 accepted $acc bits"
prov_policy_checks provenance
trr_credit_share tpm_rdrand_credit_within_share
dmesg | grep -E 'crng ready at|tpm-rdrand-rng' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

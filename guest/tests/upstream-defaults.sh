#!/bin/sh
# Upstream's defaults on every policy word (see the scenario): the CPU's
# boot seed readies the CRNG at boot (trust_cpu on, as upstream), so every
# hwrng credit comes late; tpm-rdrand, the one rng of the test kernel, is
# current by rank, at the quality it declares, 8/1024, not the 1024 the
# cap would now allow. random.c's view: hwrng:tpm-rdrand's credit is a
# 16th of a bit per TPM byte the driver used, over fill reads of a fresh
# fill thread each (nothing else reading it), never 512 bits a read.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
for w in random.trust_cpu=on random.trust_bootloader=on rng_core.default_quality=1024 rng_core.current_rng=; do
	ktap_check "cmdline.${w%%=*}" test "$(cmdline_last "${w%%=*}")" = "$w"
done
ktap_check default_quality_1024 test "$(cat "$RNG_CORE/default_quality")" = 1024
ktap_check no_chosen_rng test -z "$(cat "$RNG_CORE/current_rng")"
ktap_check ready_at_boot_by_cpu test "$(prov_ready_by)" = cpu
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024, nothing without a TPM'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check rng_selected_0 test "$(cat "$HWRNG_SYS/rng_selected")" = 0
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" own_quality_8 "rng_quality=$q"
ktap_check tpm_ok wait_for 30 trr_is tpm state ok
# Nothing was accepted from it: the CRNG was ready before its first read.
ktap_check nothing_accepted test "$(prov_file hwrng:tpm-rdrand 2)" = 0.000
# Fill reads, each by a fresh fill thread: 64 TPM bytes, 4 bits, late.
for i in 1 2 3; do
	trr_fill_check "fill_read_$i.credited_4_bits" 64 64 4
done
# All of its credit, for all the TPM bytes it used (nothing but fill
# reads read it): 8/1024 of their bits.
trr_credit_per_tpm_byte credit_per_tpm_byte 8
sed 's/^/# credit: /' "$CREDIT"
ktap_end

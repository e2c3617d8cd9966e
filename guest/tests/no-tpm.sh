#!/bin/sh
# No TPM device, the CPU's RNG present (RDRAND, or RNDR on arm64):
# tpm-rdrand registers at its quality, 8/1024, and is current (the
# policy's rng_core.current_rng), but serves nothing: the CPU's RNG alone
# is never served, so /dev/hwrng gives no byte (EAGAIN without waiting; a
# waiting reader sleeps), random.c credits hwrng:tpm-rdrand nothing, and
# the fill thread, finding nothing, waits (1 s in the driver, 10 s in the
# core) instead of reading back to back. The CRNG becomes ready from
# timing entropy.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_tpm_device test ! -e /sys/class/tpm/tpm0
ktap_check cpu_rng_present test -n "$(cpu_rng)"
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 8/1024, nothing without a TPM'
cur=$(hwrng_current)
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" rng_current_is_driver "rng_current=$cur"
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" quality_8 "rng_quality=$q"
ktap_check cpu_ok trr_is cpu state ok
hwrng_serves_nothing no_tpm
ktap_check tpm_no_bytes trr_is tpm bytes 0
# -ENODEV is no TPM, not a TPM error
ktap_check tpm_no_errors trr_is tpm errors 0
ktap_check tpm_empty_counted trr_above tpm empty 0
ktap_check no_tpm_error_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: tpm: read failed"'
# The fill thread's pace, nobody else reading: each of its reads finds
# nothing, sleeps 1 s in the driver and 10 s in the core.
w=15
r0=$(trr_stat tpm reads)
sleep "$w"
r1=$(trr_stat tpm reads)
ktap_result "$([ -n "$r0" ] && [ $((r1 - r0)) -ge 1 ] && [ $((r1 - r0)) -le 2 ]; echo $?)" fill_waits_11s \
	"$((r1 - r0)) fill reads in $w s"
ktap_check nothing_credited prov_zero hwrng:tpm-rdrand
ktap_first_blocking_read
prov_policy_checks provenance
by=$(prov_ready_by)
ktap_result "$(case "$by" in irq | timer | jitter) echo 0 ;; *) echo 1 ;; esac)" ready_by_timing "ready by $by"
# a fill read with the CRNG ready: still nothing
trr_fill_check fill_read_credited_0 0 - 0
ktap_check still_nothing_credited prov_zero hwrng:tpm-rdrand
ktap_end

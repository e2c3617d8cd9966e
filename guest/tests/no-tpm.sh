#!/bin/sh
# No TPM device, RDRAND present: tpm-rdrand registers (a TPM may come),
# serves the CPU's RNG alone at quality 0, so random.c credits it nothing,
# and the fill thread, crediting 0, reads it once per reseed interval
# (max(1 s, uptime / 2) in the first 120 s), not back to back. The CRNG
# becomes ready from timing entropy; /dev/hwrng passes FIPS 140-2.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_tpm_device test ! -e /sys/class/tpm/tpm0
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM bytes credited at 8/1024'
ktap_check cpu_alone_line dmesg_has 'tpm-rdrand-rng: the CPU serves alone: credited at 0'
ktap_check no_tpm_serves_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: the TPM serves"'
cur=$(hwrng_current)
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" rng_current_is_driver "rng_current=$cur"
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 0 ]; echo $?)" quality_0 "rng_quality=$q"
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_no_bytes trr_is tpm bytes 0
# -ENODEV is no TPM, not a TPM error
ktap_check tpm_no_errors trr_is tpm errors 0
ktap_check no_tpm_error_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: tpm: read failed"'
# The fill thread's pace, nobody else reading: one read per interval.
up=$(cut -d. -f1 /proc/uptime)
iv=$(reseed_interval)
w=$((iv + 2))
r0=$(trr_stat cpu reads)
sleep "$w"
r1=$(trr_stat cpu reads)
ktap_result "$([ $((r1 - r0)) -ge 1 ] && [ $((r1 - r0)) -le 2 ]; echo $?)" fill_once_per_interval \
	"$((r1 - r0)) CPU reads in $w s from uptime $up s (interval $iv s or more)"
c=$(prov_sum hwrng:tpm-rdrand)
ktap_result "$([ "$c" = 0.000 ]; echo $?)" cpu_alone_not_credited "hwrng:tpm-rdrand credited $c bits"
ktap_first_blocking_read
prov_policy_checks provenance
by=$(prov_ready_by)
ktap_result "$(case "$by" in irq | timer | jitter) echo 0 ;; *) echo 1 ;; esac)" ready_by_timing "ready by $by"
trr_rngtest rdrand_only 419
# a fill read with the CRNG ready: still nothing
trr_fill_check fill_read_credited_0 0 64 0
ktap_check cpu_alone_still_not_credited test "$(prov_sum hwrng:tpm-rdrand)" = 0.000
ktap_end

#!/bin/sh
# Quiet after boot: once the CRNG is ready, random.c ignores credit and
# draws on the pool only at a reseed, which also takes RDSEED/RDRAND by
# itself. The feeder then reads the TPM once per crng_reseed_interval()
# (max(1 s, uptime / 2) in the first 120 s, 60 s after), as 6.12's hwrng
# core does, and the CPU source not at all. Counted over a window of
# interval + 2 s: one TPM read at least (still fed), two at most (a
# third needs a window of two intervals); before issue 12 the feeder read
# both sources every second.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_first_blocking_read
# Let a feed that was under way when the CRNG became ready finish.
sleep 2
up=$(cut -d. -f1 /proc/uptime)
w=$((up / 2 + 2))
t0=$(trr_stat tpm bytes_read) c0=$(trr_stat rdrand bytes_read)
sleep "$w"
t1=$(trr_stat tpm bytes_read) c1=$(trr_stat rdrand bytes_read)
reads=$(((t1 - t0) / 64))
ktap_diag "window of $w s from uptime $up s: TPM $((t1 - t0)) bytes ($reads reads of 64 bytes), RDRAND $((c1 - c0)) bytes"
ktap_result "$([ "$reads" -ge 1 ] && [ "$reads" -le 2 ]; echo $?)" tpm_once_per_interval \
	"$reads TPM reads in $w s (interval $((up / 2)) s or more)"
ktap_result "$([ "$c1" -eq "$c0" ]; echo $?)" cpu_not_polled "RDRAND bytes_read $c0 -> $c1"
ktap_check tpm_healthy test "$(trr_stat tpm state)" = ok
# /dev/hwrng still serves both sources at once.
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ]; echo $?)" dev_hwrng_serves "read $n bytes"
ktap_result "$([ "$(trr_stat rdrand bytes_read)" -gt "$c1" ]; echo $?)" dev_hwrng_reads_cpu
ktap_end

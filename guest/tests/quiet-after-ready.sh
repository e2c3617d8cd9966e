#!/bin/sh
# Quiet after boot: once the CRNG is ready, random.c ignores credit and
# draws on the pool only at a reseed, so the hwrng core's fill thread
# sleeps crng_reseed_interval() (max(1 s, uptime / 2) in the first 120 s,
# 60 s after) between reads. With tpm-rdrand current, each fill read is
# one read of each source: over a window of interval + 2 s, one TPM read
# at least (still fed), two at most (a third needs two intervals), and
# the CPU no more often; random.c counts each one late, at 4 bits per 64
# TPM bytes. The timing paths (interrupts, timer, jitter) count no late
# credit at all: once ready they cost no more than a static branch.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
hwrng_select tpm-rdrand
ktap_first_blocking_read
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
# Let a fill read under way when the CRNG became ready finish.
sleep 2
up=$(cut -d. -f1 /proc/uptime)
iv=$(reseed_interval)
w=$((iv + 2))
read -r t0 u0 c0 a0 <<EOT
$(trr_snap)
EOT
sleep "$w"
read -r t1 u1 c1 a1 <<EOT
$(trr_snap)
EOT
reads=$(((t1 - t0) / 64))
dc=$(bits_sub "$c1" "$c0")
ktap_diag "window of $w s from uptime $up s: TPM $((t1 - t0)) bytes ($reads reads of 64 bytes)," \
	"CPU $((u1 - u0)) bytes, credit $dc bits"
ktap_result "$([ -n "$t1" ] && [ "$reads" -ge 1 ] && [ "$reads" -le 2 ]; echo $?)" tpm_once_per_interval \
	"$reads TPM reads in $w s (interval $iv s or more)"
ktap_result "$([ -n "$u0" ] && [ -n "$u1" ] && [ $((u1 - u0)) -eq $((t1 - t0)) ]; echo $?)" cpu_as_often "CPU $((u1 - u0)) bytes, TPM $((t1 - t0))"
ktap_result "$(bits_eq "$dc" "$(awk -v b=$((t1 - t0)) 'BEGIN { print b / 16 }')" && [ "$reads" -ge 1 ]; echo $?)" \
	late_credit_at_8 "$dc bits for $((t1 - t0)) TPM bytes"
# after ready, every credit is late
ktap_result "$([ -n "$a0" ] && [ "$a0" = "$a1" ]; echo $?)" nothing_accepted_after_ready "accepted $a0 -> $a1"
ktap_check tpm_healthy test "$(trr_stat tpm state)" = ok
for src in irq timer jitter; do
	ktap_result "$([ "$(prov_file $src 3)" = 0.000 ]; echo $?)" "$src.no_late_count" \
		"$src late $(prov_file $src 3)"
done
# /dev/hwrng still serves both sources at once.
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ]; echo $?)" dev_hwrng_serves "read $n bytes"
ktap_result "$([ -n "$u1" ] && [ -n "$t1" ] && [ "$(trr_stat cpu bytes)" -ge $((u1 + 1024)) ] &&
	[ "$(trr_stat tpm bytes)" -ge $((t1 + 1024)) ]; echo $?)" \
	dev_hwrng_reads_both
ktap_end

#!/bin/sh
# The TPM answering GetRandom as TPMs in the field do, through the TPM
# core's fail_tpm fault_attr (test kernels): each fault repeated pauses
# the TPM with a line from the driver (and the TPM core's own); while it
# waits, tpm-rdrand serves nothing, the CPU's RNG alone included (a waiting
# reader sleeps), and random.c credits nothing; the TPM serves again, at
# the same 8/1024, once the fault stops. A fault the TPM core absorbs (one
# TPM2_RC_RETRY; 32-byte answers) changes nothing.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
FT=/sys/kernel/debug/fail_tpm
TP=/sys/module/tpm/parameters
ktap_begin
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_ok wait_reading 20 trr_is tpm state ok
ktap_first_blocking_read

# tpm_fault RC BYTES DELAY_MS TIMES: the next TIMES GetRandom commands (-1:
# all) answer RC (0: the TPM's answer), ask at most BYTES, DELAY_MS late.
tpm_fault() {
	echo "$1" >"$TP/fault_rc" && echo "$2" >"$TP/fault_random_bytes" &&
		echo "$3" >"$TP/fault_delay_ms" && echo 0 >"$FT/verbose" &&
		echo "$4" >"$FT/times" && echo 100 >"$FT/probability"
}
tpm_fault_off() {
	echo 0 >"$FT/probability" && echo 0 >"$TP/fault_rc" &&
		echo 128 >"$TP/fault_random_bytes" && echo 0 >"$TP/fault_delay_ms"
}
reads() {
	timeout 20 dd if=/dev/hwrng bs=64 count="$1" 2>/dev/null | wc -c
}
quality() {
	cat "$HWRNG_SYS/rng_quality"
}
quality_is() {
	[ "$(quality)" = "$1" ]
}

# absorbed NAME RC BYTES TIMES: the TPM core hides the fault; the TPM
# serves on, every read of it whole (64 bytes a GetRandom), no driver
# error; the fault fired (its times went down). A fill thread's read in
# flight when the counters are taken can put bytes and reads one read
# apart, as one short answer does: measure once more, the fault armed
# again, before failing.
absorbed() {
	for try in 1 2; do
		e0=$(trr_stat tpm errors) b0=$(trr_stat tpm bytes) r0=$(trr_stat tpm reads)
		tpm_fault "$2" "$3" 0 "$4"
		n=$(reads 16)
		left=$(cat "$FT/times")
		tpm_fault_off
		db=$(($(trr_stat tpm bytes) - b0)) dr=$(($(trr_stat tpm reads) - r0))
		[ "$db" = $((64 * dr)) ] && break
		ktap_diag "$1: try $try: $db bytes in $dr reads"
	done
	ktap_result "$([ "$n" = 1024 ] && [ "$(trr_stat tpm errors)" = "$e0" ] &&
		[ "$db" -ge 1024 ] && [ "$db" = $((64 * dr)) ] && [ "$left" != "$4" ]; echo $?)" "$1" \
		"read $n bytes; TPM errors $e0 -> $(trr_stat tpm errors), $db bytes in $dr reads; fault times $4 -> $left"
}

# degraded NAME RC BYTES DELAY_MS DRIVER_LINE [CORE_LINE]: every GetRandom
# misbehaves: the driver says so and pauses the TPM; meanwhile nothing is
# served (the CPU's RNG is not served alone) and nothing credited; the
# TPM serves again once the fault stops, at the quality it had.
degraded() {
	l0=$(trr_lines "$5")
	tpm_fault "$2" "$3" "$4" -1
	ktap_check "$1.driver_line" wait_reading 30 trr_lines_above "$5" "$l0"
	[ -n "${6:-}" ] && ktap_check "$1.core_line" dmesg_has "$6"
	b1=$(trr_stat tpm bytes) c1=$(prov_sum hwrng:tpm-rdrand)
	hwrng_serves_nothing "$1.paused"
	ktap_result "$([ -n "$b1" ] && [ "$(trr_stat tpm bytes)" = "$b1" ] &&
		[ -n "$c1" ] && [ "$(prov_sum hwrng:tpm-rdrand)" = "$c1" ]; echo $?)" \
		"$1.paused.nothing_used_or_credited" \
		"TPM bytes $b1 -> $(trr_stat tpm bytes), credit $c1 -> $(prov_sum hwrng:tpm-rdrand)"
	# (a slow read's bytes are used: the next one comes after the pause)
	trr_paused_10s "$1.paused.not_asked_for_10s" "$5"
	ktap_check "$1.quality_8" quality_is 8
	tpm_fault_off
	ktap_check "$1.recovers" wait_reading 30 trr_above tpm bytes "$b1"
	ktap_check "$1.still_8" quality_is 8
}

absorbed retry_once 0x922 128 1
absorbed short_32 0 32 100000

degraded retry 0x922 128 0 'tpm: read failed \(-5\), retried in 10 s' 'tpm tpm0: in retry loop'
degraded testing 0x90a 128 0 'tpm: read failed \(-5\), retried in 10 s' 'tpm tpm0: self test is still running'
degraded yielded 0x908 128 0 'tpm: read failed \(-5\), retried in 10 s' \
	'tpm tpm0: A TPM error \(2312\) occurred attempting get random'
degraded zero_bytes 0 0 0 'tpm: read failed \(-5\), retried in 10 s'
degraded slow_2s 0 128 2000 'tpm: a read took [0-9]+ ms, paused for 10 s'
dmesg | grep -E 'tpm' | tail -n 20 | sed 's/^/# /'
ktap_end

#!/bin/sh
# Faults injected into each source of tpm-rdrand (fault_attr: the TPM's
# read fails with -EIO, or returns one repeated byte; the CPU has no data,
# gives words of all ones, or one word of zeros), on the module kernel:
# 1. no TPM yet, then a TPM whose reads fail: nothing is served (the CPU
#    alone never is) and nothing credited, a waiting reader sleeps; a TPM
#    error pauses the TPM, and neither source is read, for 10 s;
# 2. the TPM's fault gone: it serves again at 8/1024, random.c credits it;
# 3. the TPM stuck: the health tests catch it and drop it for good, no
#    stuck byte is used, and reads fail with EIO (only a TPM failed for
#    good ends the output);
# 4. (driver reloaded) the CPU without data (underflow): counted as empty,
#    never as a failure, the TPM serves alone at 8; the CPU back when the
#    fault is gone;
# 5. the CPU's words all ones: the CPU dropped for good on its first read,
#    the TPM alone still served and credited, not EIO;
# 6. the word test at each of a block's 8 words (the driver reloaded for
#    each pair): a zero word drops its block, a second one the source;
# 7. the TPM stuck again: reads fail (EIO), rmmod still works.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
# reads: N blocking reads of 64 bytes; prints the bytes read.
reads() {
	timeout 10 dd if=/dev/hwrng bs=64 count="$1" 2>/dev/null | wc -c
}
quality() {
	cat "$HWRNG_SYS/rng_quality"
}
# reload PREFIX: a fresh driver, current, its TPM source through its
# startup test.
reload() {
	ktap_check "$1.driver_unloads" trr_unload
	ktap_check "$1.driver_loads" modprobe "$TRR_MOD"
	ktap_check "$1.current" test "$(hwrng_current)" = tpm-rdrand
	ktap_check "$1.tpm_ok" wait_reading 10 trr_is tpm state ok
}

# 1. The driver alone, then tpm_tis with the TPM's reads failing.
ktap_check premise.not_ready sh -c '! dmesg | grep -q "crng init done"'
ktap_check no_tpm.driver_loads modprobe "$TRR_MOD"
ktap_check no_tpm.current test "$(hwrng_current)" = tpm-rdrand
ktap_check no_tpm.quality_8 test "$(quality)" = 8
hwrng_serves_nothing no_tpm
ktap_check no_tpm.not_credited prov_zero hwrng:tpm-rdrand

trr_fault tpm-fail on
ktap_check tpm.fail.tpm_tis_loads modprobe tpm_tis
ktap_check tpm.fail.tpm_rdrand_still_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm.fail.error_counted wait_reading 10 trr_above tpm errors 0
ktap_check tpm.fail.logged dmesg_has 'tpm-rdrand-rng: tpm: read failed \(-5\), retried in 10 s'
# Not asked again for 10 s, and the CPU not read either: from the first
# error to the next one (the fault still on) only that next read reads the
# CPU.
c0=$(trr_stat cpu reads)
hwrng_serves_nothing tpm.fail
trr_paused_10s tpm.fail.not_asked_for_10s 'tpm: read failed \(-5\), retried in 10 s'
c1=$(trr_stat cpu reads)
ktap_result "$([ -n "$c0" ] && [ $((c1 - c0)) -le 2 ]; echo $?)" tpm.fail.cpu_not_read_while_paused \
	"CPU reads $c0 -> $c1 from the first error to the next"
ktap_check tpm.fail.quality_8 test "$(quality)" = 8
ktap_check tpm.fail.no_tpm_bytes trr_is tpm bytes 0
ktap_check tpm.fail.not_credited prov_zero hwrng:tpm-rdrand
trr_fault tpm-fail off

# 2. The TPM serves again once the 10 s are over, credited at 8.
ktap_check tpm.back.ok wait_reading 20 trr_is tpm state ok
ktap_check tpm.back.quality_8 test "$(quality)" = 8
# A fresh fill thread reads at once (the last one may sleep 10 s after a
# read that gave nothing) and, the CRNG not ready, back to back: 4 bits a
# read until the CRNG is ready.
hwrng_kick tpm-rdrand
ktap_check tpm.back.credited wait_for 10 prov_above hwrng:tpm-rdrand 0
ktap_check tpm.back.crng_ready wait_for 90 crng_is_ready
prov_policy_checks tpm.back.provenance
trr_credit_share tpm.back.credit_within_share

# 3. The TPM stuck: caught, dropped for good; none of its bytes used, and
# the rng's output ends.
b0=$(trr_stat tpm bytes) h0=$(trr_stat tpm health_failures)
trr_fault tpm-stuck on
ktap_check tpm.stuck.broken wait_reading 10 trr_is tpm state broken
ktap_check tpm.stuck.counted trr_above tpm health_failures "$h0"
ktap_check tpm.stuck.logged dmesg_has 'tpm-rdrand-rng: tpm: health test failed for good, source not used'
b1=$(trr_stat tpm bytes)
ktap_result "$([ -n "$b0" ] && [ "$b1" = "$b0" ]; echo $?)" tpm.stuck.no_stuck_byte_used "TPM bytes used $b0 -> $b1"
trr_fault tpm-stuck off
err=$(timeout 10 dd if=/dev/hwrng of=/dev/null bs=64 count=1 2>&1 >/dev/null)
rc=$?
ktap_result "$([ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && echo "$err" | grep -qE 'I/O error|Input/output error'; echo $?)" \
	tpm.stuck.read_fails_eio "dd: status $rc, '$err'"
ktap_result "$([ "$(trr_stat tpm state)" = broken ] && [ "$(trr_stat tpm bytes)" = "$b0" ]; echo $?)" \
	tpm.stuck.dropped_for_good "state $(trr_stat tpm state), TPM bytes $(trr_stat tpm bytes)"

# 4. A fresh driver; the CPU without data (RDRAND/RNDR underflow).
reload cpu.empty
e0=$(trr_stat cpu empty) u0=$(trr_stat cpu bytes)
trr_fault cpu-empty on
n=$(reads 8)
ktap_result "$([ "$n" = 512 ]; echo $?)" cpu.empty.tpm_serves "read $n bytes"
ktap_check cpu.empty.counted trr_above cpu empty "$e0"
ktap_result "$([ "$(trr_stat cpu errors)" = 0 ] && [ "$(trr_stat cpu health_failures)" = 0 ] &&
	[ "$(trr_stat cpu state)" = ok ]; echo $?)" cpu.empty.not_a_failure \
	"errors $(trr_stat cpu errors), health failures $(trr_stat cpu health_failures), state $(trr_stat cpu state)"
ktap_check cpu.empty.no_cpu_bytes trr_is cpu bytes "$u0"
ktap_check cpu.empty.quality_8 test "$(quality)" = 8
trr_fill_check cpu.empty.tpm_alone_credited 64 0 4
trr_fault cpu-empty off
ktap_check cpu.empty.cpu_back wait_reading 20 trr_above cpu bytes "$u0"
ktap_check cpu.empty.cpu_ok trr_is cpu state ok

# 5. The CPU's words all ones (AMD family 17h's RDRAND without its
# microcode fix): dropped at once for good; the TPM alone, still credited.
u0=$(trr_stat cpu bytes) r0=$(trr_stat cpu reads)
trr_fault cpu-ones on
ktap_check cpu.ones.broken wait_reading 10 trr_is cpu state broken
ktap_result "$([ "$(trr_stat cpu reads)" -le $((r0 + 2)) ]; echo $?)" cpu.ones.first_read \
	"CPU reads $r0 -> $(trr_stat cpu reads)"
ktap_check cpu.ones.words_logged dmesg_has 'tpm-rdrand-rng: cpu: 8 of 8 words all zeros or all ones'
ktap_check cpu.ones.logged dmesg_has 'tpm-rdrand-rng: cpu: health test failed for good, source not used'
n=$(reads 16)
ktap_result "$([ "$n" = 1024 ]; echo $?)" cpu.ones.tpm_serves "read $n bytes"
ktap_check cpu.ones.no_bad_byte_used trr_is cpu bytes "$u0"
ktap_check cpu.ones.quality_8 test "$(quality)" = 8
trr_fill_check cpu.ones.tpm_alone_credited 64 0 4
trr_rngtest cpu.ones.tpm_alone 52
trr_fault cpu-ones off

# 6. The word test at every word of a block: one load per pair of
# positions, the first word dropping its block, the second the source.
for pair in 7:0 1:6 2:5 3:4; do
	w1=${pair%:*} w2=${pair#*:}
	reload "word.${w1}_$w2"
	ktap_check "word.${w1}_$w2.cpu_ok" trr_is cpu state ok
	trr_bad_word "word.$w1.block_dropped" "$w1"
	ktap_check "word.$w1.source_kept" trr_is cpu state ok
	trr_bad_word "word.$w2.caught" "$w2"
	ktap_check "word.$w2.source_dropped" trr_is cpu state broken
done

# 7. The TPM stuck too: nothing to serve, reads fail rather than hang.
trr_fault tpm-stuck on
ktap_check both.tpm_broken wait_reading 10 trr_is tpm state broken
err=$(timeout 10 dd if=/dev/hwrng of=/dev/null bs=64 count=1 2>&1 >/dev/null)
rc=$?
ktap_result "$([ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && echo "$err" | grep -qE 'I/O error|Input/output error'; echo $?)" \
	both.read_fails_eio "dd: status $rc, '$err'"
ktap_check both.driver_unloads trr_unload
ktap_check both.debugfs_gone test ! -e "$TRR_DBG"
dmesg | grep 'tpm-rdrand-rng' | tail -n 20 | sed 's/^/# /'
ktap_end

#!/bin/sh
# Faults injected into each source of tpm-rdrand (fault_attr: the TPM's
# read fails with -EIO, or returns one repeated byte; the CPU has no data,
# or gives words of all ones):
# 1. no TPM yet, then a TPM whose reads fail: the CPU serves alone,
#    quality 0, random.c credits nothing (the CRNG not ready yet, so every
#    fill read would count); a TPM error is not retried for 10 s;
# 2. the TPM's fault gone: it serves again, quality 8, random.c credits it;
# 3. the TPM stuck: the health tests catch it and drop it for good, no
#    stuck byte is used, the CPU serves alone at quality 0;
# 4. (driver reloaded) the CPU without data (underflow): counted as empty,
#    never as a failure, the TPM serves alone at 8; the CPU back when the
#    fault is gone;
# 5. the CPU's words all ones: dropped for good, the TPM alone still
#    credited;
# 6. both stuck: /dev/hwrng reads fail (EIO), rmmod still works.
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
# cpu_alone_fill_read NAME: one fill read now (hwrng_kick) credits
# nothing: 64 CPU bytes, no TPM bytes, 0 bits; the CRNG is still not
# ready, so any credit would have been accepted.
cpu_alone_fill_read() {
	read -r _dc _dt _du <<EOT
$(trr_fill_read)
EOT
	ktap_result "$([ "$_du" = 64 ] && [ "$_dt" = 0 ] && bits_eq "$_dc" 0 && ! crng_is_ready; echo $?)" \
		"$1" "one fill read: $_dc bits for $_du CPU and $_dt TPM bytes; ready: $(prov_ready_by)"
}

# 1. The driver alone, then tpm_tis with the TPM's reads failing.
ktap_check premise.not_ready sh -c '! dmesg | grep -q "crng init done"'
ktap_check cpu_alone.driver_loads modprobe "$TRR_MOD"
hwrng_select tpm-rdrand	# stays current when tpm-rng-0 comes
ktap_check cpu_alone.line wait_reading 10 dmesg_has 'tpm-rdrand-rng: the CPU serves alone: credited at 0'
ktap_check cpu_alone.quality_0 test "$(quality)" = 0
cpu_alone_fill_read cpu_alone.not_credited

trr_fault tpm-fail on
ktap_check tpm.fail.tpm_tis_loads modprobe tpm_tis
ktap_check tpm.fail.tpm_rdrand_still_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm.fail.error_counted wait_reading 10 trr_above tpm errors 0
t_err=$(cut -d' ' -f1 /proc/uptime)
ktap_check tpm.fail.logged dmesg_has 'tpm-rdrand-rng: tpm: read failed \(-5\), retried in 10 s'
n=$(reads 8)
ktap_result "$([ "$n" = 512 ]; echo $?)" tpm.fail.cpu_serves "read $n bytes"
ktap_check tpm.fail.quality_0 test "$(quality)" = 0
ktap_check tpm.fail.no_tpm_bytes trr_is tpm bytes 0
# Not asked again for 10 s: no TPM read, no new error.
r0=$(trr_stat tpm reads) e0=$(trr_stat tpm errors)
n=$(reads 8)
sleep 3
n=$((n + $(reads 8)))
ktap_result "$([ "$(trr_stat tpm reads)" = "$r0" ] && [ "$(trr_stat tpm errors)" = "$e0" ]; echo $?)" \
	tpm.fail.skipped_10s "TPM reads $r0 -> $(trr_stat tpm reads), errors $e0 -> $(trr_stat tpm errors) in the 10 s after the error; $n bytes served"
cpu_alone_fill_read tpm.fail.not_credited
trr_fault tpm-fail off

# 2. The TPM serves again once the 10 s are over: credited at 8.
ktap_check tpm.back.ok wait_reading 20 trr_is tpm state ok
d=$(awk -v a="$t_err" '{ printf "%.1f", $1 - a }' /proc/uptime)
ktap_diag "TPM back $d s after its error"
ktap_check tpm.back.line dmesg_has 'tpm-rdrand-rng: the TPM serves: credited at 8/1024'
ktap_check tpm.back.quality_8 test "$(quality)" = 8
# A fresh fill thread reads at once (the last one sleeps a reseed
# interval after each read credited 0) and, the CRNG not ready, back to
# back: credited 4 bits a read until the CRNG is ready.
hwrng_kick tpm-rdrand
ktap_check tpm.back.credited wait_for 10 prov_above hwrng:tpm-rdrand 0
ktap_check tpm.back.crng_ready wait_for 60 crng_is_ready
prov_policy_checks tpm.back.provenance
trr_credit_share tpm.back.credit_within_share

# 3. The TPM stuck: caught, dropped for good; none of its bytes used.
b0=$(trr_stat tpm bytes) h0=$(trr_stat tpm health_failures)
trr_fault tpm-stuck on
ktap_check tpm.stuck.broken wait_reading 10 trr_is tpm state broken
ktap_check tpm.stuck.counted trr_above tpm health_failures "$h0"
ktap_check tpm.stuck.logged dmesg_has 'tpm-rdrand-rng: tpm: health test failed for good, source not used'
n=$(reads 16)
ktap_result "$([ "$n" = 1024 ]; echo $?)" tpm.stuck.cpu_serves "read $n bytes"
b1=$(trr_stat tpm bytes)
ktap_result "$([ "$b1" = "$b0" ]; echo $?)" tpm.stuck.no_stuck_byte_used "TPM bytes used $b0 -> $b1"
ktap_check tpm.stuck.quality_0 test "$(quality)" = 0
trr_fault tpm-stuck off
n=$(reads 16)
ktap_result "$([ "$(trr_stat tpm state)" = broken ] && [ "$(trr_stat tpm bytes)" = "$b0" ]; echo $?)" \
	tpm.stuck.dropped_for_good "state $(trr_stat tpm state), TPM bytes $(trr_stat tpm bytes) after $n more bytes"
trr_fill_check tpm.stuck.not_credited 0 64 0

# 4. A fresh driver; the CPU without data (RDRAND/RDSEED underflow).
ktap_check reload.driver_unloads trr_unload
ktap_check reload.driver_loads modprobe "$TRR_MOD"
hwrng_select tpm-rdrand
ktap_check reload.tpm_ok wait_reading 10 trr_is tpm state ok
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

# 6. Both stuck: nothing to serve, reads fail rather than hang.
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

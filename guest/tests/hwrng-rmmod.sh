#!/bin/sh
# rmmod of tpm-rdrand-rng with readers in /dev/hwrng, starved (both
# sources failing by fault injection: each read returns nothing after a
# 1 s sleep and the readers loop in the hwrng core) and busy (reads in
# flight, TPM commands among them): hwrng_unregister wakes the sleeping
# read and waits for the one in flight, and rmmod returns within 3 s.
# tpm-rng-0 is registered but, under the policy's rng_core.current_rng,
# does not become current: no rng is, and the readers end with ENODEV.
# The driver loads again and is current again, serving.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check tpm_tis_loads modprobe tpm_tis

# rmmod_with_readers NAME: rmmod while readers $r1 $r2 (writing /tmp/r1,
# /tmp/r2) are in /dev/hwrng; check what follows.
rmmod_with_readers() {
	t0=$(cut -d' ' -f1 /proc/uptime)
	trr_unload
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	ktap_result "$rc" "$1.rmmod_returns" "rc $rc"
	ktap_result "$(echo "$t1 $t0" | awk '{exit !($1 - $2 < 3)}'; echo $?)" "$1.rmmod_within_3s" \
		"rmmod took $(echo "$t1 $t0" | awk '{printf "%.2f", $1 - $2}') s"
	cur=$(hwrng_current)
	ktap_result "$([ "$cur" = none ]; echo $?)" "$1.no_rng_current" "rng_current=$cur"
	# the readers left the driver: no rng to read, they ended
	ktap_check "$1.reader1_ended" wait_for 5 sh -c "! grep -q '^State:[[:space:]]*[^Z]' /proc/$r1/status"
	ktap_check "$1.reader2_ended" wait_for 5 sh -c "! grep -q '^State:[[:space:]]*[^Z]' /proc/$r2/status"
	ktap_check "$1.readers_got_enodev" grep -q 'No such device' /tmp/r1.err
	kill "$r1" "$r2" 2>/dev/null
	wait "$r1" "$r2" 2>/dev/null
	ktap_check "$1.debugfs_gone" test ! -e "$TRR_DBG"
	ktap_check "$1.module_gone" test ! -d "/sys/module/$TRR_MOD"
	ktap_result "$(! hwrng_has tpm-rdrand; echo $?)" "$1.hwrng_gone"
	ktap_check "$1.reloaded" modprobe "$TRR_MOD"
	ktap_check "$1.registered_again" hwrng_has tpm-rdrand
	ktap_check "$1.current_again" test "$(hwrng_current)" = tpm-rdrand
	n=$(timeout 10 dd if=/dev/hwrng bs=64 count=4 2>/dev/null | wc -c)
	ktap_result "$([ "$n" -eq 256 ]; echo $?)" "$1.reads_after_reload" "read $n bytes"
}

# Starved readers: both sources fail, each read of the driver gives
# nothing and the readers go round the core's loop.
ktap_check driver_loads modprobe "$TRR_MOD"
ktap_check driver_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
trr_fault cpu-empty on
trr_fault tpm-fail on
# 64-byte reads: each one reaches the file as soon as it returns
dd if=/dev/hwrng of=/tmp/r1 bs=64 2>/tmp/r1.err &
r1=$!
dd if=/dev/hwrng of=/tmp/r2 bs=64 2>/tmp/r2.err &
r2=$!
sleep 2
ktap_result "$(pid_running $r1 && pid_running $r2 && [ ! -s /tmp/r1 ] && [ ! -s /tmp/r2 ]; echo $?)" \
	starved.readers_get_nothing "$(wc -c </tmp/r1) and $(wc -c </tmp/r2) bytes"
# each empty read sleeps 1 s in the driver: the readers do not spin
t1=$(proc_runtime_ms "$r1") t2=$(proc_runtime_ms "$r2")
ktap_result "$([ -n "$t1" ] && [ -n "$t2" ] && [ "$t1" -lt 700 ] && [ "$t2" -lt 700 ]; echo $?)" \
	starved.readers_sleep "ran ${t1:-?} and ${t2:-?} ms of their 2 s (less than 700 each)"
ktap_check starved.errors_counted trr_above tpm errors 0
rmmod_with_readers starved

# Busy readers: the XOR of both, TPM commands in flight.
ktap_check busy.tpm_ok wait_reading 10 trr_is tpm state ok
dd if=/dev/hwrng of=/tmp/r1 bs=64 2>/tmp/r1.err &
r1=$!
dd if=/dev/hwrng of=/tmp/r2 bs=512 2>/tmp/r2.err &
r2=$!
sleep 2
ktap_check busy.readers_read sh -c 'test -s /tmp/r1 && test -s /tmp/r2'
rmmod_with_readers busy
ktap_check unloaded_at_end trr_unload
ktap_end

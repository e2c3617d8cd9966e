#!/bin/sh
# The driver and the TPM interface driver as modules (the module kernel):
# 1. tpm_tis before the driver; an open debugfs file pins the module;
#    rmmod with busy readers, then with starved ones (both sources
#    failing by fault injection);
# 2. tpm_tis removed and loaded again underneath the driver: nothing is
#    served meanwhile (the CPU's RNG alone never is; a waiting reader
#    sleeps), the new TPM is used again after its startup test, as tpm0;
# 3. the driver before tpm_tis;
# 4. no autoload: the driver has no device table (a module that serves
#    nothing without a TPM must not load on every RDRAND or RNDR
#    machine): neither the CPU's modalias, as udev would load it, nor the
#    TPM core, which asks for no driver when a TPM registers, loads it.
# Every rmmod must return within 15 s; readers must leave the driver (no
# other rng becomes current under the policy's rng_core.current_rng: they
# end with ENODEV); nothing may stay behind (debugfs, hwrng); the runner
# adds no splat and a kmemleak scan after everything was unloaded.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
MOD=$TRR_MOD
ktap_begin

# rmmod_checked NAME MODULE: rmmod within 15 s, and the module is gone.
rmmod_checked() {
	t0=$(cut -d' ' -f1 /proc/uptime)
	timeout 15 rmmod "$2"
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	ktap_result "$rc" "$1.rmmod_returns" "rmmod $2: rc $rc after $(echo "$t1 $t0" | awk '{printf "%.2f", $1 - $2}') s"
	ktap_result "$(! module_loaded "$2"; echo $?)" "$1.module_gone"
}
# readers_left NAME: the readers R1 and R2 left the driver as it went:
# no other rng became current (the policy's rng_core.current_rng), so
# they ended with ENODEV.
readers_left() {
	ktap_check "$1.no_rng_current" test "$(hwrng_current)" = none
	ktap_check "$1.reader1_ended" wait_for 5 sh -c "! grep -q '^State:[[:space:]]*[^Z]' /proc/$R1/status"
	ktap_check "$1.reader2_ended" wait_for 5 sh -c "! grep -q '^State:[[:space:]]*[^Z]' /proc/$R2/status"
	ktap_check "$1.readers_got_enodev" grep -q 'No such device' /tmp/lc.1.err
	kill "$R1" "$R2" 2>/dev/null
	wait "$R1" "$R2" 2>/dev/null
	rm -f /tmp/lc.*
}
nothing_left() {
	ktap_check "$1.debugfs_gone" test ! -e "$TRR_DBG"
	ktap_result "$(! hwrng_has tpm-rdrand; echo $?)" "$1.hwrng_gone"
}
# readers: two readers of /dev/hwrng, 64 and 512 bytes a read, into
# /tmp/lc.1 and /tmp/lc.2; their pids in R1 and R2.
readers() {
	dd if=/dev/hwrng of=/tmp/lc.1 bs=64 2>/tmp/lc.1.err &
	R1=$!
	dd if=/dev/hwrng of=/tmp/lc.2 bs=512 2>/tmp/lc.2.err &
	R2=$!
}

# Cases 1-3 load the driver by hand; the kernel's own module requests
# stay off until case 4, which checks them.
modprobe_path=$(cat /proc/sys/kernel/modprobe)
echo /nonexistent >/proc/sys/kernel/modprobe

# 1. TPM first.
ktap_check tpm_first.tpm_tis_loads modprobe tpm_tis
ktap_check tpm_first.tpm0 test -c /dev/tpm0
ktap_check tpm_first.tpm_rng_0 hwrng_has tpm-rng-0
ktap_check tpm_first.driver_loads modprobe "$MOD"
ktap_check tpm_first.registered hwrng_has tpm-rdrand
ktap_check tpm_first.tpm_rng_0_kept hwrng_has tpm-rng-0
ktap_check tpm_first.current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_first.tpm_ok wait_reading 10 trr_is tpm state ok
ktap_check tpm_first.cpu_ok trr_is cpu state ok
readers
# An open debugfs file pins the module (debugfs takes a module reference
# for it): rmmod is refused at once and nothing changes.
exec 3<"$TRR_DBG/stats"
sleep 2
t0=$(cut -d' ' -f1 /proc/uptime)
# (3<&-: busybox timeout leaves a watcher process behind for up to 15 s,
# which must not keep the file open)
timeout 15 rmmod "$MOD" 2>/dev/null 3<&-
rc=$?
ktap_result "$([ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; echo $?)" pinned.rmmod_refused \
	"rc $rc after $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s"
ktap_check pinned.still_loaded module_loaded "$MOD"
ktap_check pinned.still_current test "$(hwrng_current)" = tpm-rdrand
ktap_check pinned.reader1_reads reader_reads "$R1" /tmp/lc.1
ktap_check pinned.reader2_reads reader_reads "$R2" /tmp/lc.2
ktap_check pinned.debugfs_readable grep -q '^tpm ok ' <&3
exec 3<&-
ktap_result "$([ "$(cat /sys/module/$MOD/refcnt)" = 0 ]; echo $?)" pinned.unpinned_on_close \
	"refcnt $(cat /sys/module/$MOD/refcnt)"
rmmod_checked busy "$MOD"
readers_left busy
nothing_left busy

ktap_check starved.driver_loads modprobe "$MOD"
ktap_check starved.current test "$(hwrng_current)" = tpm-rdrand
trr_fault cpu-empty on
trr_fault tpm-fail on
readers
sleep 2
ktap_result "$(pid_running "$R1" && pid_running "$R2" && [ ! -s /tmp/lc.1 ] && [ ! -s /tmp/lc.2 ]; echo $?)" \
	starved.readers_get_nothing
rmmod_checked starved "$MOD"
readers_left starved
nothing_left starved

# 2. tpm_tis removed and loaded again underneath the driver.
ktap_check tis_reload.driver_loads modprobe "$MOD"
ktap_check tis_reload.current test "$(hwrng_current)" = tpm-rdrand
ktap_check tis_reload.tpm_ok wait_reading 10 trr_is tpm state ok
dd if=/dev/hwrng of=/dev/null bs=512 2>/dev/null &
R1=$!
sleep 1
t0=$(cut -d' ' -f1 /proc/uptime)
timeout 15 rmmod tpm_tis
ktap_result $? tis_reload.rmmod_tpm_tis_returns "after $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s"
ktap_check tis_reload.tpm0_gone test ! -e /dev/tpm0
ktap_result "$(! hwrng_has tpm-rng-0; echo $?)" tis_reload.tpm_rng_0_gone
ktap_check tis_reload.reader_alive pid_running "$R1"
kill "$R1" 2>/dev/null
wait "$R1" 2>/dev/null
t0=$(trr_stat tpm bytes) c0=$(trr_stat cpu reads)
hwrng_serves_nothing tis_reload.no_tpm
ktap_result "$([ "$(trr_stat tpm bytes)" = "$t0" ] && [ "$(trr_stat cpu reads)" -gt "$c0" ]; echo $?)" \
	tis_reload.nothing_served "TPM bytes $t0 -> $(trr_stat tpm bytes); CPU reads $c0 -> $(trr_stat cpu reads), none served"
# no TPM is not a TPM error
ktap_check tis_reload.no_tpm_error trr_is tpm errors 0
ktap_check tis_reload.quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
ktap_check tis_reload.tpm_tis_loads_again modprobe tpm_tis
for d in /dev/tpm*; do ktap_diag "device: $d"; done
ktap_check tis_reload.rebound_as_tpm0 sh -c 'test -c /dev/tpm0 && test ! -e /dev/tpm1'
ktap_check tis_reload.tpm_used_again wait_reading 20 trr_above tpm bytes "$t0"
ktap_check tis_reload.tpm_ok_again trr_is tpm state ok
dmesg | grep -E 'tpm-rdrand-rng|tpm_tis' | tail -n 8 | sed 's/^/# /'
rmmod_checked tis_reload "$MOD"
nothing_left tis_reload
ktap_check tis_reload.tpm_tis_unloads timeout 15 rmmod tpm_tis

# 3. The driver first; the TPM comes later.
ktap_check driver_first.tpm0_absent test ! -e /dev/tpm0
ktap_check driver_first.driver_loads modprobe "$MOD"
ktap_check driver_first.current test "$(hwrng_current)" = tpm-rdrand
t0=$(cut -d' ' -f1 /proc/uptime)
ktap_check driver_first.tpm_tis_loads modprobe tpm_tis
ktap_check driver_first.tpm_used wait_reading 20 trr_above tpm bytes 0
ktap_diag "TPM used $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after modprobe tpm_tis"
rmmod_checked driver_first "$MOD"
nothing_left driver_first
ktap_check driver_first.tpm_tis_unloads timeout 15 rmmod tpm_tis

# 4. No autoload. The kernel's modprobe path is kmod's /sbin/modprobe (the
# module kernel's archive ships it), as udev would run it for the CPU
# device's modalias and the TPM core for a module request.
echo "$modprobe_path" >/proc/sys/kernel/modprobe
ktap_check autoload.tpm_tis_loads modprobe tpm_tis
sleep 3
ktap_result "$(! module_loaded "$MOD"; echo $?)" autoload.not_by_tpm_core
alias=$(cat /sys/devices/system/cpu/modalias)
ktap_diag "cpu modalias: $(echo "$alias" | cut -c1-60)..."
# the premise: a CPU with an RNG, whose modalias lists its features
ktap_result "$([ -n "$(cpu_rng)" ] && case "$alias" in *:feature:*) true ;; *) false ;; esac; echo $?)" \
	autoload.premise_cpu_rng_and_features "$(cpu_rng | tr '\n' ' ')"
# as udev does it, with kmod's modprobe (busybox's resolves no modalias)
/sbin/modprobe -b "$alias" 2>/dev/null
ktap_result "$(! module_loaded "$MOD"; echo $?)" autoload.not_by_cpu_modalias
ktap_result "$(! /sbin/modprobe --show-depends "$alias" 2>/dev/null | grep -q tpm.rdrand; echo $?)" \
	autoload.no_alias_entry "$(/sbin/modprobe --show-depends "$alias" 2>&1 | tr '\n' ' ')"
ktap_check autoload.tpm_tis_unloads timeout 15 rmmod tpm_tis
lsmod | sed 's/^/# lsmod: /'
ktap_end

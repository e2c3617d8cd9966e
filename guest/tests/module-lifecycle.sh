#!/bin/sh
# The driver and the TPM interface driver as modules (the module kernel):
# 1. tpm_tis before the driver; an open debugfs file pins the module;
#    rmmod with busy readers, then with starved ones (both sources
#    failing by fault injection);
# 2. tpm_tis removed and loaded again underneath the driver: the CPU
#    serves alone meanwhile (quality 0), the new TPM is used again after
#    its startup test, as tpm0;
# 3. the driver before tpm_tis;
# 4. autoload: by the CPU's modalias (RDRAND), as udev loads it; not by
#    the TPM core, which asks for no driver when a TPM registers.
# Every rmmod must return within 15 s, readers must leave the driver,
# nothing may stay behind (debugfs, hwrng); the runner adds no splat and
# a kmemleak scan after everything was unloaded.
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
# readers_left NAME: the readers R1 and R2 left the driver for tpm-rng-0,
# made current as the driver went (hwrng_unregister moves current_rng
# straight to the next best: a reader never finds none, so none may end):
# each still runs and reads; then they are stopped.
readers_left() {
	ktap_check "$1.tpm_rng_0_current" test "$(hwrng_current)" = tpm-rng-0
	ktap_check "$1.reader1_reads_on" reader_reads "$R1" /tmp/lc.1
	ktap_check "$1.reader2_reads_on" reader_reads "$R2" /tmp/lc.2
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
	dd if=/dev/hwrng of=/tmp/lc.1 bs=64 2>/dev/null &
	R1=$!
	dd if=/dev/hwrng of=/tmp/lc.2 bs=512 2>/dev/null &
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
hwrng_select tpm-rdrand
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
hwrng_select tpm-rdrand
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
hwrng_select tpm-rdrand
ktap_check tis_reload.tpm_ok wait_reading 10 trr_is tpm state ok
# (to /dev/null: with the CPU alone it reads megabytes a second)
dd if=/dev/hwrng of=/dev/null bs=512 2>/dev/null &
R1=$!
sleep 1
alone=$(trr_lines 'the CPU serves alone: credited at 0')
t0=$(cut -d' ' -f1 /proc/uptime)
timeout 15 rmmod tpm_tis
ktap_result $? tis_reload.rmmod_tpm_tis_returns "after $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s"
ktap_check tis_reload.tpm0_gone test ! -e /dev/tpm0
ktap_result "$(! hwrng_has tpm-rng-0; echo $?)" tis_reload.tpm_rng_0_gone
ktap_check tis_reload.cpu_alone_line wait_reading 5 trr_lines_above 'the CPU serves alone: credited at 0' "$alone"
ktap_check tis_reload.quality_0 test "$(cat "$HWRNG_SYS/rng_quality")" = 0
t0=$(trr_stat tpm bytes) u0=$(trr_stat cpu bytes)
sleep 2
ktap_result "$([ "$(trr_stat cpu bytes)" -gt "$u0" ] && [ "$(trr_stat tpm bytes)" = "$t0" ]; echo $?)" \
	tis_reload.cpu_serves_alone "CPU bytes $u0 -> $(trr_stat cpu bytes), TPM bytes $t0 -> $(trr_stat tpm bytes)"
ktap_check tis_reload.reader_alive pid_running "$R1"
# no TPM is not a TPM error
ktap_check tis_reload.no_tpm_error trr_is tpm errors 0
ktap_check tis_reload.tpm_tis_loads_again modprobe tpm_tis
for d in /dev/tpm*; do ktap_diag "device: $d"; done
ktap_check tis_reload.rebound_as_tpm0 sh -c 'test -c /dev/tpm0 && test ! -e /dev/tpm1'
ktap_check tis_reload.tpm_used_again wait_reading 20 trr_above tpm bytes "$t0"
ktap_check tis_reload.tpm_ok trr_is tpm state ok
ktap_check tis_reload.quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
dmesg | grep -E 'tpm-rdrand-rng|tpm_tis' | tail -n 8 | sed 's/^/# /'
kill "$R1" 2>/dev/null
wait "$R1" 2>/dev/null
rmmod_checked tis_reload "$MOD"
nothing_left tis_reload
ktap_check tis_reload.tpm_tis_unloads timeout 15 rmmod tpm_tis

# 3. The driver first; the TPM comes later.
ktap_check driver_first.tpm0_absent test ! -e /dev/tpm0
ktap_check driver_first.driver_loads modprobe "$MOD"
ktap_check driver_first.current test "$(hwrng_current)" = tpm-rdrand
t0=$(cut -d' ' -f1 /proc/uptime)
ktap_check driver_first.tpm_tis_loads modprobe tpm_tis
hwrng_select tpm-rdrand
ktap_check driver_first.tpm_used wait_reading 20 trr_above tpm bytes 0
ktap_diag "TPM used $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after modprobe tpm_tis"
rmmod_checked driver_first "$MOD"
nothing_left driver_first
ktap_check driver_first.tpm_tis_unloads timeout 15 rmmod tpm_tis

# 4. Autoload, as on a distro: udev loads by the CPU device's modalias;
# the kernel's modprobe path is kmod's /sbin/modprobe (the module
# kernel's archive ships it).
echo "$modprobe_path" >/proc/sys/kernel/modprobe
ktap_check autoload.tpm_tis_loads modprobe tpm_tis
sleep 3
ktap_result "$(! module_loaded "$MOD"; echo $?)" autoload.not_by_tpm_core
alias=$(cat /sys/devices/system/cpu/modalias)
ktap_diag "cpu modalias: $(echo "$alias" | cut -c1-60)..."
# as udev does it, with kmod's modprobe (busybox's resolves no modalias)
ktap_check autoload.by_cpu_modalias /sbin/modprobe -b "$alias"
ktap_check autoload.cpu_loaded module_loaded "$MOD"
ktap_check autoload.registered hwrng_has tpm-rdrand
rmmod_checked autoload "$MOD"
nothing_left autoload
ktap_check autoload.tpm_tis_unloads timeout 15 rmmod tpm_tis
lsmod | sed 's/^/# lsmod: /'
ktap_end

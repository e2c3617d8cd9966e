#!/bin/sh
# The driver and the TPM interface driver as modules (the module kernel):
# 1. tpm_tis before the driver; rmmod with busy readers and a debugfs file
#    held open, then with readers blocked in /dev/hwrng (no healthy source);
# 2. tpm_tis removed and loaded again underneath the bound driver;
# 3. the driver before tpm_tis (RDRAND only until the TPM appears);
# 4. autoload: by the TPM core's request for a "tpm-hwrng-owner" when
#    tpm_tis registers a TPM, and by the CPU's modalias (RDRAND/RDSEED).
# Every rmmod must return within 15 s, readers must leave, nothing may stay
# behind (feeder thread, debugfs, module); the runner adds no splat and a
# kmemleak scan after everything was unloaded.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
MOD=tpm_rdrand_rng
ktap_begin

loaded() { [ -d "/sys/module/$1" ]; }
feeder() { grep -qx tpm-rdrand-feed /proc/[0-9]*/comm; }
# rmmod_checked NAME MODULE: rmmod within 15 s, and the module is gone.
rmmod_checked() {
	t0=$(cut -d' ' -f1 /proc/uptime)
	timeout 15 rmmod "$2"
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	ktap_result "$rc" "$1.rmmod_returns" "rmmod $2: rc $rc after $(echo "$t1 $t0" | awk '{printf "%.2f", $1 - $2}') s"
	ktap_result "$(! loaded "$2"; echo $?)" "$1.module_gone"
}
# readers_left NAME PID...: the readers exit within 5 s of the removal,
# unless the TPM went back to tpm-rng-0, which they then read.
readers_left() {
	_n=$1
	shift
	_gone=1
	_cur=$(cat "$HWRNG_SYS/rng_current")
	[ "$_cur" = tpm-rng-0 ] && _gone=0 && ktap_diag "$_n: readers go on with $_cur"
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ "$_gone" = 0 ] && break
		_alive=0
		for _p in "$@"; do kill -0 "$_p" 2>/dev/null && _alive=1; done
		[ "$_alive" = 0 ] && { _gone=0; break; }
		sleep 0.5
	done
	ktap_result "$_gone" "$_n.readers_left"
	kill "$@" 2>/dev/null
	wait "$@" 2>/dev/null
}
nothing_left() {
	ktap_check "$1.feeder_gone" sh -c '! grep -qx tpm-rdrand-feed /proc/[0-9]*/comm'
	ktap_check "$1.debugfs_gone" test ! -e "$TRR_DBG"
	ktap_check "$1.hwrng_gone" sh -c "! grep -q tpm-rdrand $HWRNG_SYS/rng_available"
}

# Cases 1-3 load the driver by hand, with parameters: the kernel's own
# requests (the TPM core asks for the driver when a TPM registers) are
# turned off until case 4.
modprobe_path=$(cat /proc/sys/kernel/modprobe)
echo /nonexistent >/proc/sys/kernel/modprobe

# feed_after_ready=1: the checks below count feeds, which may come after the
# CRNG is ready.
# 1. TPM first; rmmod pinned by an open debugfs file, then with busy readers.
ktap_check tpm_first.tpm_tis_loads modprobe tpm_tis
ktap_check tpm_first.tpm0 test -c /dev/tpm0
# Without the driver the TPM feeds the pool as on vanilla 6.12.
ktap_check tpm_first.vanilla_tpm_rng grep -qw tpm-rng-0 "$HWRNG_SYS/rng_available"
ktap_check tpm_first.driver_loads modprobe "$MOD" retry_ms=200 feed_after_ready=1
ktap_check tpm_first.tpm_rng_handed_over sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
ktap_check tpm_first.seeded trr_wait_seeded 1 20
ktap_check tpm_first.bound grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
ktap_check tpm_first.seeded_tpm dmesg_has 'tpm-rdrand-rng: tpm: seeded'
ktap_check tpm_first.seeded_rdrand dmesg_has 'tpm-rdrand-rng: rdrand: seeded'
ktap_check tpm_first.feeder feeder
dd if=/dev/hwrng of=/dev/null bs=64 2>/dev/null &
r1=$!
dd if=/dev/hwrng of=/dev/null bs=4096 2>/dev/null &
r2=$!
# An open debugfs file pins the module (debugfs takes a module reference
# for it): rmmod is refused at once and nothing changes.
exec 3<"$TRR_DBG/tpm/stats"
sleep 2
t0=$(cut -d' ' -f1 /proc/uptime)
# (3<&-: busybox timeout leaves a watcher process behind for up to 15 s,
# which must not keep the file open)
timeout 15 rmmod "$MOD" 2>/dev/null 3<&-
rc=$?
ktap_result "$([ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; echo $?)" pinned.rmmod_refused \
	"rc $rc after $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s"
ktap_check pinned.still_loaded loaded "$MOD"
ktap_check pinned.still_bound grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
ktap_check pinned.readers_alive kill -0 "$r1" "$r2"
ktap_check pinned.debugfs_readable grep -q '^state: ok' <&3
exec 3<&-
ktap_result "$([ "$(cat /sys/module/$MOD/refcnt)" = 0 ]; echo $?)" pinned.unpinned_on_close \
	"refcnt $(cat /sys/module/$MOD/refcnt)"
rmmod_checked busy "$MOD"
readers_left busy "$r1" "$r2"
nothing_left busy
ktap_check busy.tpm_rng_back grep -qw tpm-rng-0 "$HWRNG_SYS/rng_available"

ktap_check blocked.driver_loads modprobe "$MOD" retry_ms=200 feed_after_ready=1
ktap_check blocked.seeded trr_wait_seeded 2 20
trr_block_readers
r1=$R1 r2=$R2
rmmod_checked blocked "$MOD"
readers_left blocked "$r1" "$r2"
nothing_left blocked

# 2. tpm_tis removed and loaded again underneath the driver.
ktap_check tis_reload.driver_loads modprobe "$MOD" retry_ms=200 feed_after_ready=1
ktap_check tis_reload.seeded trr_wait_seeded 3 20
dd if=/dev/hwrng of=/dev/null bs=512 2>/dev/null &
r1=$!
sleep 1
t0=$(cut -d' ' -f1 /proc/uptime)
timeout 15 rmmod tpm_tis
ktap_result $? tis_reload.rmmod_tpm_tis_returns "after $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s"
ktap_check tis_reload.tpm0_gone test ! -e /dev/tpm0
ktap_check tis_reload.tpm_source_stopped test "$(trr_stat tpm present)" = 0
r0=$(trr_stat rdrand bytes_read)
sleep 2
ktap_result "$([ "$(trr_stat rdrand bytes_read)" -gt "$r0" ]; echo $?)" tis_reload.rdrand_still_fed
ktap_check tis_reload.reader_alive kill -0 "$r1"
ktap_check tis_reload.tpm_tis_loads_again modprobe tpm_tis
for d in /dev/tpm*; do ktap_diag "device: $d"; done
# The TPM core took the chip back before it went, and the driver let go
# of it then, so its number was freed: the TPM comes back as tpm0 (tpm1
# before issue 12).
ktap_check tis_reload.old_chip_dropped dmesg_has 'tpm-rdrand-rng: tpm: tpm0 gone, source stopped'
ktap_check tis_reload.rebound_as_tpm0 sh -c 'test -c /dev/tpm0 && test ! -e /dev/tpm1'
ktap_check tis_reload.tpm_source_back trr_wait_eq tpm seeded 1 20
ktap_check tis_reload.tpm_source_ok test "$(trr_stat tpm state)" = ok
dmesg | grep -E 'tpm-rdrand-rng|tpm_tis' | tail -n 8 | sed 's/^/# /'
kill "$r1" 2>/dev/null
wait "$r1" 2>/dev/null
rmmod_checked tis_reload "$MOD"
nothing_left tis_reload
ktap_check tis_reload.tpm_tis_unloads rmmod tpm_tis

# 3. The driver first; the TPM comes later.
ktap_check driver_first.tpm0_absent test ! -e /dev/tpm0
ktap_check driver_first.driver_loads modprobe "$MOD" retry_ms=200 feed_after_ready=1
ktap_check driver_first.seeded trr_wait_seeded 4 20
ktap_check driver_first.bound grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
ktap_check driver_first.no_tpm_line dmesg_has 'tpm-rdrand-rng: tpm: no TPM yet, used when one comes'
# Handed over as it registers: no tpm-rng-0, and no wait for a retry.
t0=$(cut -d' ' -f1 /proc/uptime)
ktap_check driver_first.tpm_tis_loads modprobe tpm_tis
ktap_check driver_first.no_tpm_rng sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
ktap_check driver_first.tpm_source_used trr_wait_eq tpm seeded 1 20
ktap_diag "TPM seeded $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after modprobe tpm_tis"
ktap_check driver_first.tpm_fed trr_wait_gt tpm bytes_mixed 0 10
rmmod_checked driver_first "$MOD"
nothing_left driver_first
ktap_check driver_first.tpm_tis_unloads rmmod tpm_tis

# 4. Autoload, as on a distro: udev loads by the CPU devices' modalias,
# and the TPM core asks for "tpm-hwrng-owner" when a TPM registers; the
# kernel's modprobe path is kmod's /sbin/modprobe (the module kernel's
# archive ships it). Before issue 12 the driver had neither alias.
echo "$modprobe_path" >/proc/sys/kernel/modprobe
ktap_check autoload.tpm_tis_loads modprobe tpm_tis
waited=0
while ! loaded "$MOD" && [ "$waited" -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
ktap_result "$(loaded "$MOD"; echo $?)" autoload.by_tpm_core "after $((waited / 10)).$((waited % 10)) s"
ktap_check autoload.seeded trr_wait_seeded 5 20
ktap_check autoload.tpm_seeded test "$(trr_stat tpm seeded)" = 1
ktap_check autoload.no_tpm_rng sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
rmmod_checked autoload_tpm "$MOD"
ktap_check autoload.tpm_rng_back grep -qw tpm-rng-0 "$HWRNG_SYS/rng_available"
alias=$(cat /sys/devices/system/cpu/modalias)
ktap_diag "cpu modalias: $(echo "$alias" | cut -c1-60)..."
# as udev does it, with kmod's modprobe (busybox's resolves no modalias)
ktap_check autoload.by_cpu_modalias /sbin/modprobe -b "$alias"
ktap_check autoload.cpu_loaded loaded "$MOD"
ktap_check autoload.cpu_seeded trr_wait_seeded 6 20
ktap_check autoload.cpu_no_tpm_rng sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
rmmod_checked autoload_cpu "$MOD"
nothing_left autoload
ktap_check autoload.tpm_tis_unloads rmmod tpm_tis
lsmod | sed 's/^/# lsmod: /'
ktap_end

#!/bin/sh
# rmmod of tpm-rdrand-rng (it binds to no device: unloading is the only
# way it goes) with readers in /dev/hwrng, both blocked (no healthy
# source) and busy: rmmod returns, the TPM goes back to the TPM core as
# tpm-rng-0 (as on vanilla), the readers leave the driver (they go on
# with tpm-rng-0, the core's choice), no splat; loading it again works
# and takes the TPM over again.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check loaded trr_load

# rmmod_with_readers NAME: rmmod while readers $r1 $r2 run; check them.
rmmod_with_readers() {
	t0=$(cut -d' ' -f1 /proc/uptime)
	trr_unload
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	ktap_result "$rc" "$1.rmmod_returns" "rc $rc"
	# Readers are woken at once and swtpm answers in milliseconds: 2 s
	# bounds the removal even on a sanitizer kernel under TCG.
	ktap_result "$(echo "$t1 $t0" | awk '{exit !($1 - $2 < 2)}'; echo $?)" "$1.rmmod_within_2s" \
		"rmmod took $(echo "$t1 $t0" | awk '{printf "%.2f", $1 - $2}') s"
	cur=$(cat "$HWRNG_SYS/rng_current")
	ktap_result "$([ "$cur" = tpm-rng-0 ]; echo $?)" "$1.tpm_back_as_tpm_rng_0" "rng_current=$cur"
	gone=1
	[ "$cur" != none ] && gone=0	# readers read tpm-rng-0 now
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ "$gone" = 0 ] && break
		if ! kill -0 "$r1" 2>/dev/null && ! kill -0 "$r2" 2>/dev/null; then
			gone=0
			break
		fi
		sleep 0.5
	done
	ktap_result "$gone" "$1.readers_left"
	kill "$r1" "$r2" 2>/dev/null
	wait 2>/dev/null
	ktap_check "$1.debugfs_gone" test ! -e "$TRR_DBG"
	ktap_check "$1.feeder_gone" sh -c '! grep -qx tpm-rdrand-feed /proc/[0-9]*/comm'
	ktap_check "$1.module_gone" test ! -d /sys/module/tpm_rdrand_rng
	ktap_check "$1.reloaded" trr_load
	ktap_check "$1.current_again" grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
	ktap_check "$1.tpm_taken_over" sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
	n=$(dd if=/dev/hwrng bs=64 count=4 2>/dev/null | wc -c)
	ktap_result "$([ "$n" -eq 256 ]; echo $?)" "$1.reads_after_reload" "read $n bytes"
}

# Blocked readers: no healthy source, readers sleep in the driver.
trr_block_readers
r1=$R1 r2=$R2
rmmod_with_readers blocked
n=$(dmesg | grep -c 'tpm-rdrand-rng: tpm: seeded')
ktap_result "$([ "$n" -eq 2 ]; echo $?)" blocked.reseeded_on_load "$n seed lines"

# Busy readers.
dd if=/dev/hwrng of=/dev/null bs=64 2>/dev/null &
r1=$!
dd if=/dev/hwrng of=/dev/null bs=4096 2>/dev/null &
r2=$!
sleep 2
rmmod_with_readers busy
ktap_end

#!/bin/sh
# The driver is unloaded as a TPM binds: "modprobe tpm_tis & rmmod
# tpm_rdrand_rng", with rmmod at once, 0.1 s and 0.5 s after the modprobe
# started (tpm_tis unloaded again between rounds). After each round the
# driver is gone and tpm-rng-0 is current at quality 8, whatever the
# order the two took; at the end tpm-rng-0 feeds the pool, credited at
# 8/1024 in random.c's view. The runner adds: no splat, no leak.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
for delay in 0 0.1 0.5; do
	r=round_$delay
	ktap_check "$r.driver_loads" modprobe "$TRR_MOD"
	# a reader in the driver while it goes
	rm -f /tmp/reader
	dd if=/dev/hwrng of=/tmp/reader bs=64 2>/tmp/reader.err &
	reader=$!
	modprobe tpm_tis &
	tis=$!
	[ "$delay" = 0 ] || sleep "$delay"
	trr_unload
	rc=$?
	wait "$tis"
	tis_rc=$?
	ktap_result "$rc" "$r.rmmod_returns" "rmmod: $rc"
	ktap_result "$tis_rc" "$r.tpm_tis_loads" "modprobe tpm_tis: $tis_rc"
	ktap_result "$(! module_loaded "$TRR_MOD"; echo $?)" "$r.driver_gone"
	ktap_result "$(! hwrng_has tpm-rdrand; echo $?)" "$r.hwrng_gone"
	ktap_check "$r.debugfs_gone" test ! -e "$TRR_DBG"
	cur=$(hwrng_current)
	ktap_result "$([ "$cur" = tpm-rng-0 ]; echo $?)" "$r.tpm_rng_0_current" "rng_current=$cur"
	q=$(cat "$HWRNG_SYS/rng_quality")
	ktap_result "$([ "$q" = 8 ]; echo $?)" "$r.tpm_rng_0_quality_8" "rng_quality=$q"
	n=$(timeout 5 dd if=/dev/hwrng bs=64 count=4 2>/dev/null | wc -c)
	ktap_result "$([ "$n" -eq 256 ]; echo $?)" "$r.dev_hwrng_reads" "read $n bytes"
	# The reader went on with tpm-rng-0, or ended on ENODEV if it found
	# no rng current (the driver gone before tpm-rng-0 registered).
	ktap_result "$({ reader_reads "$reader" /tmp/reader ||
		{ ! pid_running "$reader" && grep -q 'No such device' /tmp/reader.err; }; }; echo $?)" \
		"$r.reader_left_the_driver" "$(cat /tmp/reader.err)"
	kill "$reader" 2>/dev/null
	wait "$reader" 2>/dev/null
	[ "$delay" = 0.5 ] && break
	ktap_check "$r.tpm_tis_unloads" timeout 15 rmmod tpm_tis
done
# tpm-rng-0 (or tpm-rdrand, before it went) feeds the pool until the
# CRNG is ready, nothing reading /dev/random; at most 360 bits of a hwrng
# accepted by then.
ktap_check crng_ready_by_feeding wait_for 60 crng_is_ready
# After ready: one fill read of tpm-rng-0's 64 bytes at quality 8 is 4
# bits (counted late).
d=$(hwrng_fill_credit tpm-rng-0)
ktap_result "$(bits_eq "$d" 4; echo $?)" tpm_rng_0_credited_at_8 "one fill read of tpm-rng-0 credited $d bits"
prov_policy_checks provenance
dmesg | grep -E 'crng ready at|tpm-rdrand-rng|tpm_tis' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

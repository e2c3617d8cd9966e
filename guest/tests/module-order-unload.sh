#!/bin/sh
# The driver is unloaded as a TPM binds: "modprobe tpm_tis & rmmod
# tpm_rdrand_rng", with rmmod at once, 0.1 s and 0.5 s after the modprobe
# started (tpm_tis unloaded again between rounds), a reader in
# /dev/hwrng. After each round the driver is gone, tpm-rng-0 registered
# but not current (rng_core.current_rng names tpm-rdrand, and no other
# rng becomes current), so /dev/hwrng has no rng: the reader ended with
# ENODEV. Loaded once more at the end, tpm-rdrand is current again and
# feeds the pool at 8/1024 in random.c's view; tpm-rng-0 never did. The
# runner adds: no splat, no leak.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check not_ready_before_tpm sh -c '! dmesg | grep -q "crng init done"'
for delay in 0 0.1 0.5; do
	r=round_$delay
	ktap_check "$r.driver_loads" modprobe "$TRR_MOD"
	ktap_check "$r.driver_current" test "$(hwrng_current)" = tpm-rdrand
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
	ktap_check "$r.tpm_rng_0_registered" hwrng_has tpm-rng-0
	cur=$(hwrng_current)
	ktap_result "$([ "$cur" = none ]; echo $?)" "$r.no_rng_current" "rng_current=$cur"
	# The reader found no rng current once the driver went.
	ktap_check "$r.reader_ended" wait_for 5 sh -c "! grep -q '^State:[[:space:]]*[^Z]' /proc/$reader/status"
	ktap_check "$r.reader_got_enodev" grep -q 'No such device' /tmp/reader.err
	kill "$reader" 2>/dev/null
	wait "$reader" 2>/dev/null
	err=$(dd if=/dev/hwrng bs=64 count=1 2>&1 >/dev/null)
	ktap_result "$(echo "$err" | grep -q 'No such device'; echo $?)" "$r.dev_hwrng_enodev" "$err"
	[ "$delay" = 0.5 ] && break
	ktap_check "$r.tpm_tis_unloads" timeout 15 rmmod tpm_tis
done
ktap_check tpm_rng_0_never_credited prov_zero hwrng:tpm-rng-0
# Loaded again, with the TPM there: current at once, and the fill thread
# feeds the pool from it until the CRNG is ready, nothing reading
# /dev/random.
ktap_check reload.driver_loads modprobe "$TRR_MOD"
ktap_check reload.current test "$(hwrng_current)" = tpm-rdrand
ktap_check reload.crng_ready_by_feeding wait_for 90 crng_is_ready
trr_readied_the_crng reload.readied_by_tpm_rdrand
ktap_check reload.tpm_rng_0_never_credited prov_zero hwrng:tpm-rng-0
# After ready: one fill read of 64 TPM bytes at quality 8 is 4 bits
# (counted late).
trr_fill_check reload.fill_read_credited_4_bits 64 64 4
prov_policy_checks provenance
dmesg | grep -E 'crng ready at|tpm-rdrand-rng|tpm_tis' | sed 's/^/# /'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

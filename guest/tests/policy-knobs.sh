#!/bin/sh
# Every knob of the credit policy rejects bad values and keeps its own;
# rng_core.default_quality caps the driver's credit as it caps every hwrng.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
CORE=/sys/module/rng_core/parameters
ktap_begin
policy_knob_rejects rng_core.current_quality "$CORE/current_quality"
policy_knob_rejects rng_core.default_quality "$CORE/default_quality"
policy_knob_rejects tpm_rdrand_rng.tpm_quality "$TRR_PAR/tpm_quality"
policy_knob_rejects tpm_rdrand_rng.rdrand_quality "$TRR_PAR/rdrand_quality"
policy_knob_rejects hw_random.rng_quality "$HWRNG_SYS/rng_quality"
# The driver's two periods have ranges of their own.
policy_knob_rejects tpm_rdrand_rng.feed_interval_ms "$TRR_PAR/feed_interval_ms" \
	-1 0 9 60001 abc 99999999999999999999
policy_knob_rejects tpm_rdrand_rng.retry_ms "$TRR_PAR/retry_ms" \
	-1 0 99 600001 abc 99999999999999999999

# tpm_window_credit: the credit (1/8 bits) of the next whole 512-byte APT
# window the driver claims for the TPM (feeds every 100 ms).
tpm_window_credit() {
	read -r _b _ <<EOT
$(trr_claim_snap tpm)
EOT
	trr_wait_gt tpm bytes_claimed "$_b" 5
	read -r _b0 _c0 <<EOT
$(trr_claim_snap tpm)
EOT
	trr_wait_gt tpm bytes_claimed "$_b0" 5
	read -r _b1 _c1 <<EOT
$(trr_claim_snap tpm)
EOT
	echo "$((_c1 - _c0)) $((_b1 - _b0))"
}
echo 100 >"$TRR_PAR/feed_interval_ms"
echo 1024 >"$TRR_PAR/tpm_quality"
# Each claim is 512 bytes: at quality q it is 512 * 8 * q / 1024 bits,
# 32 q eighths of a bit.
for cap in 8 1 1024; do
	echo "$cap" >"$CORE/default_quality"
	read -r c b <<EOT
$(tpm_window_credit)
EOT
	ktap_result "$([ "$b" -gt 0 ] && [ "$c" -eq $((b * 8 * cap / 128)) ]; echo $?)" \
		"cap_$cap.tpm_credit" "tpm_quality 1024 under default_quality $cap: $c/8 bits for $b bytes"
done
echo 0 >"$CORE/default_quality"
tpm_window_credit >/dev/null
c0=$(trr_stat tpm claimed_frac)
b0=$(trr_stat tpm bytes_claimed)
sleep 2
c1=$(trr_stat tpm claimed_frac)
b1=$(trr_stat tpm bytes_claimed)
ktap_result "$([ "$b1" -gt "$b0" ] && [ "$c1" -eq "$c0" ]; echo $?)" cap_0.no_credit \
	"claimed $((b1 - b0)) bytes for $((c1 - c0))/8 bits"
ktap_check driver_follows_cap dmesg_has 'capped at rng_core.default_quality 1024/1024'
echo 1024 >"$CORE/default_quality"
echo 8 >"$TRR_PAR/tpm_quality"
echo 1000 >"$TRR_PAR/feed_interval_ms"
ktap_end

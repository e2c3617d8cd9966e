#!/bin/sh
# The hwrng core's credit for tpm-rdrand, the test kernel (driver built in,
# TPM, rng_core.default_quality=0), all before the CRNG is ready:
# 1. the cap: the driver declares 8 and registers at min(0, 8) = 0; its
#    fill reads, of TPM bytes, credit nothing. Then rng_quality is set and
#    a fresh fill thread reads back to back, one thread throughout, every
#    credit accepted. Nothing else reads /dev/hwrng, so every TPM byte the
#    driver uses was delivered to the fill thread and credited. The TPM
#    core delays each GetRandom (fail_tpm), so that the reads stay few and
#    the credit far below what makes the CRNG ready.
# 2. one writer: rng_quality written while the fill thread reads is kept
#    (the fill thread only reads it), and the credit follows the last one;
# 3. credit per byte delivered, fraction carried: the TPM core asks 9 bytes
#    a GetRandom, six tries: each read delivers 54 TPM bytes, at quality
#    1 3.375 units of 1/8 bit; a window of reads is credited 54 * 8 / 1024
#    bits a read, within one unit (the carry at its start), where whole
#    units a read would give 3 units, and crediting the 64 bytes asked 4.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
FT=/sys/kernel/debug/fail_tpm
TP=/sys/module/tpm/parameters
ktap_begin

# tpm_slow BYTES DELAY_MS: every GetRandom from now on sent DELAY_MS late
# and asking at most BYTES.
tpm_slow() {
	echo 0 >"$TP/fault_rc" && echo "$1" >"$TP/fault_random_bytes" &&
		echo "$2" >"$TP/fault_delay_ms" && echo 0 >"$FT/verbose" &&
		echo -1 >"$FT/times" && echo 100 >"$FT/probability"
}

# window NAME QUALITY SECONDS: over SECONDS of fill reads, hwrng:tpm-rdrand
# was credited QUALITY/1024 of the bits of the TPM bytes used, to one unit
# of 1/8 bit (the carry at the window's start), for at least 4 reads.
window() {
	read -r t0 _ c0 _ <<EOT
$(trr_snap)
EOT
	sleep "$3"
	read -r t1 _ c1 _ <<EOT
$(trr_snap)
EOT
	db=$((t1 - t0)) dc=$(bits_sub "$c1" "$c0")
	want=$(awk -v b="$db" -v q="$2" 'BEGIN { printf "%.3f", b * 8 * q / 1024 }')
	ktap_result "$([ -n "$t0" ] && [ -n "$t1" ] && [ "$db" -ge 216 ] &&
		awk -v c="$dc" -v w="$want" 'BEGIN { exit !(c != "" && c >= w - 0.125 && c <= w + 0.125) }'; echo $?)" \
		"$1" "${dc:-no row:} bits credited for $db TPM bytes in $3 s; at $2/1024: $want"
}

ktap_check premise.not_ready sh -c '! dmesg | grep -q "crng init done"'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check init_line dmesg_has 'tpm-rdrand-rng: TPM-served reads credited at 0/1024'

# 1. The cap: at 0, TPM-served reads credit nothing.
ktap_check cap.quality_0 test "$(cat "$HWRNG_SYS/rng_quality")" = 0
ktap_check cap.tpm_ok wait_reading 30 trr_is tpm state ok
b0=$(trr_stat tpm bytes)
hwrng_kick tpm-rdrand
ktap_check cap.fill_read_used_the_tpm wait_for 10 trr_above tpm bytes "$b0"
ktap_check cap.nothing_credited prov_zero hwrng:tpm-rdrand

# From here on a fresh fill thread reads back to back at the quality set.
tpm_slow 128 200
echo 2 >"$HWRNG_SYS/rng_quality"
hwrng_kick tpm-rdrand
ktap_check quality_2.credited wait_for 10 prov_above hwrng:tpm-rdrand 0
window quality_2.credit_at_2 2 3

# 2. One writer: 20 writes while the fill thread reads; each one kept.
lost=0
for v in 3 1 2 3 1 2 1 3 2 1 3 2 1 2 3 1 3 1 2 3; do
	echo "$v" >"$HWRNG_SYS/rng_quality"
	sleep 0.3
	got=$(cat "$HWRNG_SYS/rng_quality")
	[ "$got" = "$v" ] || { lost=$((lost + 1)); ktap_diag "wrote $v, read back $got"; }
done
ktap_result "$([ "$lost" = 0 ]; echo $?)" one_writer.writes_kept "$lost of 20 writes lost"
window one_writer.credit_follows 3 3
ktap_check one_writer.still_3 test "$(cat "$HWRNG_SYS/rng_quality")" = 3

# 3. Short answers at quality 1.
echo 1 >"$HWRNG_SYS/rng_quality"
tpm_slow 9 20
# the read in flight may still be a whole one
sleep 1
b0=$(trr_stat tpm bytes)
sleep 1
b1=$(trr_stat tpm bytes)
ktap_result "$([ -n "$b0" ] && [ $((b1 - b0)) -gt 0 ] && [ $(((b1 - b0) % 54)) = 0 ]; echo $?)" \
	short.reads_of_54 "$((b1 - b0)) TPM bytes in 1 s"
window short.credit_per_byte_delivered 1 6
echo 0 >"$FT/probability" && echo 128 >"$TP/fault_random_bytes" && echo 0 >"$TP/fault_delay_ms"
ktap_check still_not_ready sh -c '! dmesg | grep -q "crng init done"'
sed 's/^/# credit: /' "$CREDIT"
ktap_end

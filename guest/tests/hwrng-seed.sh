#!/bin/sh
# TPM and RDRAND, random.trust_cpu=off: tpm-rdrand-rng seeds the pool from
# both after probe (from its workqueue; the summary counts 1 or 2
# sources, as the TPM registers after the driver), credits each at its own quality (TPM 8/1024, RDRAND 0),
# does not make the CRNG ready at the TPM's probe as vanilla 6.12 does,
# takes quality changes at run time, and serves /dev/hwrng.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check trust_cpu_off grep -q 'random.trust_cpu=off' /proc/cmdline
ktap_check seed_line_tpm dmesg_has 'tpm-rdrand-rng: tpm: seeded [0-9]+ bytes, credited [0-9]+\.[0-9]{3} bits \(quality 8/1024\)'
ktap_check seed_line_rdrand dmesg_has 'tpm-rdrand-rng: rdrand: seeded [0-9]+ bytes, credited 0\.000 bits \(quality 0/1024\)'
ktap_check seed_summary dmesg_has '(boot )?seed from [12] source\(s\): [0-9]+\.[0-9]{3} bits credited, pool estimate [0-9]+\.[0-9]{3} bits'
dmesg | grep 'tpm-rdrand-rng' | sed 's/^/# /'
cur=$(cat "$HWRNG_SYS/rng_current")
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" rng_current_is_driver "rng_current=$cur"
ktap_check no_tpm_rng_0 sh -c "! grep -q tpm-rng $HWRNG_SYS/rng_available"
ktap_check no_hwrng_fill_thread sh -c '! grep -qx hwrng /proc/[0-9]*/comm'
ktap_check feeder_running sh -c 'grep -qx tpm-rdrand-feed /proc/[0-9]*/comm'

# Feeding goes on after probe; both sources reach the pool.
sleep 3
ktap_check tpm_fed trr_wait_gt tpm bytes_mixed 64 5
ktap_check rdrand_fed trr_wait_gt rdrand bytes_mixed 64 5
ktap_check tpm_credit_exact trr_credit_exact tpm
ktap_check rdrand_credit_zero test "$(trr_stat rdrand claimed_frac)" -eq 0

# The CRNG: vanilla 6.12 is ready within ms of the TPM probe (tpm-rng-0
# credited 1024/1024); here the TPM's 1/128 cannot do it, the jitter
# entropy started by a blocking read does.
probe=$(dmesg_time 'tpm_(tis|crb) .*TPM')
early=$(dmesg_time 'crng init done')
ktap_diag "TPM probe at $probe s; crng init done before the blocking read: ${early:-no}"
if [ -n "$early" ]; then
	ktap_result "$(echo "$early $probe" | awk '{exit !($1 - $2 > 0.05)}'; echo $?)" \
		crng_not_ready_at_tpm_probe "crng init done at $early s"
else
	ktap_result 0 crng_not_ready_at_tpm_probe
fi
ktap_first_blocking_read
t0=$READ_AT
done_t=$CRNG_AT
ktap_diag "blocking /dev/random read at $t0 s; crng init done at $done_t s" \
	"($(echo "$done_t $probe" | awk '{printf "%.3f", $1 - $2}') s after the TPM probe)"
ktap_result "$(echo "$done_t $probe" | awk '{exit !($1 - $2 > 0.05)}'; echo $?)" \
	crng_init_not_within_50ms_of_tpm_probe

# Quality at run time: good values take effect on the next read.
for p in tpm_quality rdrand_quality; do
	for v in 0 1 1024; do
		err=$(trr_write "$TRR_PAR/$p" "$v")
		ktap_result "$([ -z "$err" ] && [ "$(cat "$TRR_PAR/$p")" = "$v" ]; echo $?)" \
			"$p.set_$v" "$err"
	done
	for v in -1 1025 abc; do
		before=$(cat "$TRR_PAR/$p")
		err=$(trr_write "$TRR_PAR/$p" "$v")
		ktap_result "$([ "$err" = "Invalid argument" ] && [ "$(cat "$TRR_PAR/$p")" = "$before" ]; echo $?)" \
			"$p.reject_$v" "error '$err', value $(cat "$TRR_PAR/$p")"
	done
done
# The credit follows the quality. A window's credit is claimed when the
# window (512 bytes, 8 feeds; feeds every 100 ms here) completes, at the
# quality its bytes were mixed at, so the window under way at the change
# is mixed: measure from the first claim after the change to the next one.
# Every 512 bytes claimed at q are 32q eighths of a bit.
echo 100 >"$TRR_PAR/feed_interval_ms"
for v in 1024 1 0 8; do
	echo "$v" >"$TRR_PAR/tpm_quality"
	read -r b _ <<EOF
$(trr_claim_snap tpm)
EOF
	trr_wait_gt tpm bytes_claimed "$b" 5
	read -r b0 c0 <<EOF
$(trr_claim_snap tpm)
EOF
	trr_wait_gt tpm bytes_claimed "$b0" 5
	read -r b1 c1 <<EOF
$(trr_claim_snap tpm)
EOF
	db=$((b1 - b0)) dc=$((c1 - c0))
	ktap_result "$([ "$db" -ge 512 ] && [ "$dc" -eq $((db * v / 16)) ]; echo $?)" \
		"tpm_quality_$v.takes_effect" "claimed $db bytes, credited $dc/8 bits"
done
echo 1000 >"$TRR_PAR/feed_interval_ms"
echo 0 >"$TRR_PAR/rdrand_quality"

trr_rngtest combined 52
ktap_end

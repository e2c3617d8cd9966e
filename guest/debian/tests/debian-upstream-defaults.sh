#!/bin/sh
# The series kernel's package without the policy package, a TIS TPM: the
# kernel's own defaults (rng_core.default_quality 1024, random.trust_cpu
# on). tpm-rdrand-rng is not loaded by the CPU's RNG feature; an
# administrator loads it with modprobe and selects it in rng_current.
# Then it serves at the quality it declares itself, a small fraction,
# never 1024: random.c's debugfs counts each of its reads at that quality
# (late, as trust_cpu readied the CRNG at boot).
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
kernel_from series "linux-image-$(uname -r)"
no_policy defaults
boot_state >/dev/null
ktap_result "$(! module_loaded "$TRR_MOD"; echo $?)" driver_not_autoloaded \
	"$TRR_MOD loaded at boot by: $(journalctl -b -o cat | grep -i 'tpm.rdrand' | head -n 3 | tr '\n' ' ')"
ktap_check modprobe_driver modprobe tpm-rdrand-rng
ktap_check tpm_rdrand_registered wait_for 10 hwrng_has tpm-rdrand
ktap_diag "before selection: rng_current $(hwrng_current), rng_quality $(cat "$HWRNG_SYS/rng_quality")"
ktap_check select_tpm_rdrand hwrng_select tpm-rdrand
ktap_check tpm_serves wait_reading 20 trr_is tpm state ok
quality=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$quality" -gt 0 ] && [ "$quality" -le 8 ]; echo $?)" own_quality_at_most_8 \
	"tpm-rdrand's rng_quality: $quality"
ktap_first_blocking_read
# One read of a fresh fill thread, nothing else reading: its credit is
# counted (late) at the rng's quality, quality/1024 bits per bit.
read -r dcredit dtpm dcpu <<EOF
$(trr_fill_read)
EOF
ktap_diag "one fill read: $dcredit bits for $dtpm TPM and $dcpu CPU bytes (rng_quality $quality)"
ktap_result "$(awk -v c="$dcredit" -v b="$dtpm" 'BEGIN { exit !(b > 0 && c > 0 && c <= b * 8 * 8 / 1024) }'; echo $?)" \
	credit.at_most_8_per_1024 "$dcredit bits credited for $dtpm TPM bytes"
ktap_result "$(awk -v c="$dcredit" -v b="$dtpm" -v q="$quality" 'BEGIN { d = c - b * 8 * q / 1024; exit !(b > 0 && d < 0.0625 && d > -0.0625) }'; echo $?)" \
	credit.at_own_quality "$dcredit bits for $dtpm bytes at quality $quality"
ktap_result "$(! bits_le "$(prov_file hwrng:tpm-rdrand 3)" 0; echo $?)" credit.counted_late \
	"hwrng:tpm-rdrand accepted $(prov_file hwrng:tpm-rdrand 2), late $(prov_file hwrng:tpm-rdrand 3) bits"
no_failed_units no_failed_units
boot_diag
sed 's/^/# credit: /' "$CREDIT"
sed 's/^/# driver: /' "$TRR_DBG/stats"
ktap_end

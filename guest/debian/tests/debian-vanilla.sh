#!/bin/sh
# Debian as installed with its own kernel (linux-image-6.12.N+deb12-amd64,
# the series' base as Debian ships it), no policy package, a TIS TPM:
# tpm_tis (built in) registers tpm-rng-0, which is current and credited in
# full (quality 1024); vanilla has no provenance line; vanilla trusts the
# CPU's RNG (random.trust_cpu defaults to on), so RDRAND readies the CRNG
# before init runs. The time to "crng init done" to compare with the
# series'.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
kernel_from debian 'linux-image-[0-9.]+\+deb12-amd64'
no_policy vanilla
ktap_check tpm_rng_0_current wait_for 30 sh -c "[ \"\$(cat $HWRNG_SYS/rng_current)\" = tpm-rng-0 ]"
ktap_result "$([ "$(cat "$HWRNG_SYS/rng_quality")" = 1024 ]; echo $?)" tpm_rng_0_quality_1024 \
	"rng_quality $(cat "$HWRNG_SYS/rng_quality")"
ktap_check rngd_running systemctl -q is-active rngd.service
ktap_first_blocking_read
ktap_check ready_before_init crng_ready_at_boot
ktap_check no_provenance_line sh -c '! dmesg | grep -q "crng ready at"'
no_failed_units no_failed_units
boot_diag
ktap_end

#!/bin/sh
# The Debian disk of debian-default on vanilla 6.12 built the same way
# (scripts/build-kernel.sh distro-vanilla): udev loads tpm_tis, whose
# tpm-rng-0 (quality 1024) vanilla credits in full; rngd.service as
# installed. Vanilla trusts the CPU's RNG (random.trust_cpu defaults to
# on), so RDRAND readies the CRNG before init runs. The time to "crng init
# done" to compare with the series.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
# tpm_rng_current: the TPM's own hwrng is the current rng.
tpm_rng_current() {
	[ "$(hwrng_current)" = tpm-rng-0 ]
}
ktap_begin
ktap_check udev_loaded_tpm_tis wait_for 30 module_loaded tpm_tis
ktap_check tpm_rng_current wait_for 10 tpm_rng_current
ktap_check rngd_running systemctl -q is-active rngd.service
ktap_first_blocking_read
ktap_check ready_before_init crng_ready_at_boot
ktap_check no_provenance_line sh -c '! dmesg | grep -q "crng ready at"'
no_failed_units no_failed_units
boot_diag
ktap_end

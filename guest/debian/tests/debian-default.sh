#!/bin/sh
# Debian as installed, on the series kernel: udev loads the TPM driver and
# tpm-rdrand-rng as modules, rngd.service runs as Debian installs it
# ("rngd -f"). What made the CRNG ready, and when (random.c's provenance
# line), within the project's policy; rngd's RNDADDENTROPY credit came
# after ready, so it counted nothing; no unit failed.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
ktap_check udev_loaded_tpm_tis wait_for 30 module_loaded tpm_tis
ktap_check udev_loaded_tpm_rdrand_rng wait_for 30 module_loaded "$TRR_MOD"
ktap_check tpm_rdrand_registered wait_for 10 hwrng_has tpm-rdrand
ktap_result "$([ -z "$(unit_prop rngd.service DropInPaths)" ] &&
	unit_prop rngd.service ExecStart | grep -q 'argv\[\]=/usr/sbin/rngd -f ;'; echo $?)" \
	rngd_as_installed "$(unit_prop rngd.service ExecStart)"
ktap_check rngd_running systemctl -q is-active rngd.service
ktap_first_blocking_read
ktap_check provenance_line dmesg_has 'random: crng ready at [0-9.]+ s by [^ ;]+;'
# rngd's libgcrypt seeds itself with a blocking getrandom() before rngd
# writes anything: its credit comes late, whatever readied the CRNG.
wait_for 10 ioctl_at_least 512 || true
ktap_result "$([ "$(prov_ready_by)" != ioctl ] && [ "$(prov_file ioctl 2)" = 0.000 ] &&
	bits_le 512 "$(prov_file ioctl 3)"; echo $?)" rngd_credit_late \
	"ready by $(prov_ready_by); ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3) bits"
prov_policy_checks provenance
no_failed_units no_failed_units
boot_diag
sed 's/^/# credit: /' "$CREDIT"
ktap_end

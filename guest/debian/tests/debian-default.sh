#!/bin/sh
# Debian as an administrator installs the series (the debian kernel's
# package and hwrng-seed-policy, with dpkg -i), booted through OVMF and
# GRUB with a TIS TPM, the harness passing nothing on the command line:
# the policy comes from the package's GRUB drop-in, the initrd that
# initramfs-tools built loads tpm-rdrand-rng before the root file system,
# tpm-rng-0 registers beside it, tpm-rdrand is the current rng
# (rng_core.current_rng=) and random.c credits it, within the policy, and
# tpm-rng-0 nothing; rngd (the package's drop-in) counts nothing;
# tpm2_getrandom works beside the driver; no unit failed.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
policy_from_package policy
kernel_from series "linux-image-$(uname -r)"
ktap_result "$(case "$(uname -r)" in *-hwrng-seed) echo 0 ;; *) echo 1 ;; esac)" \
	series.release "$(uname -r)"
initrd=/boot/initrd.img-$(uname -r)
ktap_result "$(lsinitramfs "$initrd" | grep -q '/tpm-rdrand-rng\.ko' &&
	unmkinitramfs_modules "$initrd" | grep -qx tpm-rdrand-rng; echo $?)" initrd.loads_driver \
	"$(lsinitramfs "$initrd" | grep tpm-rdrand; unmkinitramfs_modules "$initrd" | tr '\n' ' ')"
# The driver's first line comes from its probe: before the root file
# system is mounted when the initrd loads it.
drv=$(dmesg_time 'tpm-rdrand-rng: ')
root=$(dmesg_time 'EXT4-fs \([^)]*\): mounted filesystem')
ktap_result "$([ -n "$drv" ] && [ -n "$root" ] && awk -v d="$drv" -v r="$root" 'BEGIN { exit !(d < r) }'; echo $?)" \
	initrd.driver_before_root "driver at ${drv:-never} s, root mounted at ${root:-never} s"
ktap_check tpm_rng_0_registered wait_for 30 hwrng_has tpm-rng-0
ktap_check tpm_rdrand_registered wait_for 30 hwrng_has tpm-rdrand
ktap_result "$([ "$(hwrng_current)" = tpm-rdrand ]; echo $?)" tpm_rdrand_current \
	"rng_current $(hwrng_current), rng_available $(cat "$HWRNG_SYS/rng_available")"
ktap_first_blocking_read
ktap_check provenance_line dmesg_has 'random: crng ready at [0-9.]+ s by [^ ;]+;'
ktap_result "$(! bits_le "$(prov_sum hwrng:tpm-rdrand)" 0; echo $?)" credit.tpm_rdrand \
	"hwrng:tpm-rdrand credited $(prov_sum hwrng:tpm-rdrand) bits"
ktap_result "$(bits_eq "$(prov_sum hwrng:tpm-rng-0)" 0; echo $?)" credit.tpm_rng_0_none \
	"hwrng:tpm-rng-0 credited $(prov_sum hwrng:tpm-rng-0) bits"
trr_credit_share credit.within_policy
prov_policy_checks provenance
rngd_as_the_package_starts_it rngd
ioctl_counted_nothing rngd
tpm2_getrandom_beside_driver tpm2_tools
no_failed_units no_failed_units
boot_diag
sed 's/^/# credit: /' "$CREDIT"
sed 's/^/# driver: /' "$TRR_DBG/stats"
ktap_end

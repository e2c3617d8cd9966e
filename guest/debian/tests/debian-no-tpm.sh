#!/bin/sh
# The series kernel and the policy package on a machine without a TPM:
# tpm-rdrand serves nothing without one (a non-blocking read of /dev/hwrng
# gets no byte), nothing under hwrng:* is credited, rngd (the package's
# drop-in) counts nothing, and the CRNG still becomes ready by the timing
# paths (jitter, irq). A creditable 32-byte seed file (seed=32 in fw_cfg)
# with SYSTEMD_RANDOM_SEED_CREDIT=1: Debian 12's systemd (252) refreshes
# the seed with a blocking getrandom() before it credits the old one, so
# its 256 bits come after ready and count nothing. No unit failed.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
policy_from_package policy
kernel_from series "linux-image-$(uname -r)"
ktap_check no_tpm sh -c '! ls /dev/tpm* >/dev/null 2>&1'
ktap_result "$(unit_prop systemd-random-seed.service Environment | grep -qw 'SYSTEMD_RANDOM_SEED_CREDIT=1'; echo $?)" \
	seed.credit_in_unit_environment "$(unit_prop systemd-random-seed.service Environment)"
boot_state >/dev/null
read -r nbytes nerr <<EOF
$(hwrng_nonblock_read)
EOF
ktap_result "$([ "$nbytes" = 0 ] && case "$nerr" in *'temporarily unavailable'* | *'No such device'*) true ;; *) false ;; esac; echo $?)" \
	hwrng.no_byte "non-blocking read: $nbytes bytes, $nerr; rng_current $(hwrng_current), rng_available $(cat "$HWRNG_SYS/rng_available")"
ktap_first_blocking_read
prov_ready_by_timing ready
rows=$(awk '$1 ~ /^hwrng/ { print $1 "=" $2 "+" $3 }' "$CREDIT" | tr '\n' ' ')
ktap_result "$(awk '$1 ~ /^hwrng/ && $2 + $3 > 0 { bad = 1 } END { exit bad }' "$CREDIT"; echo $?)" \
	hwrng.nothing_credited "accepted+late: ${rows:-no hwrng row}"
rngd_as_the_package_starts_it rngd
ioctl_counted_nothing rngd_and_seed
ktap_check seed.credited wait_for 10 ioctl_at_least 256
ktap_check seed.after_ready active_after_crng systemd-random-seed.service
prov_policy_checks provenance
no_failed_units no_failed_units
journalctl -b -u systemd-random-seed.service -o cat | sed 's/^/# journal: /'
boot_diag
sed 's/^/# credit: /' "$CREDIT"
ktap_end

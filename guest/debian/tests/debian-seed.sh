#!/bin/sh
# systemd-random-seed with a creditable 32-byte seed file (hwrng_seed=32:
# the size systemd saves on 6.12, whose pool is 256 bits) and
# SYSTEMD_RANDOM_SEED_CREDIT=1 in its environment (the scenario
# generator's drop-in). Debian 12's systemd (252) refreshes the seed file
# with a blocking getrandom() before it credits the old seed: the unit
# waits for the CRNG (its read starts the jitter entropy that readies it),
# and its 256 bits of RNDADDENTROPY arrive after ready, so they count
# nothing. Had they come first, the overwrite rule would count them 201.5.
# rngd.service is masked (systemd.mask= in the scenario), so that every
# RNDADDENTROPY bit is the seed's.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
ktap_result "$(unit_prop systemd-random-seed.service Environment | grep -qw 'SYSTEMD_RANDOM_SEED_CREDIT=1'; echo $?)" \
	credit_in_unit_environment "$(unit_prop systemd-random-seed.service Environment)"
ktap_check seed_loaded systemctl -q is-active systemd-random-seed.service
ktap_first_blocking_read
ktap_check rngd_masked test "$(systemctl is-enabled rngd.service)" = masked-runtime
ktap_check seed_credited wait_for 10 ioctl_at_least 256
ktap_check random_seed_waited_for_crng active_after_crng systemd-random-seed.service
ktap_result "$([ "$(prov_file ioctl 2)" = 0.000 ] && bits_eq 256 "$(prov_file ioctl 3)"; echo $?)" \
	seed_credit_late "ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3) bits"
ktap_result "$(case "$(prov_ready_by)" in no | ioctl) echo 1 ;; *) echo 0 ;; esac)" \
	ready_not_by_ioctl "ready by $(prov_ready_by)"
prov_ready_by_timing seed
prov_policy_checks provenance
no_failed_units no_failed_units
journalctl -b -u systemd-random-seed.service -o cat | sed 's/^/# journal: /'
boot_diag
sed 's/^/# credit: /' "$CREDIT"
ktap_end

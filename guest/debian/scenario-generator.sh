#!/bin/sh
# systemd generator (/etc/systemd/system-generators/hwrng-scenario): a
# scenario's unit settings, chosen on the kernel command line, as drop-ins
# in the generator directory $1, so that one disk image serves every
# scenario. hwrng_rngd=dropin: the README's rngd drop-in;
# hwrng_seed=BYTES: systemd-random-seed credits a creditable seed file.
set -eu

read -r cmdline </proc/cmdline
for arg in $cmdline; do
	case "$arg" in
	hwrng_rngd=dropin)
		mkdir -p "$1/rngd.service.d"
		cp /usr/local/share/hwrng-seed/rngd-policy.conf "$1/rngd.service.d/policy.conf"
		;;
	hwrng_seed=*)
		mkdir -p "$1/systemd-random-seed.service.d"
		printf '[Service]\nEnvironment=SYSTEMD_RANDOM_SEED_CREDIT=1\n' \
			>"$1/systemd-random-seed.service.d/credit.conf"
		;;
	esac
done

#!/bin/sh
# hwrng-place-seed (hwrng-place-seed.service, before systemd-random-seed):
# for hwrng_seed=BYTES on the kernel command line, put a seed file of BYTES
# bytes where systemd-random-seed loads it, marked creditable as
# systemd-random-seed marks the seeds it saves once the CRNG is ready.
set -eu

bytes=
read -r cmdline </proc/cmdline
for arg in $cmdline; do
	case "$arg" in
	hwrng_seed=*) bytes=${arg#hwrng_seed=} ;;
	esac
done
seed=/var/lib/systemd/random-seed
mkdir -p "${seed%/*}"
# The content does not matter to the credit: only its size does.
head -c "$bytes" /dev/urandom >"$seed"
chmod 600 "$seed"
setfattr -n user.random-seed-creditable -v 1 "$seed"

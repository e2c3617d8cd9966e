#!/bin/sh
# hwrng-place-seed (hwrng-place-seed.service, before systemd-random-seed;
# the scenario generator enables it for seed=BYTES in QEMU's fw_cfg): put a
# seed file of HWRNG_SEED_BYTES bytes where systemd-random-seed loads it,
# marked creditable as systemd-random-seed marks the seeds it saves once
# the CRNG is ready.
set -eu

bytes=${HWRNG_SEED_BYTES:?}
seed=/var/lib/systemd/random-seed
mkdir -p "${seed%/*}"
# The content does not matter to the credit: only its size does.
head -c "$bytes" /dev/urandom >"$seed"
chmod 600 "$seed"
setfattr -n user.random-seed-creditable -v 1 "$seed"

#!/bin/sh
# /dev/hwrng reads through the hwrng core's bounce buffer (tpm-rdrand, the
# TPM and RDRAND serving): across page boundaries, into an inaccessible or
# read-only page, a shared file mapping and a page shared with a forked
# child, and with O_NONBLOCK (hwrng-read-edges.c says what each case
# checks).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
cur=$(hwrng_current)
ktap_diag "rng_current: $cur"
ktap_check rng_is_tpm_rdrand [ "$cur" = tpm-rdrand ]
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_ok wait_reading 20 trr_is tpm state ok
for c in span small guard readonly shared cow nonblock; do
	ktap_check "$c" hwrng-read-edges "$c"
done
ktap_end

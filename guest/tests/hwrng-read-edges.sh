#!/bin/sh
# /dev/hwrng reads where the core lets tpm-rdrand-rng (HWRNG_LARGE_READS)
# write the reader's pinned pages itself: across page boundaries, into an
# inaccessible or read-only page, a shared file mapping and a page shared
# with a forked child (hwrng-read-edges.c says what each case checks).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check driver_seeded trr_wait_seeded 1 30
cur=$(cat "$HWRNG_SYS/rng_current")
ktap_diag "rng_current: $cur"
ktap_check rng_is_tpm_rdrand [ "$cur" = tpm-rdrand ]
for c in span small guard readonly shared cow; do
	ktap_check "$c" hwrng-read-edges "$c"
done
ktap_end

#!/bin/sh
# No TPM device: no hwrng (or rng_current none), and the boot is still fine.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
cur=$(cat /sys/class/misc/hw_random/rng_current 2>/dev/null || echo none)
ktap_result "$([ "$cur" = none ]; echo $?)" rng_current_none "rng_current=$cur"
ktap_check no_tpm_rng sh -c '! grep -q tpm-rng /sys/class/misc/hw_random/rng_available 2>/dev/null'
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" dev_random_reads "read $n bytes"
ktap_end

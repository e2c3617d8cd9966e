#!/bin/sh
# TPM and RDRAND present: the TPM's hwrng is registered and readable and the
# CRNG initialises.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check tpm_probed test -e /sys/class/tpm/tpm0
ktap_check tpm_rng_available grep -q 'tpm-rng-0' /sys/class/misc/hw_random/rng_available
ktap_check dev_hwrng_exists test -c /dev/hwrng
n=$(dd if=/dev/hwrng bs=32 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 32 ]; echo $?)" dev_hwrng_reads_32_bytes "read $n bytes"
ktap_check crng_init_done dmesg_has 'random: crng init done'
ktap_diag "crng init done at $(dmesg_time 'crng init done') s," \
	"TPM probe at $(dmesg_time 'tpm_(tis|crb)|tpm-rng') s"
ktap_end

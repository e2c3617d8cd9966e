#!/bin/sh
# TPM and RDRAND present. Formerly the stock tpm-rng-0 (fully credited);
# with tpm-rdrand-rng the TPM is not registered as tpm-rng-0, the driver's
# tpm-rdrand hwrng is current and readable, and the CRNG initialises.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check tpm_probed test -e /sys/class/tpm/tpm0
ktap_check no_tpm_rng_0 sh -c '! grep -q tpm-rng /sys/class/misc/hw_random/rng_available'
ktap_check rng_current_is_driver grep -qx tpm-rdrand /sys/class/misc/hw_random/rng_current
ktap_check tpm_seeded dmesg_has 'tpm-rdrand-rng: tpm: seeded [0-9]+ bytes'
ktap_check rdrand_seeded dmesg_has 'tpm-rdrand-rng: rdrand: seeded [0-9]+ bytes'
ktap_check dev_hwrng_exists test -c /dev/hwrng
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" dev_random_reads "read $n bytes"
n=$(dd if=/dev/hwrng bs=32 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 32 ]; echo $?)" dev_hwrng_reads_32_bytes "read $n bytes"
ktap_check crng_init_done dmesg_has 'random: crng init done'
ktap_diag "crng init done at $(dmesg_time 'crng init done') s," \
	"TPM probe at $(dmesg_time 'tpm_(tis|crb)|tpm-rdrand-rng') s"
ktap_end

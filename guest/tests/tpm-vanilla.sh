#!/bin/sh
# TPM (tis or crb) and RDRAND present: tpm-rdrand registers at 8/1024 and
# reads this TPM (so would the TPM core's tpm-rng-0, at 8/1024 too, on a
# kernel that builds it); /dev/hwrng serves, and the CRNG initialises
# without a fully credited read.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check tpm_probed test -e /sys/class/tpm/tpm0
ktap_check tpm_rdrand hwrng_has tpm-rdrand
ktap_diag "rng_available: $(cat "$HWRNG_SYS/rng_available")"
ktap_check dev_hwrng_exists test -c /dev/hwrng
ktap_diag "rng_current: $(hwrng_current)"
n=$(dd if=/dev/hwrng bs=32 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 32 ]; echo $?)" dev_hwrng_reads_32_bytes "read $n bytes"
for name in $(tpm_hwrngs); do
	q=$(hwrng_quality_of "$name")
	ktap_result "$([ "$q" = 8 ]; echo $?)" "$name.quality_8" "rng_quality=$q"
done
hwrng_select tpm-rdrand
ktap_check tpm_rdrand_reads_the_tpm wait_reading 10 trr_above tpm bytes 0
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" dev_random_reads "read $n bytes"
ktap_check crng_init_done dmesg_has 'random: crng init done'
prov_policy_checks provenance
ktap_diag "crng init done at $(dmesg_time 'crng init done') s," \
	"TPM probe at $(dmesg_time 'tpm_(tis|crb)') s"
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_end

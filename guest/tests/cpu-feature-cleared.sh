#!/bin/sh
# clearcpuid=rdrand: the CPU still says it has RDRAND (CPUID), but the
# kernel's feature bit is clear, as when the kernel disables a broken RNG
# instruction (AMD families 15h/16h after resume; Zen 5's RDSEED in
# 6.12.y). The driver follows the kernel's bit: no CPU source, the TPM
# serves alone at 8.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check premise.cpuid_has_rdrand test "$(cpuid-rdrand)" = 1
ktap_check premise.cleared dmesg_has 'Clearing CPUID bits: rdrand'
ktap_check premise.no_rdrand_flag sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_check no_cpu_rng_line dmesg_has 'tpm-rdrand-rng: no usable CPU RNG'
hwrng_select tpm-rdrand
ktap_check tpm_ok wait_reading 20 trr_is tpm state ok
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ] && [ "$(trr_stat cpu bytes)" = 0 ]; echo $?)" tpm_serves_alone \
	"read $n bytes, CPU bytes $(trr_stat cpu bytes)"
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
ktap_end

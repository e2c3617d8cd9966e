#!/bin/sh
# A TPM in field upgrade mode (every command answered TPM2_RC_UPGRADE while
# tpm_tis probes it, through the TPM core's fail_tpm): the TPM core
# registers no tpm-rng-0, and tpm-rdrand, loaded after, does not read it
# either: the CPU serves alone, credited at 0.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
FT=/sys/kernel/debug/fail_tpm
TP=/sys/module/tpm/parameters
ktap_begin
ktap_check fault_armed sh -c "echo 0 >$TP/fault_ordinal && echo 0x12d >$TP/fault_rc &&
	echo 0 >$FT/verbose && echo -1 >$FT/times && echo 100 >$FT/probability"
ktap_check tpm_tis_loads modprobe tpm_tis
ktap_check upgrade_mode_line dmesg_has 'tpm tpm0: TPM in field upgrade mode, requires firmware upgrade'
echo 0 >"$FT/probability"
ktap_result "$(! hwrng_has tpm-rng-0; echo $?)" no_tpm_rng_0
ktap_check driver_loads modprobe "$TRR_MOD"
hwrng_select tpm-rdrand
n=$(dd if=/dev/hwrng bs=64 count=16 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 1024 ] && [ "$(trr_stat tpm bytes)" = 0 ] &&
	[ "$(trr_stat tpm errors)" = 0 ] && trr_above tpm empty 0; echo $?)" cpu_serves_alone \
	"read $n bytes; TPM bytes $(trr_stat tpm bytes), errors $(trr_stat tpm errors), empty reads $(trr_stat tpm empty)"
ktap_check cpu_alone_line dmesg_has 'tpm-rdrand-rng: the CPU serves alone: credited at 0'
ktap_check quality_0 test "$(cat "$HWRNG_SYS/rng_quality")" = 0
ktap_end

#!/bin/sh
# A TPM in field upgrade mode (every command answered TPM2_RC_UPGRADE while
# tpm_tis probes it, through the TPM core's fail_tpm): the TPM core
# registers no tpm-rng-0, and tpm-rdrand, loaded after, does not read it
# either: with no TPM that serves, it serves nothing and credits nothing.
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
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
hwrng_serves_nothing upgrade_mode
ktap_result "$([ "$(trr_stat tpm bytes)" = 0 ] && [ "$(trr_stat tpm errors)" = 0 ] &&
	trr_above tpm empty 0; echo $?)" tpm_counted_as_none \
	"TPM bytes $(trr_stat tpm bytes), errors $(trr_stat tpm errors), empty reads $(trr_stat tpm empty)"
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
ktap_check nothing_credited prov_zero hwrng:tpm-rdrand
ktap_end

#!/bin/sh
# tpm2_getrandom through the kernel's resource manager (/dev/tpmrm0) while
# tpm-rdrand-rng reads the TPM (a reader of /dev/hwrng beside the hwrng
# core's fill thread): every tpm2_getrandom returns its bytes, the driver
# kept reading the TPM without an error, the kernel logged no TPM error
# meanwhile (swtpm's self-test error at probe time is the TPM core's own),
# and no unit failed.
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
ktap_check tpmrm0_present wait_for 30 test -c /dev/tpmrm0
ktap_check tpm_rdrand_registered wait_for 30 hwrng_has tpm-rdrand
# tpm_errors: the kernel's TPM error lines so far.
tpm_errors() {
	dmesg | grep -iE 'tpm[^ ]*:.*(error|fail|timeout|timed out)' || true
}
errs0=$(tpm_errors | wc -l)
hwrng_select tpm-rdrand
bytes0=$(trr_stat tpm bytes)
dd if=/dev/hwrng of=/dev/null bs=64 count=400 2>/dev/null &
reader=$!
ok=0 n=20 i=0
while [ "$i" -lt "$n" ]; do
	hex=$(tpm2_getrandom -T device:/dev/tpmrm0 --hex 32 2>/tmp/tpm2.err) &&
		[ "${#hex}" -eq 64 ] && ok=$((ok + 1))
	i=$((i + 1))
done
wait "$reader" || true
ktap_result "$([ "$ok" -eq "$n" ]; echo $?)" tpm2_getrandom_all_ok \
	"$ok of $n returned 32 bytes; last error: $(cat /tmp/tpm2.err)"
bytes1=$(trr_stat tpm bytes)
ktap_result "$([ "${bytes1:-0}" -gt "${bytes0:-0}" ]; echo $?)" driver_read_tpm_meanwhile \
	"TPM bytes the driver used: $bytes0 -> $bytes1"
ktap_result "$([ "$(trr_stat tpm errors)" = 0 ]; echo $?)" driver_no_tpm_errors \
	"driver's TPM errors: $(trr_stat tpm errors), state $(trr_stat tpm state)"
errs=$(tpm_errors | tail -n +$((errs0 + 1)))
ktap_result "$([ -z "$errs" ]; echo $?)" kernel_no_tpm_errors "$errs"
no_failed_units no_failed_units
sed 's/^/# driver: /' "$TRR_DBG/stats"
ktap_end

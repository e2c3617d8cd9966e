#!/bin/sh
# Benchmark for bench/tpm-hmac.sh: the TPM alone behind tpm-rdrand (no
# RDRAND), booted with initcall_debug. Prints, as "# bench tpm-hmac ..."
# lines, the time per tpm_get_random() call through /dev/hwrng (ROUNDS
# rounds, once the CRNG is ready so that the fill thread no longer
# competes) and the dmesg times of the TPM's probe, of the driver's first
# "the TPM serves" and of "crng init done".
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
rounds=3
# Bytes per round: 512 calls of 64 bytes, a few seconds with HMAC under TCG.
size=32768
ktap_begin

# No /dev/random read here: a blocking one would add jitter entropy and
# ready the CRNG before the TPM does.
i=0
while ! dmesg_has 'random: crng init done' && [ "$i" -lt 240 ]; do
	sleep 0.5
	i=$((i + 1))
done
ktap_check crng_ready dmesg_has 'random: crng init done'
ktap_check no_rdrand sh -c '! grep -qwE "rdrand|rdseed" /proc/cpuinfo'
ktap_check tpm_rdrand_current test "$(hwrng_current)" = tpm-rdrand
ktap_check tpm_serves trr_is tpm state ok
# The TPM core exports the null primary's name only with HMAC sessions.
hmac=0
[ -e /sys/class/tpm/tpm0/null_name ] && hmac=1

fails=0
i=1
while [ "$i" -le "$rounds" ]; do
	# The driver counts its TPM reads: one tpm_get_random() call each.
	c0=$(trr_stat tpm reads)
	s=$(read-rate file /dev/hwrng "$size" 4096 | sed -n 's/.*seconds=\([0-9.]*\).*/\1/p')
	c1=$(trr_stat tpm reads)
	calls=$((c1 - c0))
	if [ -n "$s" ] && [ "$calls" -gt 0 ]; then
		echo "# bench tpm-hmac getrandom round=$i calls=$calls us=$(echo "$s $calls" |
			awk '{ printf "%.1f", $1 * 1e6 / $2 }')"
	else
		fails=$((fails + 1))
	fi
	i=$((i + 1))
done
ktap_result "$fails" getrandom_rounds "$fails rounds without a figure"

# tpm_tis's "2.0 TPM" line comes before tpm_chip_bootstrap(), which with
# CONFIG_TCG_TPM2_HMAC creates the null primary; initcall_debug's "probe
# of DEV returned" line times the whole probe.
probe_line=$(dmesg | grep -E 'tpm_tis .*: 2\.0 TPM' | head -n 1)
dev=$(echo "$probe_line" | sed -n 's/^\[[^]]*\] tpm_tis \([^ ]*\): .*/\1/p')
probe_at=$(dmesg_time 'tpm_tis .*: 2\.0 TPM')
probe_us=$(dmesg | sed -n "s/.*probe of $dev returned 0 after \([0-9]*\) usecs.*/\1/p" | head -n 1)
serves_at=$(dmesg_time 'tpm-rdrand-rng: the TPM serves: credited at')
crng_at=$(dmesg_time 'random: crng init done')
ktap_check times_found sh -c "[ -n '$probe_at' ] && [ -n '$probe_us' ] && [ -n '$serves_at' ] && [ -n '$crng_at' ]"
echo "# bench tpm-hmac boot hmac=$hmac probe_dev=$dev probe_at_s=$probe_at probe_us=$probe_us tpm_serves_at_s=$serves_at crng_ready_at_s=$crng_at"
ktap_end

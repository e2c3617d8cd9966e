#!/bin/sh
# Benchmark: /dev/hwrng against the raw sources, alternating in one boot.
# Prints "# bench hwrng LABEL REP RATE_Bps" lines; REPS from bench_reps=.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/bench.sh
. /lib/bench.sh
reps=$(bench_reps)
ktap_begin
hw=/sys/class/misc/hw_random
cur=$(cat $hw/rng_current)
ktap_diag "rng_available: $(cat $hw/rng_available); rng_current: $cur"
# copy_to_user() is rep movsb with ERMS or FSRM: one byte per step under TCG.
ktap_diag "string-copy CPU flags: $(grep -m 1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -x 'erms\|fsrm\|fsrs' | tr '\n' ' ')"
has_rdrand=0
grep -qw rdrand /proc/cpuinfo && has_rdrand=1
has_tpm=0
[ -c /dev/tpmrm0 ] && has_tpm=1
# TPM-bound streams deliver ~16 KB/s under TCG: read less from them.
if [ "$has_tpm" = 1 ]; then size=65536; else size=4194304; fi

fails=0
i=1
while [ "$i" -le "$reps" ]; do
	if [ "$cur" != none ]; then
		r=$(bench_rate read-rate file /dev/hwrng "$size" 4096)
		echo "# bench hwrng hwrng:$cur $i $r"
		[ "$r" -gt 0 ] || fails=$((fails + 1))
	fi
	if [ "$has_rdrand" = 1 ]; then
		r=$(bench_rate read-rate rdrand 4194304)
		echo "# bench hwrng raw:rdrand $i $r"
		[ "$r" -gt 0 ] || fails=$((fails + 1))
	fi
	if [ "$has_tpm" = 1 ]; then
		r=$(bench_rate read-rate tpm2 "$size" /dev/tpmrm0)
		echo "# bench hwrng raw:tpm2_getrandom_tpmrm0 $i $r"
		[ "$r" -gt 0 ] || fails=$((fails + 1))
		r=$(bench_rate read-rate tpm2 "$size" /dev/tpm0)
		echo "# bench hwrng raw:tpm2_getrandom_tpm0 $i $r"
		[ "$r" -gt 0 ] || fails=$((fails + 1))
		if grep -qw tpm-rng-0 $hw/rng_available && [ "$cur" != tpm-rng-0 ]; then
			echo tpm-rng-0 >$hw/rng_current
			r=$(bench_rate read-rate file /dev/hwrng "$size" 4096)
			echo "# bench hwrng hwrng:tpm-rng-0 $i $r"
			echo "$cur" >$hw/rng_current
		fi
	fi
	i=$((i + 1))
done
ktap_result "$fails" all_reads_delivered "$fails failed reads"
ktap_end

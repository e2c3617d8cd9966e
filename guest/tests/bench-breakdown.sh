#!/bin/sh
# Benchmark: where a 4 KiB read() of /dev/hwrng spends its time with
# RDRAND alone (rng_core.read_timing, CONFIG_HW_RANDOM_READ_TIMING),
# beside a userspace RDRAND loop in the same boot. Prints
# "# bench breakdown STEP REP NS" lines: NS per read() call for each
# step, and per 4 KiB for the stream and the loop. REPS from bench_reps=.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/bench.sh
. /lib/bench.sh
reps=$(bench_reps)
ktap_begin
param=/sys/module/rng_core/parameters/read_timing
if [ ! -w "$param" ] || ! grep -qw rdrand /proc/cpuinfo; then
	ktap_result 1 read_timing "no $param (CONFIG_HW_RANDOM_READ_TIMING) or no RDRAND"
	ktap_end
	exit 0
fi
ktap_diag "rng_current: $(cat /sys/class/misc/hw_random/rng_current)"

fails=0
i=1
while [ "$i" -le "$reps" ]; do
	dmesg -c >/dev/null
	# 1024 read() calls of 4 KiB: exactly one report line
	echo 1 >"$param"
	r=$(bench_rate read-rate file /dev/hwrng 4194304 4096)
	echo 0 >"$param"
	line=$(dmesg | sed -n 's/.*read timing, ns per read() over 1024 calls://p' | tail -n 1)
	[ -n "$line" ] && [ "$r" -gt 0 ] || fails=$((fails + 1))
	for kv in $line; do
		echo "# bench breakdown ${kv%%=*} $i ${kv#*=}"
	done
	[ "$r" -gt 0 ] && echo "# bench breakdown stream_per_4k $i $((4096 * 1000000000 / r))"
	r=$(bench_rate read-rate rdrand 4194304)
	[ "$r" -gt 0 ] || fails=$((fails + 1))
	[ "$r" -gt 0 ] && echo "# bench breakdown rdrand_loop_per_4k $i $((4096 * 1000000000 / r))"
	i=$((i + 1))
done
ktap_result "$fails" all_reads_timed "$fails reads without a timing line or rate"
ktap_end

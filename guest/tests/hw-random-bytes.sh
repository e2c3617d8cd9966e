#!/bin/sh
# hw_random_bytes=1 with RDRAND: get_random_bytes() takes the arch RNG path,
# the random KUnit suites (run before init) pass with it, and the benchmark
# prints CRNG vs arch RNG throughput.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check rdrand_present grep -qw rdrand /proc/cpuinfo
ktap_check says_using_hw_rng dmesg_has 'random: get_random_bytes\(\) using HW RNG'
ktap_check no_param_error sh -c "! dmesg | grep -q 'hw_random_bytes=.* is invalid'"
ktap_check param_consumed sh -c "! dmesg | grep -i 'unknown.*parameters' | grep -q hw_random_bytes"
n=$(dd if=/dev/urandom bs=4096 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 4096 ]; echo $?)" urandom_reads "read $n bytes"
ktap_check bench_ran dmesg_has 'bench +4096 B: crng'
dmesg | sed -n 's/^\[[^]]*\] *//; s/^ *# random_bench_get_random_bytes: //p' |
	grep -E '^(get_random_bytes|bench)' | while read -r line; do
	ktap_diag "$line"
done
ktap_end

#!/bin/sh
# hw_random_bytes=1 on a CPU without RDRAND/RDSEED: the option stays off with
# a warning, an invalid value before it is reported, and the KUnit suite run
# with the real (failing) arch RNG path shows every byte comes from the CRNG.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check no_rdrand sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_check error_for_2 dmesg_has 'random: hw_random_bytes=2 is invalid'
ktap_check warns_no_arch_rng dmesg_has 'random: hw_random_bytes=1 but the CPU has no arch RNG'
ktap_check says_not_using dmesg_has 'random: get_random_bytes\(\) not using HW RNG'
ktap_check kunit_hw_bytes_ran kunit_case_ok random_hw_bytes_switched
n=$(dd if=/dev/urandom bs=64 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 64 ]; echo $?)" urandom_reads "read $n bytes"
ktap_end

#!/bin/sh
# hw_random_bytes=1 followed by invalid values: each invalid value is
# reported and ignored, so the earlier valid setting still holds.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check error_for_2 dmesg_has 'random: hw_random_bytes=2 is invalid, expected 0 or 1; ignored'
ktap_check error_for_on dmesg_has 'random: hw_random_bytes=on is invalid, expected 0 or 1; ignored'
ktap_check error_for_empty dmesg_has 'random: hw_random_bytes= is invalid, expected 0 or 1; ignored'
ktap_check setting_unchanged dmesg_has 'random: get_random_bytes\(\) using HW RNG'
ktap_check param_consumed sh -c "! dmesg | grep -i 'unknown.*parameters' | grep -q hw_random_bytes"
n=$(dd if=/dev/urandom bs=64 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 64 ]; echo $?)" urandom_reads "read $n bytes"
ktap_end

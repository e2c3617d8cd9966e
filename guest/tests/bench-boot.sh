#!/bin/sh
# Benchmark boot: seconds from kernel start to "crng init done" and to the
# first byte of a blocking getrandom(), as "# bench ..." lines.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
first=$(getrandom-first)
ktap_result $? getrandom_returned
crng=$(dmesg_time 'crng init done')
ktap_result "$([ -n "$crng" ]; echo $?)" crng_init_done
echo "# bench crng_init_done_s=$crng first_getrandom_s=$first"
ktap_end

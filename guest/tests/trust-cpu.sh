#!/bin/sh
# RDRAND trusted (random.trust_cpu defaults to on): the early RDRAND credit
# makes the CRNG ready at boot, before the kernel frees its init memory.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check rdrand grep -qw rdrand /proc/cpuinfo
ktap_check trust_cpu_not_off sh -c '! grep -q "random.trust_cpu=off" /proc/cmdline'
ktap_check crng_init_done dmesg_has 'random: crng init done'
init=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
free=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
ktap_result "$([ -n "$init" ] && [ -n "$free" ] && [ "$init" -lt "$free" ]; echo $?)" \
	crng_ready_before_init "crng init done on log line ${init:-none}, Freeing unused on ${free:-none}"
n=$(cat /proc/sys/kernel/random/entropy_avail)
ktap_result "$([ "$n" -eq 256 ]; echo $?)" entropy_avail_full "entropy_avail=$n"
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" blocking_read_returns "read $n bytes"
ktap_diag "crng init done at $(dmesg_time 'crng init done') s"
ktap_end

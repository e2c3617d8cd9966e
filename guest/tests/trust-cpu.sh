#!/bin/sh
# RDRAND trusted on the command line (random.trust_cpu=on): the early
# RDRAND credit makes the CRNG ready at boot, before the kernel frees its
# init memory, the provenance line says so, and the driver's rdrand_quality
# follows the same policy.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check rdrand grep -qw rdrand /proc/cpuinfo
ktap_check trust_cpu_on grep -q 'random.trust_cpu=on' /proc/cmdline
ktap_check policy_line dmesg_has 'random: credit policy: CPU RNG mixed, credited: yes \(random.trust_cpu=on, command line\)'
ktap_check crng_init_done dmesg_has 'random: crng init done'
init=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
free=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
ktap_result "$([ -n "$init" ] && [ -n "$free" ] && [ "$init" -lt "$free" ]; echo $?)" \
	crng_ready_before_init "crng init done on log line ${init:-none}, Freeing unused on ${free:-none}"
ktap_check provenance_by_cpu dmesg_has 'random: crng ready at [0-9.]+ s by cpu; credited bits: cpu 512\.000 '
ktap_check rdrand_quality_follows_trust_cpu test "$(cat "$TRR_PAR/rdrand_quality")" = 1024
ktap_check driver_policy_line dmesg_has 'tpm-rdrand-rng: policy: tpm 8/1024, rdrand 1024/1024 \(follows random.trust_cpu=on\)'
n=$(cat /proc/sys/kernel/random/entropy_avail)
ktap_result "$([ "$n" -eq 256 ]; echo $?)" entropy_avail_full "entropy_avail=$n"
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" blocking_read_returns "read $n bytes"
ktap_diag "crng init done at $(dmesg_time 'crng init done') s"
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_end

#!/bin/sh
# RDRAND trusted on the command line: random.trust_cpu=on after the
# kernel's CONFIG_CMDLINE "off" wins. The early RDRAND seed, a trusted
# one-shot seed, counts at face value (512 bits): the CRNG is ready at
# boot, before the kernel frees its init memory, and the provenance line
# says so. The CPU's RNG reaches random.c's credit only that way: through
# tpm-rdrand (no TPM here) it is never served, so never credited.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check rdrand grep -qw rdrand /proc/cpuinfo
words=$(tr ' ' '\n' </proc/cmdline | grep '^random.trust_cpu=' | tr '\n' ' ')
ktap_result "$([ "$words" = "random.trust_cpu=off random.trust_cpu=on " ]; echo $?)" \
	trust_cpu_on_after_off "$words"
ktap_check crng_init_done dmesg_has 'random: crng init done'
init=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
free=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
ktap_result "$([ -n "$init" ] && [ -n "$free" ] && [ "$init" -lt "$free" ]; echo $?)" \
	crng_ready_before_init "crng init done on log line ${init:-none}, Freeing unused on ${free:-none}"
ktap_check provenance_by_cpu dmesg_has 'random: crng ready at [0-9.]+ s by cpu; credited bits: cpu 512\.000 '
ktap_check debugfs_by_cpu test "$(prov_ready_by)" = cpu
n=$(cat /proc/sys/kernel/random/entropy_avail)
ktap_result "$([ "$n" -eq 256 ]; echo $?)" entropy_avail_full "entropy_avail=$n"
n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
ktap_result "$([ "$n" -eq 16 ]; echo $?)" blocking_read_returns "read $n bytes"
# tpm-rdrand, without a TPM, serves nothing and a fill read credits
# nothing: it still reads the CPU, and drops its bytes.
ktap_check driver_current test "$(hwrng_current)" = tpm-rdrand
ktap_check quality_8 test "$(cat "$HWRNG_SYS/rng_quality")" = 8
trr_fill_check driver_not_credited 0 - 0
ktap_check driver_credit_zero prov_zero hwrng:tpm-rdrand
hwrng_serves_nothing cpu_not_served
ktap_diag "crng init done at $(dmesg_time 'crng init done') s"
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_end

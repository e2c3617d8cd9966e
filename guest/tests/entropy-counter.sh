#!/bin/sh
# Seed 006 on x86: no TPM, no RDRAND/RDSEED and random.trust_cpu=off, the
# TSC as cycle counter: random_get_entropy() changes between samples (KUnit
# random_entropy, run before init), and the jitter and interrupt paths
# alone bring the CRNG to "crng init done" after the first blocking read,
# with 355 bits credited (random.c's provenance line). m68k's
# no-cycle-counter boot checks the same without a cycle counter.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check tsc_flag grep -qw tsc /proc/cpuinfo
ktap_check counter_is_get_cycles dmesg_has 'cycle counter: get_cycles\(\);'
ktap_check no_rdrand sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_check trust_cpu_off test "$(cmdline_last random.trust_cpu)" = random.trust_cpu=off
ktap_check no_tpm_rng sh -c '! grep -q tpm-rng /sys/class/misc/hw_random/rng_available 2>/dev/null'
ktap_check default_path dmesg_has 'random: get_random_bytes\(\) not using HW RNG'
ktap_check counter_changes kunit_case_ok random_entropy_counter_changes
cs=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)
ktap_diag "clocksource $cs;" "$(dmesg | sed -n 's/.*# random_entropy_counter_changes: //p')"
ktap_check not_ready_before_read grep -qx 'ready no' "$CREDIT"
ktap_first_blocking_read
prov_ready_by_timing provenance
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_end

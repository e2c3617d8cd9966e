#!/bin/sh
# Seed 006: no TPM, no RDRAND/RDSEED and random.trust_cpu=off, with the TSC
# (entropy_expect=tsc) or with it hidden from CPUID (entropy_expect=notsc;
# the test kernel's CONFIG_X86_DEBUG_HIDDEN_TSC then makes get_cycles()
# return 0): random_get_entropy() still changes between samples (KUnit
# random_entropy, run before init), and the jitter and interrupt paths alone
# bring the CRNG to "crng init done" after the first blocking read, with
# the same 355 bits credited in either case (random.c's provenance line).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
expect=
read -r cmdline </proc/cmdline
for arg in $cmdline; do
	case "$arg" in entropy_expect=*) expect=${arg#entropy_expect=} ;; esac
done
ktap_begin
case "$expect" in
tsc)
	ktap_check tsc_flag_as_expected grep -qw tsc /proc/cpuinfo
	counter='cycle counter: get_cycles\(\);' ;;
notsc)
	ktap_check tsc_flag_as_expected sh -c '! grep -qw tsc /proc/cpuinfo'
	counter='cycle counter: none, clocksource fallback;' ;;
*)
	ktap_result 1 entropy_expect_given "entropy_expect=tsc|notsc missing"
	counter='^$' ;;
esac
ktap_check no_rdrand sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_check trust_cpu_off test "$(cmdline_last random.trust_cpu)" = random.trust_cpu=off
ktap_check no_tpm_rng sh -c '! grep -q tpm-rng /sys/class/misc/hw_random/rng_available 2>/dev/null'
ktap_check default_path dmesg_has 'random: get_random_bytes\(\) not using HW RNG'
ktap_check counter_as_expected dmesg_has "$counter"
ktap_check counter_changes kunit_case_ok random_entropy_counter_changes
cs=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)
ktap_diag "clocksource $cs;" "$(dmesg | sed -n 's/.*# random_entropy_counter_changes: //p')"
ktap_check not_ready_before_read grep -qx 'ready no' "$CREDIT"
ktap_first_blocking_read
prov_ready_by_timing provenance
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_end

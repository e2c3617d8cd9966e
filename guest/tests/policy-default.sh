#!/bin/sh
# The project's kernel with no extra parameters: the CPU's RNG is mixed
# and credited nowhere (random.trust_cpu defaults to off in its Kconfig),
# the TPM is credited at its 8/1024 share, and when the CRNG becomes ready
# random.c says what made it so, in dmesg and in debugfs.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_trust_parameter sh -c '! grep -qE "random.trust_cpu|rdrand_quality|default_quality" /proc/cmdline'
ktap_check rdrand_present grep -qw rdrand /proc/cpuinfo
ktap_check policy_line dmesg_has 'random: credit policy: CPU RNG mixed, credited: no \(random.trust_cpu=off, Kconfig default\); bootloader seed credited: no \(random.trust_bootloader=off, Kconfig default\)'
ktap_check driver_policy_line dmesg_has 'tpm-rdrand-rng: policy: tpm 8/1024, rdrand 0/1024 \(follows random.trust_cpu=off\), capped at rng_core.default_quality 1024/1024'
ktap_result "$(crng_ready_at_boot && echo 1 || echo 0)" crng_not_ready_at_boot \
	"$(dmesg | grep 'crng init done')"
ktap_check rdrand_quality_0 test "$(cat "$TRR_PAR/rdrand_quality")" = 0
ktap_check debugfs_not_ready grep -qx 'ready no' /sys/kernel/debug/random/credit
ktap_first_blocking_read
line=$(dmesg | grep 'random: crng ready at ' | head -n 1)
ktap_result "$([ -n "$line" ]; echo $?)" provenance_line
echo "# ${line#*\] }"
ktap_check cpu_credit_zero test "$(prov_bits cpu)" = 0.000
ktap_check rdrand_credit_zero test "$(prov_bits tpm-rdrand:rdrand)" = 0.000
prov_tpm_within_share
# The driver's own count of its claims equals random.c's, accepted + late.
claimed=$(awk -v f="$(trr_stat tpm claimed_frac)" 'BEGIN { printf "%.3f", f / 8 }')
sum=$(awk -v a="$(prov_file tpm-rdrand:tpm 2)" -v l="$(prov_file tpm-rdrand:tpm 3)" \
	'BEGIN { printf "%.3f", a + l }')
ktap_result "$([ "$claimed" = "$sum" ]; echo $?)" tpm_provenance_matches_driver \
	"driver claimed $claimed bits, random.c accepted+late $sum"
by=$(echo "$line" | sed -n 's/.* by \([^;]*\);.*/\1/p')
# Whichever credit crosses the threshold readies the CRNG: timing or the
# TPM's share, never the CPU.
ktap_result "$(case "$by" in irq | timer | jitter | tpm-rdrand:tpm) echo 0 ;; *) echo 1 ;; esac)" \
	ready_not_by_cpu "ready by '$by'"
ready=$(sed -n 's/^ready \([0-9.]*\) .*/\1/p' /sys/kernel/debug/random/credit)
ktap_result "$(echo "$line" | grep -q "crng ready at $ready s by $by;"; echo $?)" debugfs_matches_line \
	"debugfs ready $ready"
sed 's/^/# credit: /' /sys/kernel/debug/random/credit
ktap_end

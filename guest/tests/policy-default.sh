#!/bin/sh
# The project's kernel with no extra parameters: its CONFIG_CMDLINE comes
# first on the command line and sets the policy (the CPU's RNG and the
# bootloader's seed mixed, not credited; every hwrng capped at 8/1024);
# tpm-rdrand (and the TPM core's tpm-rng-0, on a kernel that builds it)
# registers at 8; the fill thread credits the current one's reads at
# 8/1024; when the CRNG becomes ready random.c says what made it so, in
# dmesg and in debugfs.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
POLICY='random.trust_cpu=off random.trust_bootloader=off rng_core.default_quality=8'
ktap_begin
read -r cmdline </proc/cmdline
ktap_result "$(case "$cmdline" in "$POLICY "*) echo 0 ;; *) echo 1 ;; esac)" cmdline_starts_with_policy \
	"$cmdline"
# nothing after it overrides a policy word
n=$(echo "$cmdline" | tr ' ' '\n' | grep -cE '^(random\.trust_(cpu|bootloader)|rng_core\.default_quality)=')
ktap_result "$([ "$n" -eq 3 ]; echo $?)" policy_words_once "$n policy words"
ktap_check cpu_rng_present test -n "$(cpu_rng)"
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
ktap_check init_line dmesg_has "tpm-rdrand-rng: TPM bytes credited at 8/1024 \\(rng_core.default_quality\\), the CPU's alone at 0"
ktap_check no_cpu_rng_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: no usable CPU RNG"'
ktap_check tpm_rdrand_registered hwrng_has tpm-rdrand
names=$(tpm_hwrngs | tr '\n' ' ')
cur=$(hwrng_current)
ktap_diag "rng_current: $cur; rng_available: $(cat "$HWRNG_SYS/rng_available")"
ktap_result "$(case "$cur" in tpm-rdrand | tpm-rng-0) echo 0 ;; *) echo 1 ;; esac)" current_is_a_tpm_rng \
	"rng_current=$cur"
# The driver's sources come up: the TPM's through its startup test.
ktap_check cpu_ok trr_is cpu state ok
hwrng_select tpm-rdrand
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
hwrng_select "$cur"
for s in cpu tpm; do
	ktap_result "$([ "$(trr_stat $s errors)" = 0 ] && [ "$(trr_stat $s health_failures)" = 0 ]; echo $?)" \
		"$s.no_errors" "$(grep "^$s " "$TRR_DBG/stats")"
done
ktap_first_blocking_read
line=$(dmesg | grep 'random: crng ready at ' | head -n 1)
ktap_result "$([ -n "$line" ]; echo $?)" provenance_line
echo "# ${line#*\] }"
by=$(echo "$line" | sed -n 's/.* by \([^;]*\);.*/\1/p')
ktap_result "$(case "$by" in irq | timer | jitter | hwrng:tpm-rdrand | hwrng:tpm-rng-0) echo 0 ;; *) echo 1 ;; esac)" \
	ready_by_timing_or_a_tpm_rng "ready by '$by'"
ktap_check line_cpu_zero test "$(prov_bits cpu)" = 0.000
ktap_check line_bootloader_zero test "$(prov_bits bootloader)" = 0.000
ready=$(sed -n 's/^ready \([0-9.]*\) .*/\1/p' "$CREDIT")
ktap_result "$(echo "$line" | grep -q "crng ready at $ready s by $by;"; echo $?)" debugfs_matches_line \
	"debugfs ready $ready"
prov_policy_checks provenance
# Only the current rng is read by the fill thread; the other one was
# credited only while we selected it above (before ready: accepted).
for name in $names; do
	ktap_diag "hwrng:$name: accepted $(prov_file "hwrng:$name" 2), late $(prov_file "hwrng:$name" 3)"
done
trr_credit_share tpm_rdrand_credit_within_share
# Each one's quality is 8, read as the current rng.
for name in $names; do
	q=$(hwrng_quality_of "$name")
	ktap_result "$([ "$q" = 8 ]; echo $?)" "$name.quality_8" "rng_quality=$q"
done
# One fill read of the current rng, the CRNG ready: 64 bytes at 8/1024
# are 4 bits, counted late.
d=$(hwrng_fill_credit "$cur")
ktap_result "$(bits_eq "$d" 4; echo $?)" "$cur.fill_read_credited_4_bits" "one fill read credited $d bits"
sed 's/^/# credit: /' "$CREDIT"
ktap_end

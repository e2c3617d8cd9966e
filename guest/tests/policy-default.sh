#!/bin/sh
# The project's kernel with no extra parameters: its CONFIG_CMDLINE (on
# arm64 the boot loader's line, which leads with the same words) sets the
# policy: the CPU's RNG and the bootloader's seed mixed, not credited;
# every hwrng capped at 8/1024; tpm-rdrand the one rng the core reads
# (rng_core.current_rng). tpm-rdrand registers at its own 8 and is
# current; the fill thread credits its TPM-served reads at 8/1024; when
# the CRNG becomes ready random.c says what made it so, in dmesg and in
# debugfs, naming the rng among the sources.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
POLICY='random.trust_cpu=off random.trust_bootloader=off rng_core.default_quality=8 rng_core.current_rng=tpm-rdrand'
ktap_begin
read -r cmdline </proc/cmdline
ktap_result "$(case "$cmdline" in "$POLICY "*) echo 0 ;; *) echo 1 ;; esac)" cmdline_starts_with_policy \
	"$cmdline"
# nothing after it overrides a policy word
n=$(echo "$cmdline" | tr ' ' '\n' | grep -cE '^(random\.trust_(cpu|bootloader)|rng_core\.(default_quality|current_rng))=')
ktap_result "$([ "$n" -eq 4 ]; echo $?)" policy_words_once "$n policy words"
ktap_check cpu_rng_present test -n "$(cpu_rng)"
ktap_check default_quality_8 test "$(cat "$RNG_CORE/default_quality")" = 8
ktap_check current_rng_param test "$(cat "$RNG_CORE/current_rng")" = tpm-rdrand
ktap_check init_line dmesg_has "tpm-rdrand-rng: TPM-served reads credited at 8/1024, nothing without a TPM"
ktap_check no_cpu_rng_line sh -c '! dmesg | grep -q "tpm-rdrand-rng: no usable CPU RNG"'
ktap_check tpm_rdrand_registered hwrng_has tpm-rdrand
cur=$(hwrng_current)
ktap_diag "rng_current: $cur; rng_available: $(cat "$HWRNG_SYS/rng_available")"
ktap_result "$([ "$cur" = tpm-rdrand ]; echo $?)" current_is_tpm_rdrand "rng_current=$cur"
ktap_result "$([ "$(cat "$HWRNG_SYS/rng_selected")" = 0 ]; echo $?)" current_not_by_a_write \
	"rng_selected=$(cat "$HWRNG_SYS/rng_selected")"
q=$(cat "$HWRNG_SYS/rng_quality")
ktap_result "$([ "$q" = 8 ]; echo $?)" quality_8 "rng_quality=$q"
# The driver's sources come up: the TPM's through its startup test. Only
# the fill thread reads the driver until the CRNG is ready.
ktap_check cpu_ok trr_is cpu state ok
ktap_check tpm_ok wait_for 30 trr_is tpm state ok
ktap_check tpm_rdrand_credited wait_for 30 prov_above hwrng:tpm-rdrand 0
for s in cpu tpm; do
	ktap_result "$([ "$(trr_stat $s errors)" = 0 ] && [ "$(trr_stat $s health_failures)" = 0 ]; echo $?)" \
		"$s.no_errors" "$(grep "^$s " "$TRR_DBG/stats")"
done
ktap_first_blocking_read
line=$(dmesg | grep 'random: crng ready at ' | head -n 1)
ktap_result "$([ -n "$line" ]; echo $?)" provenance_line
echo "# ${line#*\] }"
by=$(echo "$line" | sed -n 's/.* by \([^;]*\);.*/\1/p')
ktap_result "$(case "$by" in irq | timer | jitter | hwrng:tpm-rdrand) echo 0 ;; *) echo 1 ;; esac)" \
	ready_by_timing_or_the_driver "ready by '$by'"
ktap_check line_cpu_zero test "$(prov_bits cpu)" = 0.000
ktap_check line_bootloader_zero test "$(prov_bits bootloader)" = 0.000
# The line names the rng the core read, with what debugfs says it was
# accepted: the TPM's reads, at 4 bits each, count before ready.
lb=$(prov_bits hwrng:tpm-rdrand) fb=$(prov_file hwrng:tpm-rdrand 2)
ktap_result "$([ -n "$lb" ] && bits_eq "$lb" "$fb" && bits_le 4 "$lb"; echo $?)" line_names_tpm_rdrand \
	"line: hwrng:tpm-rdrand ${lb:-absent}; debugfs accepted ${fb:-absent}"
ready=$(sed -n 's/^ready \([0-9.]*\) .*/\1/p' "$CREDIT")
ktap_result "$([ -n "$ready" ] && echo "$line" | grep -q "crng ready at $ready s by $by;"; echo $?)" \
	debugfs_matches_line "debugfs ready ${ready:-absent}"
prov_policy_checks provenance
trr_credit_share tpm_rdrand_credit_within_share
# One fill read, the CRNG ready: 64 TPM bytes at 8/1024 are 4 bits,
# counted late.
trr_fill_check fill_read_credited_4_bits 64 64 4
sed 's/^/# credit: /' "$CREDIT"
ktap_end

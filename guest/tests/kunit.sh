#!/bin/sh
# KUnit suites ran before init; their KTAP is on the console, judged by the
# runner (tests/judge-run.sh: every listed suite ran, no case failed).
# Here, from the kernel log: the top-level block has as many results as its
# plan (at least one), none failed or skipped, every suite named by
# kunit_expect= on the command line (which must be there) passed, and no
# case failed. The suites test on state of their own: they left no
# provenance slot of the running system taken (random.c's table names only
# the one rng the system registered, tpm-rdrand) and registered no live
# rng.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check kunit_suites_logged dmesg_has 'KTAP version 1'
ktap_diag "suites: $(dmesg | sed -n 's/^\[[^]]*\]     # Subtest: //p' | tr '\n' ' ')"
# The top level is unindented: "1..N", then "ok K SUITE" per suite.
top=$(dmesg | sed 's/^\[[^]]*\] //' | grep -E '^(1\.\.[0-9]+$|(not )?ok [0-9]+ )')
plan=$(echo "$top" | sed -n 's/^1\.\.//p' | head -n 1)
n=$(echo "$top" | grep -cE '^(not )?ok ')
ktap_result "$([ "${plan:-0}" -ge 1 ] && [ "$n" -eq "$plan" ]; echo $?)" top_level_plan_met \
	"plan 1..${plan:-none}, $n suite results"
bad=$(echo "$top" | grep -E '^not ok |# SKIP' | tr '\n' ';')
ktap_result "$([ -z "$bad" ]; echo $?)" no_suite_failed_or_skipped "$bad"
# Present, if empty: a boot that requires no suite says so.
expect=$(cmdline_last kunit_expect)
ktap_result "$([ -n "$expect" ]; echo $?)" suites_expected "kunit_expect= missing"
expect=${expect#kunit_expect=}
for s in $(echo "$expect" | tr , ' '); do
	ktap_check "$s.passed" kunit_case_ok "$s"
done
ktap_check no_case_failed sh -c "! dmesg | grep -qE '^\[[^]]*\] +not ok '"
named=$(awk 'NR > 1 && $1 ~ /:/ { print $1 }' "$CREDIT" | tr '\n' ' ')
ktap_result "$([ "$named" = "hwrng:tpm-rdrand " ]; echo $?)" no_provenance_slot_taken "named sources: $named"
avail=$(cat "$HWRNG_SYS/rng_available")
ktap_result "$([ "$avail" = "tpm-rdrand none" ]; echo $?)" no_live_rng_registered "rng_available: $avail"
ktap_end

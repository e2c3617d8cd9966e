#!/bin/sh
# make bisect-check's KUnit boot (tests/bisect/prefix-boot.conf): the host
# judges every case from the console (tests/judge-run.sh with KUNIT=1);
# here, from the kernel log, that the suites' top-level block is whole (as
# many results as its plan, at least one) and none failed or was skipped.
# Nothing about the running system: a prefix has only some of the series.
# shellcheck source=../../../guest/lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_diag "suites: $(dmesg | sed -n 's/^\[[^]]*\]     # Subtest: //p' | tr '\n' ' ')"
# The top level is unindented: "1..N", then "ok K SUITE" per suite.
top=$(dmesg | sed 's/^\[[^]]*\] //' | grep -E '^(1\.\.[0-9]+$|(not )?ok [0-9]+ )')
plan=$(echo "$top" | sed -n 's/^1\.\.//p' | head -n 1)
n=$(echo "$top" | grep -cE '^(not )?ok ')
ktap_result "$([ "${plan:-0}" -ge 1 ] && [ "$n" -eq "$plan" ]; echo $?)" kunit.top_level_plan_met \
	"plan 1..${plan:-none}, $n suite results"
bad=$(echo "$top" | grep -E '^not ok |# SKIP' | tr '\n' ';')
ktap_result "$([ -z "$bad" ]; echo $?)" kunit.no_suite_failed_or_skipped "$bad"
ktap_end

#!/bin/sh
# KUnit suites ran before init; their KTAP is on the console, judged by the
# runner (tests/judge-run.sh: every listed suite ran, no case failed).
# Here: the kernel logged the run, and its log agrees that no case failed.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check kunit_suites_logged dmesg_has 'KTAP version 1'
ktap_diag "suites: $(dmesg | sed -n 's/^\[[^]]*\]     # Subtest: //p' | tr '\n' ' ')"
ktap_check no_case_failed sh -c "! dmesg | grep -qE '^\[[^]]*\] +not ok '"
ktap_end

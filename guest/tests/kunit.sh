#!/bin/sh
# KUnit suites ran before init; their KTAP is on the console. Here only
# check that the kernel logged the run.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check kunit_suites_logged dmesg_has 'KTAP version 1'
ktap_end

#!/bin/sh
# Accelerator probe: reaching this script at all is the test.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_result 0 booted
ktap_end

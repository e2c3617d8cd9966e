# shellcheck shell=sh
# KTAP output helpers for in-guest test scripts (sourced, busybox sh).
KTAP_N=0

ktap_begin() {
	echo "KTAP version 1"
}

# ktap_result STATUS NAME [DIAG]: STATUS is 0 for pass, anything else fails.
# With ktap_stop_on_fail on the kernel command line (make mutate's boots:
# one failed check is a catch) the script ends at its first failure, with
# the plan of what it printed and status 1.
ktap_result() {
	KTAP_N=$((KTAP_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $KTAP_N $2"
	else
		[ -n "${3:-}" ] && echo "# $2: $3"
		echo "not ok $KTAP_N $2"
		if grep -qw ktap_stop_on_fail /proc/cmdline; then
			ktap_end
			exit 1
		fi
	fi
}

# ktap_check NAME COMMAND...: pass if COMMAND exits 0.
ktap_check() {
	_name=$1
	shift
	if "$@"; then
		ktap_result 0 "$_name"
	else
		ktap_result 1 "$_name" "failed: $*"
	fi
}

ktap_skip() {
	KTAP_N=$((KTAP_N + 1))
	echo "ok $KTAP_N $1 # SKIP ${2:-}"
}

ktap_diag() {
	echo "# $*"
}

ktap_end() {
	echo "1..$KTAP_N"
}

# dmesg_has PATTERN: the kernel log has a line matching the ERE PATTERN.
dmesg_has() {
	dmesg | grep -Eq "$1"
}

# kunit_case_ok NAME: KUnit's "ok N NAME" for the case or suite NAME is in
# the kernel log: not "not ok", not skipped.
kunit_case_ok() {
	dmesg | grep -Eq "^\[[^]]*\] +ok [0-9]+ $1\$"
}

# dmesg_time PATTERN: timestamp in seconds of the first matching line.
dmesg_time() {
	dmesg | grep -E "$1" | head -n 1 | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p'
}

# ktap_first_blocking_read: read /dev/random (blocks until the CRNG is
# ready), report blocking_read_returns and crng_init_done, and set
# READ_AT (uptime when the read started) and CRNG_AT (dmesg time of
# "crng init done").
# shellcheck disable=SC2034 # READ_AT and CRNG_AT are for the caller
ktap_first_blocking_read() {
	READ_AT=$(cut -d' ' -f1 /proc/uptime)
	_n=$(dd if=/dev/random bs=16 count=1 2>/dev/null | wc -c)
	ktap_result "$([ "$_n" -eq 16 ]; echo $?)" blocking_read_returns "read $_n bytes"
	ktap_check crng_init_done dmesg_has 'random: crng init done'
	CRNG_AT=$(dmesg_time 'crng init done')
}

# cpu_rng: the CPU's RNG instructions /proc/cpuinfo lists, one per line:
# rdrand and rdseed on x86, rng (FEAT_RNG: RNDR and RNDRRS) on arm64.
cpu_rng() {
	grep -owE 'rdrand|rdseed|rng' /proc/cpuinfo | sort -u
}

# cmdline_last NAME: the last NAME=VALUE word of the kernel command line
# (the one in force: the kernel's CONFIG_CMDLINE comes first), empty if
# there is none.
cmdline_last() {
	tr ' ' '\n' </proc/cmdline | grep "^$1=" | tail -n 1
}

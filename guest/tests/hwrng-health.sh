#!/bin/sh
# Forced failures of each kind (repetition count, adaptive proportion,
# all-ones output, read error, a replayed 64-byte block, a repeated 64-bit
# word, all-zero output, zeros in every other byte) on each source through
# the test-only debugfs knob: the source stops being used and credited,
# its counter and the log show it, the other source keeps /dev/hwrng
# going, and the source comes back once the fault is gone. Then the
# documented limitation: a deterministic generator (prandom from a fixed
# seed) passes every test and stays credited.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh

# trr_log_room SOURCE: wait until fewer than 5 of SOURCE's failure lines
# (the driver's ratelimit: 5 per 60 s) are younger than 62 s, so that
# the next one is logged. "Now" is a mark written to the kernel log, on
# the clock of its timestamps.
trr_log_room() {
	while :; do
		echo "hwrng-health: mark" >/dev/kmsg
		_now=$(dmesg_time_last 'hwrng-health: mark')
		_n=$(dmesg | grep -E "tpm-rdrand-rng: $1: (health test failed|read error)" |
			sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p' |
			awk -v now="$_now" '$1 > now - 62' | wc -l)
		[ "$_n" -lt 5 ] && return 0
		sleep 1
	done
}

# dmesg_time_last PATTERN: timestamp in seconds of the last matching line.
dmesg_time_last() {
	dmesg | grep -E "$1" | tail -n 1 | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p'
}

ktap_begin
echo 100 >"$TRR_PAR/retry_ms"	# the least it takes: recovery comes sooner
echo 100 >"$TRR_PAR/feed_interval_ms"
echo 8 >"$TRR_PAR/rdrand_quality"	# so that RDRAND's credit can stop too
for src in tpm rdrand; do
	for kind in rct apt stuck error repeat word zero zeros; do
		t=$src.$kind
		case $kind in
		error) key=errors msg="$src: read error" ;;
		zero | zeros) key=health_zero msg="$src: health test failed \\(zero\\)" ;;
		*) key=health_$kind msg="$src: health test failed \\($kind\\)" ;;
		esac
		trr_wait_eq "$src" state ok 10 || ktap_diag "$t: $src not ok before"
		trr_log_room "$src"
		n0=$(trr_stat "$src" "$key")
		l0=$(dmesg | grep -cE "tpm-rdrand-rng: $msg")
		echo "$kind" >"$TRR_DBG/$src/inject"
		ktap_check "$t.detected" trr_wait_gt "$src" "$key" "$n0" 5
		ktap_check "$t.state_failed" test "$(trr_stat "$src" state)" = failed
		c0=$(trr_stat "$src" claimed_frac) b0=$(trr_stat "$src" bytes_mixed)
		n=$(dd if=/dev/hwrng bs=64 count=8 2>/dev/null | wc -c)
		sleep 0.5	# five feed intervals
		c1=$(trr_stat "$src" claimed_frac) b1=$(trr_stat "$src" bytes_mixed)
		ktap_result "$([ "$c0" = "$c1" ] && [ "$b0" = "$b1" ]; echo $?)" \
			"$t.credit_and_use_stopped" "credited $c0 -> $c1, mixed $b0 -> $b1"
		ktap_result "$([ "$n" -eq 512 ]; echo $?)" "$t.hwrng_served_by_other" "read $n bytes"
		l1=$(dmesg | grep -cE "tpm-rdrand-rng: $msg")
		ktap_result "$([ "$l1" -eq $((l0 + 1)) ]; echo $?)" "$t.logged_once" "$l0 -> $l1 lines"
		ktap_diag "$t: $(trr_stat "$src" "$key") $key, last_failure $(trr_stat "$src" last_failure)"
		echo none >"$TRR_DBG/$src/inject"
		ktap_check "$t.recovered" trr_wait_eq "$src" state ok 15
		ktap_check "$t.credit_resumes" trr_wait_gt "$src" claimed_frac "$c1" 5
	done

	# Not detected, as documented: 3 s of prandom from seed 42.
	t=$src.drbg
	trr_wait_eq "$src" state ok 10 || ktap_diag "$t: $src not ok before"
	c0=$(trr_stat "$src" claimed_frac) f0=$(trr_stat "$src" last_failure)
	echo drbg >"$TRR_DBG/$src/inject"
	bad=0 i=0
	while [ "$i" -lt 30 ]; do
		[ "$(trr_stat "$src" state)" = ok ] || bad=$((bad + 1))
		sleep 0.1
		i=$((i + 1))
	done
	c1=$(trr_stat "$src" claimed_frac) f1=$(trr_stat "$src" last_failure)
	echo none >"$TRR_DBG/$src/inject"
	ktap_result "$([ "$bad" -eq 0 ] && [ "$c1" -gt "$c0" ] && [ "$f0" = "$f1" ]; echo $?)" \
		"$t.undetected_as_documented" \
		"$bad samples not ok, credited $c0 -> $c1, last_failure $f0 -> $f1"
	ktap_diag "$t: state ok for 3 s, credited $c0 -> $c1: a deterministic generator passes"
done
dmesg | grep 'tpm-rdrand-rng' | tail -n 20 | sed 's/^/# /'
ktap_end

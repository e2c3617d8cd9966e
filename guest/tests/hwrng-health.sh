#!/bin/sh
# Forced failures of each kind (repetition count, adaptive proportion,
# all-ones output, read error) on each source through the test-only
# debugfs knob: the source stops being used and credited, its counter and
# the log show it, the other source keeps /dev/hwrng going, and the
# source comes back once the fault is gone.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
echo 100 >"$TRR_PAR/retry_ms"	# the least it takes: recovery comes sooner
echo 100 >"$TRR_PAR/feed_interval_ms"
echo 8 >"$TRR_PAR/rdrand_quality"	# so that RDRAND's credit can stop too
for src in tpm rdrand; do
	for kind in rct apt stuck error; do
		t=$src.$kind
		case $kind in
		error) key=errors msg="$src: read error" ;;
		*) key=health_$kind msg="$src: health test failed \\($kind\\)" ;;
		esac
		trr_wait_eq "$src" state ok 10 || ktap_diag "$t: $src not ok before"
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
done
dmesg | grep 'tpm-rdrand-rng' | tail -n 20 | sed 's/^/# /'
ktap_end

#!/bin/bash
# jitter-times.sh OUT.tsv: the jitter-only scenario's own measure, seconds
# from the first blocking read of /dev/random to "crng init done" (no TPM,
# no RDRAND, trust_cpu=off), for vanilla, the 3/4-rule series and the
# series, REPS boots each (default 5), interleaved.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-jitter

printf 'kernel\trep\tread_at_s\tcrng_init_done_s\tafter_read_s\n' >"$out"
for rep in $(seq "$reps"); do
	for kernel in vanilla series34 series; do
		case $kernel in
		vanilla) img=$top/build/vanilla/arch/x86/boot/bzImage ;;
		series34) img=$top/build/series34/arch/x86/boot/bzImage ;;
		series) img=$top/build/obj-bench/arch/x86/boot/bzImage ;;
		esac
		KERNEL_IMAGE=$img SCENARIO=jitter-only TPM=none CPU_FLAGS=-rdrand,-rdseed \
			TIMEOUT=120 CMDLINE="random.trust_cpu=off" \
			"$top/tests/boot-guest.sh" "$run" >/dev/null || true
		line=$(tr -d '\r' <"$run/results.log" | grep 'first blocking read at' || true)
		read_at=$(echo "$line" | sed -n 's/.*first blocking read at \([0-9.]*\) s.*/\1/p')
		done_at=$(echo "$line" | sed -n 's/.*crng init done at \([0-9.]*\) s.*/\1/p')
		after=$(awk -v a="${read_at:-}" -v b="${done_at:-}" \
			'BEGIN { if (a == "" || b == "") print "NA"; else printf "%.3f", b - a }')
		printf '%s\t%s\t%s\t%s\t%s\n' "$kernel" "$rep" "${read_at:-NA}" \
			"${done_at:-NA}" "$after" >>"$out"
	done
done

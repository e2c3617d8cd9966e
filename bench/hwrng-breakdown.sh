#!/bin/bash
# hwrng-breakdown.sh OUTDIR: where a 4 KiB read() of /dev/hwrng spends its
# time with RDRAND alone (rng_core.read_timing on the bench kernel), beside
# the userspace RDRAND loop of the same boot. Writes breakdown.tsv and
# breakdown.md.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib.sh
. "$top/bench/lib.sh"
out=$1
run=$top/build/runs/bench-breakdown

printf 'step\trep\tns\n' >"$out/breakdown.tsv"
bench_boot "$run" "$top/build/obj-bench/arch/x86/boot/bzImage" bench-breakdown none "" |
	sed -n 's/^# bench breakdown \([^ ]*\) \([0-9]*\) \([0-9]*\)$/\1\t\2\t\3/p' \
		>>"$out/breakdown.tsv"
if [ "$(wc -l <"$out/breakdown.tsv")" -le 1 ]; then
	echo "hwrng-breakdown: no timing lines (see $run/results.log)" >&2
	exit 1
fi

# Median [min-max] in microseconds per step; "rest" is the call less the
# steps timed inside it (rng reference, loop).
tail -n +2 "$out/breakdown.tsv" | awk -F'\t' '
{ v[$2, $1] = $3; reps[$2] = 1 }
END {
	for (r in reps) {
		for (k in v) {
			split(k, p, SUBSEP)
			if (p[1] == r)
				print p[2], v[k] / 1000
		}
		rest = v[r, "call"] - v[r, "pin"] - v[r, "reading_mutex"]
		rest -= v[r, "rng_read"] + v[r, "copy_to_user"] + v[r, "unpin"]
		print "rest", rest / 1000
	}
}' | sort -s -k1,1 | awk -f "$top/bench/stats.awk" >"$out/.breakdown-stats"
{
	echo "With rng_core.read_timing=1 on the bench kernel, RDRAND alone, 4 KiB"
	echo "read() calls (one timing line per 4 MiB read); the stream and the"
	echo "userspace loop as us per 4 KiB, the stream's with the timing on."
	echo
	echo "| step | us per 4 KiB read() | n |"
	echo "|---|---|---|"
	awk '
	function row(k, label) {
		if (k in med)
			printf "| %s | %.1f [%.1f–%.1f] | %d |\n", label, med[k], lo[k], hi[k], n[k]
	}
	{ med[$1] = $2; lo[$1] = $3; hi[$1] = $4; n[$1] = $5 }
	END {
		row("rng_read", "the driver: RDRAND on the stack, its tests, stores to the pages (rng_read)")
		row("pin", "pin_user_pages_fast() of the pages read into")
		row("unpin", "unpinning them, dirtying those written")
		row("copy_to_user", "copy_to_user() (only reads that fall back to rng_buffer)")
		row("reading_mutex", "reading_mutex")
		row("rest", "the rest of the call (rng reference, loop)")
		row("call", "the whole read() call")
		row("stream_per_4k", "/dev/hwrng stream, timing on")
		row("rdrand_loop_per_4k", "userspace RDRAND loop, same boot")
	}' "$out/.breakdown-stats"
} >"$out/breakdown.md"
rm -f "$out/.breakdown-stats"
echo "hwrng-breakdown: $out/breakdown.md"

#!/bin/bash
# grb-rates.sh OUTDIR: get_random_bytes() throughput through the CRNG and
# through the arch RNG (hw_random_bytes=1), both measured in the same boot
# by the KUnit random_bytes_bench suite (it flips the path between runs);
# REPS boots. Writes grb.tsv and grb.md.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-grb

printf 'rep\tbytes\tcrng_KBps\thw_KBps\tratio\n' >"$out/grb.tsv"
for rep in $(seq "$reps"); do
	KERNEL=bench SCENARIO=kunit TPM=none TIMEOUT=180 \
		CMDLINE="hw_random_bytes=1 kunit.enable=1 kunit.filter_glob=random_bytes_bench" \
		"$top/tests/boot-guest.sh" "$run" >/dev/null || true
	tr -d '\r' <"$run/console.log" |
		sed -n 's/.*bench *\([0-9]*\) B: crng *\([0-9]*\) KB\/s.*| hw *\([0-9]*\) KB\/s.*| hw\/crng \([0-9.]*\).*/\1\t\2\t\3\t\4/p' |
		sed "s/^/$rep\t/" >>"$out/grb.tsv"
done
{
	echo "In-kernel KUnit \`random_bytes_bench\` (CONFIG_RANDOM_KUNIT_BENCH, test builds"
	echo "only), best of 3 × 100 ms per path and size; both paths in each boot."
	echo
	echo "| request | CRNG, KB/s | arch RNG (hw_random_bytes=1), KB/s | ratio arch/CRNG | n |"
	echo "|---|---|---|---|---|"
	tail -n +2 "$out/grb.tsv" | awk '{ print $2, $3 }' | awk -f "$top/bench/stats.awk" >"$out/.c"
	tail -n +2 "$out/grb.tsv" | awk '{ print $2, $4 }' | awk -f "$top/bench/stats.awk" >"$out/.h"
	tail -n +2 "$out/grb.tsv" | awk '{ print $2, $5 }' | awk -f "$top/bench/stats.awk" >"$out/.r"
	join "$out/.c" "$out/.h" | join - "$out/.r" |
		awk '{ printf "| %s B | %.0f [%.0f–%.0f] | %.0f [%.0f–%.0f] | %.2f [%.2f–%.2f] | %d |\n",
			$1, $2, $3, $4, $6, $7, $8, $10, $11, $12, $5 }' | sort -t' ' -k2n
	rm -f "$out/.c" "$out/.h" "$out/.r"
} >"$out/grb.md"

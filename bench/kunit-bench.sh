#!/bin/bash
# kunit-bench.sh OUTDIR: boot the KUnit benchmarks REPS times (default 5)
# and collect credit.tsv (ns per credit, overwrite and linear rule, with the
# loop turns) and curve.tsv (estimate against one-bit credits, last boot).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-kunit

printf 'rep\tbits\toverwrite_ns\tlinear_ns\tmax_turns\n' >"$out/credit.tsv"
for rep in $(seq "$reps"); do
	KERNEL=bench SCENARIO=kunit TPM=none TIMEOUT=180 CMDLINE="kunit.enable=1 kunit.filter_glob=random_bench" \
		"$top/tests/boot-guest.sh" "$run" >/dev/null || true
	sed -n 's/.*bench credit bits=\([0-9]*\) overwrite_ns=\([0-9.]*\) linear_ns=\([0-9.]*\) max_turns=\([0-9]*\).*/\1\t\2\t\3\t\4/p' \
		"$run/console.log" | sed "s/^/$rep\t/" >>"$out/credit.tsv"
done
# Units are 1/8 bit; the exact rule P(1 - exp(-n/P)) with P = 512 bits is
# computed here for the same n.
printf 'credited_bits\tlinear_bits\texact_bits\tseries_bits\tseries_capped_bits\n' >"$out/curve.tsv"
tr -d '\r' <"$run/console.log" |
	sed -n 's/.*# random_bench_curve: curve \([0-9]*\) \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3 \4/p' |
	awk '{ printf "%d\t%.3f\t%.3f\t%.3f\t%.3f\n", $1, $2 / 8,
		512 * (1 - exp(-$1 / 512)), $3 / 8, $4 / 8 }' >>"$out/curve.tsv"

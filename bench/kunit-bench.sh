#!/bin/bash
# kunit-bench.sh OUTDIR: boot the KUnit benchmarks REPS times (default 5)
# on the series and on the series with 0004's 3/4 rule (series34), and
# collect credit.tsv (ns per credit, overwrite and linear rule, with the
# loop turns; kernel = series or series34) and curve.tsv (estimate against
# one-bit credits, last boot of each).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-kunit

printf 'kernel\trep\tbits\toverwrite_ns\tlinear_ns\tmax_turns\n' >"$out/credit.tsv"
for rep in $(seq "$reps"); do
	for kernel in series series34; do
		img=$top/build/obj-bench/arch/x86/boot/bzImage
		[ "$kernel" = series34 ] && img=$top/build/series34/arch/x86/boot/bzImage
		KERNEL_IMAGE=$img SCENARIO=kunit TPM=none TIMEOUT=180 \
			CMDLINE="kunit.enable=1 kunit.filter_glob=random_bench" \
			"$top/tests/boot-guest.sh" "$run-$kernel" >/dev/null || true
		sed -n 's/.*bench credit bits=\([0-9]*\) overwrite_ns=\([0-9.]*\) linear_ns=\([0-9.]*\) max_turns=\([0-9]*\).*/\1\t\2\t\3\t\4/p' \
			"$run-$kernel/console.log" | sed "s/^/$kernel\t$rep\t/" >>"$out/credit.tsv"
	done
done
# curve KERNEL: "n linear model capped" in bits, from the unit the kernel
# names in its "curve n ... (1/N bit)" header line.
curve() {
	tr -d '\r' <"$run-$1/console.log" | awk '
		/# random_bench_curve: curve n / { match($0, /\(1\/[0-9]+ bit\)/)
			u = substr($0, RSTART + 3, RLENGTH - 8) + 0; next }
		/# random_bench_curve: curve [0-9]/ { n = NF
			printf "%d %.4f %.4f %.4f\n", $(n - 3), $(n - 2) / u, $(n - 1) / u, $n / u }'
}
# The exact rule P(1 - exp(-n/P)) with P = 512 bits is computed here for
# the same n; the 3/4 rule's model and kept estimate come from series34.
printf 'credited_bits\tlinear_bits\texact_bits\tseries34_bits\tseries34_capped_bits\tseries_bits\tseries_capped_bits\n' >"$out/curve.tsv"
join <(curve series34 | sort -k1,1) <(curve series | sort -k1,1) | sort -n |
	awk '{ printf "%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n", $1, $2,
		512 * (1 - exp(-$1 / 512)), $3, $4, $6, $7 }' >>"$out/curve.tsv"

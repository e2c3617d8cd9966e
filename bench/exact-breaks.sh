#!/bin/bash
# exact-breaks.sh: show that KUnit random_exact_credit fails on the 3/4 rule,
# on rounding up and on a wrong P. Each bench/results/breaks/NAME.diff is
# applied to build/linux, the bench kernel is built and booted with only that
# suite, and the console goes to bench/results/breaks/NAME.log; the tree is
# restored afterwards (and the bench kernel rebuilt from it).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
dir=$top/bench/results/breaks
run=$top/build/runs/bench-breaks

restore() {
	git -C "$tree" checkout -q -- drivers/char/random.c
}
trap restore EXIT

for d in "$dir"/*.diff; do
	name=$(basename "$d" .diff)
	restore
	git -C "$tree" apply "$d"
	# The stamp covers patches/, not the tree: force kbuild to look.
	rm -f "$top/build/kernel-bench.stamp"
	"$top/scripts/build-kernel.sh" bench >/dev/null
	KERNEL=bench SCENARIO=kunit TPM=none TIMEOUT=180 \
		CMDLINE="kunit.enable=1 kunit.filter_glob=random_exact_credit" \
		"$top/tests/boot-guest.sh" "$run" >/dev/null || true
	tr -d '\r' <"$run/console.log" >"$dir/$name.log"
	echo "$name: $(grep -c 'EXPECTATION FAILED' "$dir/$name.log") failed expectations;" \
		"$(grep -E '^\[[ 0-9.]+\] +(not )?ok [0-9]+ ' "$dir/$name.log" | sed 's/^\[[^]]*\] *//' | tr '\n' ';')"
done
restore
rm -f "$top/build/kernel-bench.stamp"
"$top/scripts/build-kernel.sh" bench >/dev/null

#!/bin/bash
# hwrng-ab.sh OUTDIR IMAGE_A IMAGE_B [PAIRS]: RDRAND-only /dev/hwrng
# against the userspace RDRAND loop on two kernels booted alternately
# (A, B, A, B, ... PAIRS pairs, default 2; REPS rounds per boot), so that
# a change is measured beside what it changed on the same host at the
# same time. Writes ab.tsv (image, boot, label, rep, rate) and ab.md
# (per boot: the medians and their ratio).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib.sh
. "$top/bench/lib.sh"
out=$1 a=$2 b=$3 pairs=${4:-2}
run=$top/build/runs/bench-hwrng-ab

printf 'image\tboot\tlabel\trep\trate_Bps\n' >"$out/ab.tsv"
for i in $(seq "$pairs"); do
	for img in A B; do
		path=$a
		[ "$img" = B ] && path=$b
		bench_boot "$run" "$path" bench-hwrng none "" |
			sed -n "s/^# bench hwrng \([^ ]*\) \([0-9]*\) \([0-9]*\)$/$img\t$i\t\1\t\2\t\3/p" \
				>>"$out/ab.tsv"
	done
done
{
	echo "A = $a"
	echo "B = $b"
	echo
	echo "| image | boot | /dev/hwrng B/s | RDRAND loop B/s | ratio |"
	echo "|---|---|---|---|---|"
	tail -n +2 "$out/ab.tsv" | sort -t "$(printf '\t')" -k1,1 -k2,2n -k5,5n | awk -F'\t' '
	{ k = $1 "\t" $2; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
	  if ($3 ~ /^hwrng:/) h[k, ++nh[k]] = $5; else r[k, ++nr[k]] = $5 }
	function med(a, k, n) { return n % 2 ? a[k, (n + 1) / 2] : (a[k, n / 2] + a[k, n / 2 + 1]) / 2 }
	END {
		for (i = 1; i <= nk; i++) {
			k = keys[i]; split(k, f, "\t")
			if (!nh[k] || !nr[k]) { printf "| %s | %s | – | – | no data |\n", f[1], f[2]; continue }
			mh = med(h, k, nh[k]); mr = med(r, k, nr[k])
			printf "| %s | %s | %d | %d | %.3f |\n", f[1], f[2], mh, mr, mh / mr
		}
	}'
} >"$out/ab.md"
echo "hwrng-ab: $out/ab.md"

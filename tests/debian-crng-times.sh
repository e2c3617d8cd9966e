#!/bin/bash
# debian-crng-times.sh [N]: the README's default-boot figures. Boots the
# Debian disks as installed N times (default 3) each: the series kernel
# with the policy package (debian-default), Debian's own kernel as shipped
# (debian-vanilla: the CPU's RNG trusted) and Debian's kernel with the
# policy package (vanilla-policy: the same command line, so what the
# series' accounting and driver change beyond the knobs themselves), in
# turn and one at a time (a second guest would slow the first). Prints each boot's time to "crng init done" and
# systemd's startup time, then the medians and their ratios to vanilla's.
# Makes the disks it lacks (scripts/pack-rootfs.sh).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-3}
out=$top/build/runs/crng-times
rm -rf "$out"
mkdir -p "$out"
for i in $(seq "$n"); do
	for c in series:series-policy:debian-default vanilla:vanilla:debian-vanilla \
		vanilla-policy:vanilla-policy:debian-vanilla; do
		IFS=: read -r label disk script <<<"$c"
		SCENARIO=$script DISK=$disk TPM=tis TIMEOUT=600 \
			"$top/tests/boot-guest.sh" "$out/$label-$i" >/dev/null || true
		done_at=$(sed -n 's/^# crng init done at \([0-9.]*\) s.*/\1/p' "$out/$label-$i/results.log")
		startup=$(sed -n 's/.*Startup finished in .* = \([0-9.]*\)s.*/\1/p' "$out/$label-$i/results.log")
		echo "$label boot $i: crng init done at ${done_at:-?} s, startup finished ${startup:-?} s"
		echo "$label ${done_at:-nan} ${startup:-nan}" >>"$out/times"
	done
done
awk '
	{ t[$1] = t[$1] " " $2; u[$1] = u[$1] " " $3 }
	function median(list,    a, k, i, j, x) {
		k = split(list, a, " ")
		for (i = 2; i <= k; i++)
			for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	END {
		v = median(t["vanilla"]); vu = median(u["vanilla"])
		for (l in t)
			printf "median %s: crng init done %.2f s (%.1f x vanilla), startup finished %.2f s (%.2f x vanilla)\n",
				l, median(t[l]), median(t[l]) / v, median(u[l]), median(u[l]) / vu
	}' "$out/times" | sort

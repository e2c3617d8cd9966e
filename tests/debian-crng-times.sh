#!/bin/bash
# debian-crng-times.sh [N]: the README's default-boot figures. Boots the
# Debian disk as installed N times (default 3) on the series kernel
# (debian-default) and on vanilla 6.12 (debian-vanilla), alternately and one
# at a time (a second guest would slow the first), and prints each boot's
# time to "crng init done" and systemd's startup time, the medians, and
# the ratio series / vanilla. Needs the distro kernels and the disk built.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-3}
out=$top/build/runs/crng-times
rm -rf "$out"
for i in $(seq "$n"); do
	for s in debian-default:distro debian-vanilla:distro-vanilla; do
		name=${s%%:*} kernel=${s#*:}
		SCENARIO=$name KERNEL=$kernel ROOTFS=debian TPM=tis TIMEOUT=300 \
			"$top/tests/boot-guest.sh" "$out/$name-$i" >/dev/null || true
		done_at=$(sed -n 's/^# crng init done at \([0-9.]*\) s.*/\1/p' "$out/$name-$i/results.log")
		startup=$(sed -n 's/.*Startup finished in .* = \([0-9.]*\)s.*/\1/p' "$out/$name-$i/results.log")
		echo "$name $kernel boot $i: crng init done at ${done_at:-?} s, startup finished ${startup:-?} s"
		echo "$name ${done_at:-nan} ${startup:-nan}" >>"$out/times"
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
		s = median(t["debian-default"]); v = median(t["debian-vanilla"])
		printf "median crng init done: series %.2f s, vanilla %.2f s, ratio %.2f\n", s, v, s / v
		printf "median startup finished: series %.2f s, vanilla %.2f s\n",
			median(u["debian-default"]), median(u["debian-vanilla"])
	}' "$out/times"

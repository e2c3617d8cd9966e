#!/bin/bash
# make-test.sh [[ARCH/]NAME...]: make test, one phase at a time: the
# packages, the kernel tree, each kernel the chosen scenarios boot (and
# only those), the guests' initramfs archives and the Debian disks, then the
# scenarios (tests/run-all.sh). Each phase's wall time goes to
# build/phases.tsv (scripts/phase.sh), printed at the end with the guests'
# time per architecture. PHASES_APPEND=1 (set by .ci/run) adds to the
# table instead of starting a new one.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
mkdir -p build/runs
[ "${PHASES_APPEND:-0}" = 1 ] || rm -f build/phases.tsv
phase() { scripts/phase.sh "$@"; }

# The scenario runs, as run-all.sh names them.
if [ $# -eq 0 ]; then
	for c in tests/scenarios/*.conf; do
		n=$(basename "$c" .conf)
		# shellcheck source=/dev/null
		for a in $(ARCHES=x86_64; . "$c"; echo "$ARCHES"); do
			[ -z "${ARCH:-}" ] || [ "$a" = "$ARCH" ] || continue
			if [ "$a" = x86_64 ]; then set -- "$@" "$n"; else set -- "$@" "$a/$n"; fi
		done
	done
fi

# What each run boots: "ARCH VARIANT DISK", the variant as build-kernel.sh
# names it, the disk as pack-rootfs.sh does ("-": the initramfs).
needs=$(for r in "$@"; do
	a=x86_64 n=$r
	case "$r" in */*) a=${r%%/*} n=${r#*/} ;; esac
	# shellcheck source=/dev/null
	(KERNEL=test DISK=""; . "tests/scenarios/$n.conf"
		v=$KERNEL; [ "$a" = x86_64 ] || v=$a-$KERNEL
		echo "$a $v ${DISK:--}")
done | sort -u)
# Most scenarios boot the first kernels: build those first.
order="test module arm64-test arm64-module m68k-test debian"
kernels=$(for k in $order $(echo "$needs" | cut -d' ' -f2 | sort -u); do
	echo "$needs" | cut -d' ' -f2 | grep -qx "$k" && echo "$k"
done | awk '!seen[$0]++')
arches=$(echo "$needs" | cut -d' ' -f1 | sort -u)

phase deps scripts/install-deps.sh
phase unpack scripts/prepare-tree.sh
for k in $kernels; do
	phase "kernel $k" scripts/build-kernel.sh "$k"
done
# shellcheck disable=SC2086 # a list of architectures
phase initramfs guest/build-initramfs.sh $arches
disks=$(echo "$needs" | awk '$3 != "-" { print $3 }' | sort -u)
# The Debian tree, only if a disk must be made rather than restored.
if [ -n "$disks" ]; then
	# shellcheck disable=SC2086 # a list of disk names
	phase disks scripts/pack-rootfs.sh $disks >/dev/null
fi
rc=0
phase guests tests/run-all.sh "$@" || rc=$?

# The guests' share of that phase per architecture: runs, the sum of their
# boots, and the span from the first start to the last end.
for a in $arches; do
	for r in "$@"; do
		case "$r" in */*) [ "${r%%/*}" = "$a" ] || continue ;; *) [ "$a" = x86_64 ] || continue ;; esac
		cat "build/runs/$r.span" 2>/dev/null || true
	done | awk -v a="$a" '
		NR == 1 || $1 < s { s = $1 } $2 > e { e = $2 } { t += $2 - $1; n++ }
		END { if (n) printf "guests %s\t%d\t%d\t0\t%d runs, %d s of boots\n", a, s, e, n, t }'
done >>build/phases.tsv
scripts/phase-report.sh
exit "$rc"

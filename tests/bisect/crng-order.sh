#!/bin/bash
# crng-order.sh CONSOLE ready|not-ready: judge from a boot's console
# whether random.c printed "crng init done" before the kernel printed "Run
# /init": the CRNG was ready before init. Every kernel prints both lines,
# so this holds for any prefix, with or without the series' provenance
# line. Prints "PASS|FAIL crng.ready_before_init" (ready) or
# "crng.not_ready_before_init" (not-ready), with both lines' times.
set -eu

console=$1 want=$2
case "$want" in
ready) check=crng.ready_before_init ;;
not-ready) check=crng.not_ready_before_init ;;
*)
	echo "crng-order: want ready or not-ready, not '$want'" >&2
	exit 2
	;;
esac
# line_of PATTERN: "LINE TIME" of the first console line with PATTERN.
line_of() {
	grep -n -m1 "$1" "$console" | sed -n 's/^\([0-9]*\):\[ *\([0-9.]*\)\].*/\1 \2/p'
}
read -r done_line done_time <<<"$(line_of 'random: crng init done')" || true
read -r init_line init_time <<<"$(line_of 'Run /init as init process')" || true
why="crng init done at ${done_time:-never}, Run /init at ${init_time:-never}"
if [ -z "${init_line:-}" ]; then
	echo "FAIL $check (init never ran: $why)"
	exit 0
fi
ready=not-ready
[ -n "${done_line:-}" ] && [ "$done_line" -lt "$init_line" ] && ready=ready
if [ "$ready" = "$want" ]; then
	echo "PASS $check ($why)"
else
	echo "FAIL $check ($why)"
fi

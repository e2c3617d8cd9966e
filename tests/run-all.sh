#!/bin/bash
# run-all.sh [[ARCH/]NAME...]: run the runner's self-tests and the named
# scenarios (default: all, each on every architecture of its ARCHES; ARCH
# set in the environment keeps that one), and print the closing
# "N passed, N failed" line. A NAME alone is its x86_64 run. Exit
# status 1 on any failure. JOBS guests run at once (default: the number of
# host CPUs; each guest has 2 vCPUs, which sleep most of the time, so this
# keeps both host CPUs busy without timeouts); the longest scenarios of the
# previous run start first. A scenario with EXCLUSIVE=1 (a bound on guest
# time that a busy host would break) runs alone, after the others.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
runs=$top/build/runs
jobs=${JOBS:-$(nproc)}
if [ $# -eq 0 ]; then
	for c in "$top"/tests/scenarios/*.conf; do
		n=$(basename "$c" .conf)
		# shellcheck source=/dev/null
		for a in $(ARCHES=x86_64; . "$c"; echo "$ARCHES"); do
			[ -z "${ARCH:-}" ] || [ "$a" = "$ARCH" ] || continue
			if [ "$a" = x86_64 ]; then
				set -- "$@" "$n"
			else
				set -- "$@" "$a/$n"
			fi
		done
	done
fi

mkdir -p "$runs/arm64" "$runs/m68k"
rm -f "$runs/selftest.err"
"$top/tests/selftest-judge.sh" >"$runs/selftest.out" 2>&1 || echo error >"$runs/selftest.err"
# Probe each kernel once here, not in parallel from the guests.
for k in "$top"/build/obj-*/arch/x86/boot/bzImage; do
	[ -f "$k" ] || continue
	echo "accelerator for $(basename "${k%/arch/x86/boot/bzImage}"): $(KERNEL_IMAGE=$k "$top/tests/probe-accel.sh") (KVM is probed with a real boot; TCG -cpu max otherwise)"
done
mapfile -t order < <(for s in "$@"; do
	echo "$(cat "$runs/$s.seconds" 2>/dev/null || echo 0) $s"
done | sort -rn | cut -d' ' -f2)
exclusive=()
for s in "${order[@]}"; do
	grep -qx 'EXCLUSIVE=1' "$top/tests/scenarios/${s#*/}.conf" 2>/dev/null && exclusive+=("$s")
done

pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# run_one NAME: one scenario, its output, error mark and duration.
run_one() {
	local start
	rm -f "$runs/$1.err"
	start=$(date +%s)
	"$top/tests/run-scenario.sh" "$1" >"$runs/$1.out" 2>&1 || echo "runner-error" >"$runs/$1.err"
	echo $(( $(date +%s) - start )) >"$runs/$1.seconds"
	echo "$start $(date +%s)" >"$runs/$1.span"
}
for s in "${order[@]}"; do
	[[ " ${exclusive[*]} " == *" $s "* ]] && continue
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n || true
	done
	run_one "$s" &
	pids+=($!)
done
wait
for s in "${exclusive[@]}"; do
	run_one "$s"
done
trap - EXIT

passed=0 failed=0 skipped=0
for s in selftest "$@"; do
	cat "$runs/$s.out"
	if [ -e "$runs/$s.err" ] || [ ! -f "$runs/$s/verdict" ]; then
		echo "not ok $s: runner error"
		failed=$((failed + 1))
		continue
	fi
	read -r p f k <"$runs/$s/verdict"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

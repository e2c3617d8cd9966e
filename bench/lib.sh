# shellcheck shell=bash
# Helpers for the bench/*.sh host scripts (sourced).

bench_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# bench_boot RUNDIR IMAGE SCENARIO TPM CPU_FLAGS: one boot of the guest
# script SCENARIO on the kernel IMAGE with bench_reps=$REPS (default 5),
# and its results log without carriage returns on stdout. A boot that
# fails leaves its lines out; the caller checks what it got.
bench_boot() {
	KERNEL_IMAGE=$2 SCENARIO=$3 TPM=$4 CPU_FLAGS=$5 TIMEOUT=300 \
		CMDLINE="bench_reps=${REPS:-5}" "$bench_top/tests/boot-guest.sh" "$1" >/dev/null || true
	tr -d '\r' <"$1/results.log"
}

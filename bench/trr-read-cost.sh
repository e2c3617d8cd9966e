#!/bin/bash
# trr-read-cost.sh OUTDIR: the driver's read with the CPU serving alone
# against the arch RNG loop it runs and against its health tests alone,
# per 4 KiB, in the kernel (KUnit tpm_rdrand_bench, test/0003), REPS boots
# (default 5) of the bench kernel without a TPM. Writes trr.tsv.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-trr

printf 'boot\trun\tread_ns\tcpu_ns\tloop_ns\thealth_ns\n' >"$out/trr.tsv"
for rep in $(seq "$reps"); do
	KERNEL_IMAGE=$top/build/obj-bench/arch/x86/boot/bzImage SCENARIO=kunit TPM=none \
		TIMEOUT=180 CMDLINE="kunit.enable=1 kunit.filter_glob=tpm_rdrand_bench" \
		"$top/tests/boot-guest.sh" "$run" >/dev/null || true
	tr -d '\r' <"$run/console.log" |
		sed -n 's/.*bench trr run=\([0-9]*\) read_ns=\([0-9]*\) cpu_ns=\([0-9]*\) loop_ns=\([0-9]*\) health_ns=\([0-9]*\).*/\1\t\2\t\3\t\4\t\5/p' |
		sed "s/^/$rep\t/" >>"$out/trr.tsv"
done
# Every boot must have given its five runs.
if [ "$(tail -n +2 "$out/trr.tsv" | wc -l)" -lt $((reps * 5)) ]; then
	echo "trr-read-cost: missing runs, see $run/console.log" >&2
	exit 1
fi

#!/bin/bash
# boot-times.sh OUT.tsv: time from kernel start to "crng init done" and to
# the first getrandom() byte, vanilla 6.12 against the series with 0004's
# 3/4 rule (series34, bench/build-series34.sh) and the series, for every
# combination of trust_cpu, TPM and RDRAND; REPS boots each (default 5),
# interleaved so that machine noise hits both kernels alike.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-boot

printf 'kernel\ttrust_cpu\ttpm\trdrand\trep\tcrng_init_done_s\tfirst_getrandom_s\n' >"$out"
for rep in $(seq "$reps"); do
	for trust in on off; do
		for tpm in tis none; do
			for rdrand in on off; do
				flags=""
				[ "$rdrand" = off ] && flags="-rdrand,-rdseed"
				for kernel in vanilla series34 series; do
					case $kernel in
					vanilla) img=$top/build/vanilla/arch/x86/boot/bzImage ;;
					series34) img=$top/build/series34/arch/x86/boot/bzImage ;;
					series) img=$top/build/obj-bench/arch/x86/boot/bzImage ;;
					esac
					KERNEL_IMAGE=$img SCENARIO=bench-boot TPM=$tpm \
						CPU_FLAGS=$flags TIMEOUT=120 \
						CMDLINE="random.trust_cpu=$trust" \
						"$top/tests/boot-guest.sh" "$run" >/dev/null || true
					line=$(grep '^# bench ' "$run/results.log" || true)
					crng=$(echo "$line" | sed -n 's/.*crng_init_done_s=\([0-9.]*\).*/\1/p')
					first=$(echo "$line" | sed -n 's/.*first_getrandom_s=\([0-9.]*\).*/\1/p')
					printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kernel" "$trust" \
						"$tpm" "$rdrand" "$rep" "${crng:-NA}" "${first:-NA}" >>"$out"
				done
			done
		done
	done
done

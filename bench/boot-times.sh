#!/bin/bash
# boot-times.sh OUT.tsv [ARCH]: time from kernel start to "crng init done"
# and to the first getrandom() byte, vanilla 6.12 against the series, for
# every combination of trust_cpu, TPM and the CPU's RNG; REPS boots each
# (default 5), interleaved so that machine noise hits both kernels alike.
# x86_64 (default) also boots the series with 0004's 3/4 rule (series34,
# bench/build-series34.sh). arm64 boots the arm64-vanilla and arm64-bench
# kernels with the device tree's seed left out (dtb-randomness=off), so
# that the rows measure the same sources as x86's, which has no seed here.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
arch=${2:-x86_64}
reps=${REPS:-5}
run=$top/build/runs/bench-boot
kernels="vanilla series34 series" extra=""
[ "$arch" = arm64 ] && kernels="vanilla series" extra="-machine dtb-randomness=off"

printf 'kernel\ttrust_cpu\ttpm\trdrand\trep\tcrng_init_done_s\tfirst_getrandom_s\n' >"$out"
for rep in $(seq "$reps"); do
	for trust in on off; do
		for tpm in tis none; do
			for rdrand in on off; do
				for kernel in $kernels; do
					img="" variant=$kernel
					case $arch:$kernel in
					x86_64:vanilla) img=$top/build/vanilla/arch/x86/boot/bzImage ;;
					x86_64:series34) img=$top/build/series34/arch/x86/boot/bzImage ;;
					x86_64:series) img=$top/build/obj-bench/arch/x86/boot/bzImage ;;
					arm64:series) variant=bench ;;
					esac
					KERNEL_IMAGE=$img ARCH=$arch KERNEL=$variant SCENARIO=bench-boot \
						TPM=$tpm CPU_RNG=$rdrand TIMEOUT=120 QEMU_EXTRA=$extra \
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

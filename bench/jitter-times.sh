#!/bin/bash
# jitter-times.sh OUT.tsv [ARCH]: the jitter-only scenario's own measure,
# seconds from the first blocking read of /dev/random to "crng init done"
# (no TPM, no CPU RNG, trust_cpu=off), for vanilla, the 3/4-rule series
# and the series, REPS boots each (default 5), interleaved. m68k: vanilla
# (with the series' trust_bootloader fix, scripts/build-kernel.sh) and the
# series on virt, without a cycle counter; the seconds the first blocking
# getrandom() took (guest/m68k-init.c).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
arch=${2:-x86_64}
reps=${REPS:-5}
run=$top/build/runs/bench-jitter
kernels="vanilla series34 series"
[ "$arch" = m68k ] && kernels="vanilla series"

printf 'kernel\trep\tread_at_s\tcrng_init_done_s\tafter_read_s\n' >"$out"
for rep in $(seq "$reps"); do
	for kernel in $kernels; do
		if [ "$arch" = m68k ]; then
			variant=$kernel
			[ "$kernel" = series ] && variant="test"
			ARCH=m68k KERNEL=$variant SCENARIO=jitter-only TPM=none SMP=1 TIMEOUT=120 \
				CMDLINE="random.trust_bootloader=off" \
				"$top/tests/boot-guest.sh" "$run" >/dev/null || true
			line=$(tr -d '\r' <"$run/results.log" | grep 'first blocking getrandom() at' || true)
			read_at=$(echo "$line" | sed -n 's/.* at \([0-9.]*\) s returned.*/\1/p')
			done_at=$(echo "$line" | sed -n 's/.*crng init done at \([0-9.]*\) s.*/\1/p')
			after=$(echo "$line" | sed -n 's/.* returned \([0-9.]*\) s later.*/\1/p')
			printf '%s\t%s\t%s\t%s\t%s\n' "$kernel" "$rep" "${read_at:-NA}" \
				"${done_at:-NA}" "${after:-NA}" >>"$out"
			continue
		fi
		case $kernel in
		vanilla) img=$top/build/vanilla/arch/x86/boot/bzImage ;;
		series34) img=$top/build/series34/arch/x86/boot/bzImage ;;
		series) img=$top/build/obj-bench/arch/x86/boot/bzImage ;;
		esac
		KERNEL_IMAGE=$img SCENARIO=jitter-only TPM=none CPU_RNG=off \
			TIMEOUT=120 CMDLINE="random.trust_cpu=off" \
			"$top/tests/boot-guest.sh" "$run" >/dev/null || true
		line=$(tr -d '\r' <"$run/results.log" | grep 'first blocking read at' || true)
		read_at=$(echo "$line" | sed -n 's/.*first blocking read at \([0-9.]*\) s.*/\1/p')
		done_at=$(echo "$line" | sed -n 's/.*crng init done at \([0-9.]*\) s.*/\1/p')
		after=$(awk -v a="${read_at:-}" -v b="${done_at:-}" \
			'BEGIN { if (a == "" || b == "") print "NA"; else printf "%.3f", b - a }')
		printf '%s\t%s\t%s\t%s\t%s\n' "$kernel" "$rep" "${read_at:-NA}" \
			"${done_at:-NA}" "$after" >>"$out"
	done
done

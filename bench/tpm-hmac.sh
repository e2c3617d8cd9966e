#!/bin/bash
# tpm-hmac.sh OUTDIR: what CONFIG_TCG_TPM2_HMAC costs the TPM as a seed
# source: the bench kernel and bench-hmac (the same + guest/hmac.config)
# booted alternately, REPS times each (default 5), TPM alone (tpm-tis, no
# RDRAND/RDSEED, so each 64-byte read of tpm-rdrand is one
# tpm_get_random()). Per boot: microseconds per tpm_get_random() through
# /dev/hwrng (median of the guest's rounds), the TPM probe's duration
# (initcall_debug), and seconds from tpm_tis's "2.0 TPM" line to the
# driver's first "the TPM serves" and to "crng init done". Writes
# tpm-hmac.tsv.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
reps=${REPS:-5}
run=$top/build/runs/bench-tpm-hmac
tsv=$out/tpm-hmac.tsv

# wait_quiet: until no other QEMU has run for 10 s in a row, so that
# neither kernel's boots share the CPUs with another guest; fails after
# QUIET_WAIT_S (default an hour).
wait_quiet() {
	local quiet=0 waited=0
	while [ "$quiet" -lt 10 ]; do
		if pgrep -f '^[^ ]*qemu-system' >/dev/null; then
			quiet=0
		else
			quiet=$((quiet + 1))
		fi
		if [ "$waited" -ge "${QUIET_WAIT_S:-3600}" ]; then
			echo "tpm-hmac: other guests kept running for $waited s" >&2
			return 1
		fi
		sleep 1
		waited=$((waited + 1))
	done
}

printf 'kernel\trep\tgetrandom_us\tprobe_s\ttpm_serves_s\tcrng_ready_s\tprobe_at_s\n' >"$tsv"
for rep in $(seq "$reps"); do
	for kernel in bench bench-hmac; do
		wait_quiet
		KERNEL_IMAGE=$top/build/obj-$kernel/arch/x86/boot/bzImage SCENARIO=bench-tpm-hmac \
			TPM=tis CPU_FLAGS=-rdrand,-rdseed TIMEOUT=300 CMDLINE=initcall_debug \
			"$top/tests/boot-guest.sh" "$run" >/dev/null || true
		cp "$run/results.log" "$run/$kernel-$rep.results.log"
		log=$(tr -d '\r' <"$run/results.log")
		boot=$(echo "$log" | grep '^# bench tpm-hmac boot ' || true)
		want=0
		[ "$kernel" = bench-hmac ] && want=1
		us=$(echo "$log" | sed -n 's/^# bench tpm-hmac getrandom .* us=\([0-9.]*\)$/x \1/p' |
			awk -f "$top/bench/stats.awk" | cut -d' ' -f2)
		if [ -z "$us" ] || ! echo "$boot" | grep -q " hmac=$want "; then
			echo "tpm-hmac: $kernel rep $rep: no figures or HMAC sessions not as built" \
				"(see $run/results.log)" >&2
			exit 1
		fi
		echo "$boot" | awk -v k="$kernel" -v r="$rep" -v us="$us" '{
			for (i = 1; i <= NF; i++)
				if (split($i, kv, "=") == 2)
					f[kv[1]] = kv[2]
			printf "%s\t%s\t%.1f\t%.4f\t%.3f\t%.3f\t%.3f\n", k, r, us, f["probe_us"] / 1e6,
				f["tpm_serves_at_s"] - f["probe_at_s"], f["crng_ready_at_s"] - f["probe_at_s"],
				f["probe_at_s"] }' >>"$tsv"
	done
done
echo "tpm-hmac: $tsv"

#!/bin/bash
# hwrng-rates.sh OUTDIR: /dev/hwrng throughput through the driver against
# the raw source it reads, measured alternately in the same boot, for the
# TPM + RDRAND, TPM-only and RDRAND-only guests, and vanilla tpm-rng-0
# against TPM2_GetRandom on /dev/tpmrm0 in a vanilla boot.
# Writes hwrng.tsv, hwrng.md (table) and throughput.tsv (plot data).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib.sh
. "$top/bench/lib.sh"
out=$1
run=$top/build/runs/bench-hwrng

printf 'boot\tlabel\trep\trate_Bps\n' >"$out/hwrng.tsv"
boot() { # NAME KERNEL TPM CPU_FLAGS
	local img=$top/build/obj-bench/arch/x86/boot/bzImage
	[ "$2" = vanilla ] && img=$top/build/vanilla/arch/x86/boot/bzImage
	bench_boot "$run" "$img" bench-hwrng "$3" "$4" |
		sed -n 's/^# bench hwrng \([^ ]*\) \([0-9]*\) \([0-9]*\)$/\1\t\2\t\3/p' |
		sed "s/^/$1\t/" >>"$out/hwrng.tsv"
}
boot tpm+rdrand series tis ""
boot tpm-only series tis "-rdrand,-rdseed"
boot rdrand-only series none ""
boot vanilla-tpm vanilla tis "-rdrand,-rdseed"

# Table: per boot, each stream's median KiB/s [min-max], and the driver's
# stream against each raw source of the same boot.
tail -n +2 "$out/hwrng.tsv" | awk -F'\t' '{ print $1 "|" $2, $4 / 1024 }' |
	awk -f "$top/bench/stats.awk" >"$out/.hwrng-stats"
{
	echo "Ratio = the stream's median rate over the raw source's, same boot;"
	echo "cost = the extra time per byte over the raw source (negative: faster)."
	echo
	echo "| boot | stream | KiB/s | n | against raw source (same boot) |"
	echo "|---|---|---|---|---|"
	awk '
	{ split($1, k, "|"); b = k[1]; l = k[2]; med[b, l] = $2; line[++n] = $0
	  if (l ~ /^raw:/) raw[b] = raw[b] " " l }
	END {
		for (i = 1; i <= n; i++) {
			split(line[i], f, " "); split(f[1], k, "|"); b = k[1]; l = k[2]
			cmp = ""
			if (l ~ /^hwrng:/) {
				m = split(raw[b], rs, " ")
				for (j = 1; j <= m; j++) {
					# The stock TPM rng reads only the TPM.
					if (l ~ /tpm-rng/ && rs[j] !~ /tpm2/)
						continue
					cmp = cmp sprintf("%s%.3f of %s (cost %+.1f%%)", cmp == "" ? "" : "; ",
						f[2] / med[b, rs[j]], rs[j], (med[b, rs[j]] / f[2] - 1) * 100)
				}
			}
			printf "| %s | %s | %.1f [%.1f–%.1f] | %d | %s |\n", b, l, f[2], f[3], f[4], f[5], cmp
		}
	}' "$out/.hwrng-stats"
} >"$out/hwrng.md"
# Plot data: x (a gap between boots), a label a reader can read, median,
# min, max, and 0 for the driver's stream or 1 for a raw source.
awk '
function name(l) {
	if (l == "raw:rdrand") return "RDRAND, userspace loop"
	if (l ~ /^raw:tpm2_getrandom_/) return "TPM2_GetRandom, /dev/" substr(l, 20)
	if (l ~ /^hwrng:/) return "/dev/hwrng (" substr(l, 7) ")"
	return l
}
{
	split($1, k, "|")
	if (k[1] != last && NR > 1) x++
	last = k[1]
	printf "%d\t\"%s: %s\"\t%s\t%s\t%s\t%d\n", x++, k[1], name(k[2]), $2, $3, $4, k[2] ~ /^raw:/
}' "$out/.hwrng-stats" >"$out/throughput.tsv"

# Floors: the driver's /dev/hwrng at 0.95 of TPM2_GetRandom on /dev/tpm0
# where it reads the TPM, against its own boot's figure. RDRAND alone is
# reported with no floor: under TCG it measures the emulator's string
# copies more than the driver.
floors=$(awk '
{ split($1, k, "|"); med[k[1], k[2]] = $2 }
function check(b, want, raw, floor) {
	if (!((b, want) in med) || !((b, raw) in med)) {
		printf "missing %s or %s in %s; ", want, raw, b
		bad = 1
		return
	}
	r = med[b, want] / med[b, raw]
	printf "%s: %.3f of %s (floor %.2f)%s; ", b, r, raw, floor, r >= floor ? "" : " MISSED"
	if (r < floor)
		bad = 1
}
END {
	check("rdrand-only", "hwrng:tpm-rdrand", "raw:rdrand", 0)
	check("tpm+rdrand", "hwrng:tpm-rdrand", "raw:tpm2_getrandom_tpm0", 0.95)
	check("tpm-only", "hwrng:tpm-rdrand", "raw:tpm2_getrandom_tpm0", 0.95)
	exit bad
}' "$out/.hwrng-stats") && verdict=met || verdict=missed
rm -f "$out/.hwrng-stats"
printf '\nFloors %s: %s\n' "$verdict" "$floors" >>"$out/hwrng.md"
echo "hwrng-rates: floors $verdict: $floors"
[ "$verdict" = met ]

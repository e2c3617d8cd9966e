#!/bin/bash
# Turn bench/results/*.tsv into bench/RESULTS.md and bench/*.png.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
res=$top/bench/results
out=$top/bench/RESULTS.md
stats=$top/bench/stats.awk

# fmt MEDIAN MIN MAX: "median [min–max]"
fmt() { printf '%s [%s–%s]' "$1" "$2" "$3"; }

# med KEY-VALUE-LINES: "key median min max n" per key.
med() { awk -f "$stats"; }

{
	echo "# Benchmark results"
	echo
	echo "Written by \`make bench\` ($(date -u +%F)). Each figure is the median of"
	echo "the repetitions shown as n, with [min–max]; ratios compare figures taken"
	echo "side by side in the same run (same boot where stated)."
	echo
	# Where the stored figures came from, when not all from one make bench
	if [ -s "$res/provenance.md" ]; then
		cat "$res/provenance.md"
		echo
	fi
	echo "| | |"
	echo "|---|---|"
	echo "| commit | $(git -C "$top" rev-parse --short HEAD)$(git -C "$top" diff --quiet HEAD -- patches drivers guest || echo ' (+ uncommitted changes)') |"
	echo "| accelerator | $(cut -d' ' -f2 "$top/build/accel" 2>/dev/null | head -n 1) (QEMU $(qemu-system-x86_64 --version | head -n 1 | sed 's/.*version //')) |"
	echo "| guest CPU | QEMU -cpu max under TCG, host,+rdrand under KVM; \"RDRAND off\" rows add -rdrand,-rdseed |"
	echo "| host CPU | $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores |"
	echo

	if [ -s "$res/hwrng.tsv" ]; then
		echo "## 1. /dev/hwrng throughput against the raw sources (same boot)"
		echo
		cat "$res/hwrng.md"
		echo
		echo "![throughput](throughput.png)"
		echo
	fi
	if [ -s "$res/trr.tsv" ]; then
		echo "### The driver's own work per 4 KiB, the CPU serving alone"
		echo
		echo "From \`bench/trr-read-cost.sh bench/results\`: KUnit \`tpm_rdrand_bench\`"
		echo "(test/0003) on the bench kernel without a TPM, timed in the kernel (so"
		echo "without the core's copy_to_user(), which TCG emulates a byte at a time),"
		echo "256 KiB of each per run, interleaved: the driver's read (64 bytes at"
		echo "a time, as the hwrng core asks; it also looks for a TPM), the CPU"
		echo "source's read within it (the loop, a copy, the health tests), and the"
		echo "two parts of that alone: the arch_get_random_longs() loop and the"
		echo "health tests over bytes the CPU gave. Ratios per run."
		echo
		echo "| what | us per 4 KiB | n |"
		echo "|---|---|---|"
		tail -n +2 "$res/trr.tsv" | awk -F'\t' '{
			print "read", $3 / 1000; print "cpu", $4 / 1000
			print "loop", $5 / 1000; print "health", $6 / 1000
			print "read_loop", $3 / $5; print "health_loop", $6 / $5 }' | med >"$res/.trr"
		awk 'BEGIN {
			name["read"] = "the driver'"'"'s read, trr_read()"
			name["cpu"] = "the CPU source'"'"'s read within it, trr_source_read()"
			name["loop"] = "the arch_get_random_longs() loop"
			name["health"] = "the health tests alone, hwrng_health_test()"
			name["read_loop"] = "read / loop (ratio)"
			name["health_loop"] = "health tests / loop (ratio)" }
			{ printf "| %s | %.2f [%.2f–%.2f] | %d |\n", name[$1], $2, $3, $4, $5 }' "$res/.trr"
		echo
		awk '$1 == "read_loop" { printf "Goal: the read within 1.1x of the loop: %.2fx, %s under TCG.\n", $2, $2 <= 1.1 ? "met" : "missed" }' "$res/.trr"
		rm -f "$res/.trr"
		echo
	fi
	echo "## 2. Cost of one credit: the exact rule and 0004's 3/4 rule against 6.12's linear rule"
	echo
	echo "In-kernel, KUnit \`random_bench\`, ns per call of the pure accounting"
	echo "helper (no locking, no pool update), 20000 calls from a spread of"
	echo "starting estimates, second of two runs; both inputs hidden from the"
	echo "compiler and the result kept, so no loop is elided. \"exact\": the"
	echo "series (patch 0004a, no loop); \"3/4\": the series without 0004a"
	echo "(series34), in its own boots. Linear: the series' boots."
	echo
	echo "| credit (bits) | exact rule, ns | 3/4 rule, ns | linear rule, ns | exact / linear | 3/4 / linear | 3/4 loop turns | n |"
	echo "|---|---|---|---|---|---|---|---|"
	pick() { awk -F'\t' -v k="$1" -v c="$2" 'NR > 1 && $1 == k { print $3, $c }' "$res/credit.tsv" | med; }
	pick series 4 >"$res/.over"
	pick series34 4 >"$res/.o34"
	pick series 5 >"$res/.lin"
	pick series34 6 >"$res/.turns"
	join "$res/.over" "$res/.o34" | join - "$res/.lin" | join - "$res/.turns" |
		awk '{ printf "| %s | %.2f [%.2f–%.2f] | %.2f [%.2f–%.2f] | %.2f [%.2f–%.2f] | %.1f | %.1f | %d | %d |\n",
			$1, $2, $3, $4, $6, $7, $8, $10, $11, $12, ($10 > 0 ? $2 / $10 : 0),
			($10 > 0 ? $6 / $10 : 0), $14, $5 }'
	rm -f "$res/.over" "$res/.o34" "$res/.lin" "$res/.turns"
	echo
	echo "Readiness from one-bit credits (curve.tsv, kernel arithmetic; first"
	echo "multiple of 5 at or past it, the KUnit suites assert the exact count):"
	echo "256 credits with the linear rule,"
	echo "$(awk -F'\t' 'NR > 1 && $5 >= 256 { print $1; exit }' "$res/curve.tsv") with 0004's 3/4 rule (535 asserted),"
	echo "$(awk -F'\t' 'NR > 1 && $7 >= 256 { print $1; exit }' "$res/curve.tsv") with the exact rule (355 asserted; the real-valued rule needs 354.9)."
	echo
	echo "![accounting](accounting.png)"
	echo

	echo "## 3. Boot: kernel start to \"crng init done\" and to the first getrandom() byte"
	echo
	echo "Seconds from kernel start (printk clock / CLOCK_BOOTTIME); the getrandom()"
	echo "call is made by the first program init runs. TPM: swtpm on tpm-tis. A time"
	echo "of 0 means the CRNG was ready before printk had a clock (trust_cpu at"
	echo "early boot); such ratios are n/a. 3/4: the series without 0004a; exact:"
	echo "the series. Ratios are to vanilla."
	echo
	echo "| trust_cpu | TPM | RDRAND | crng init, vanilla | crng init, 3/4 | crng init, exact | ratio 3/4 | ratio exact | first byte, vanilla | first byte, 3/4 | first byte, exact | ratio 3/4 | ratio exact | n |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
	ratio() { echo "$1 $2" | awk '$1 > 0 && $2 > 0 { printf "%.2f", $1 / $2; next } { print "n/a" }'; }
	# sel FILE KERNEL COLUMN: the median line of one cell of a boot table,
	# for the $trust, $tpm and $rdrand of the loop that calls it.
	sel() {
		awk -F'\t' -v k="$2" -v t="$trust" -v p="$tpm" -v r="$rdrand" -v c="$3" \
			'NR > 1 && $1 == k && $2 == t && $3 == p && $4 == r && $c != "NA" { print "x", $c }' \
			"$1" | med
	}
	for trust in on off; do
		for tpm in tis none; do
			for rdrand in on off; do
				read -r _ vc vcmin vcmax vn < <(sel "$res/boot.tsv" vanilla 6) || vc=NA
				read -r _ oc ocmin ocmax _ < <(sel "$res/boot.tsv" series34 6) || oc=NA
				read -r _ sc scmin scmax _ < <(sel "$res/boot.tsv" series 6) || sc=NA
				read -r _ vf vfmin vfmax _ < <(sel "$res/boot.tsv" vanilla 7) || vf=NA
				read -r _ of ofmin ofmax _ < <(sel "$res/boot.tsv" series34 7) || of=NA
				read -r _ sf sfmin sfmax _ < <(sel "$res/boot.tsv" series 7) || sf=NA
				printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
					"$trust" "$tpm" "$rdrand" \
					"$(fmt "$vc" "${vcmin:-}" "${vcmax:-}")" "$(fmt "$oc" "${ocmin:-}" "${ocmax:-}")" \
					"$(fmt "$sc" "${scmin:-}" "${scmax:-}")" "$(ratio "$oc" "$vc")" "$(ratio "$sc" "$vc")" \
					"$(fmt "$vf" "${vfmin:-}" "${vfmax:-}")" "$(fmt "$of" "${ofmin:-}" "${ofmax:-}")" \
					"$(fmt "$sf" "${sfmin:-}" "${sfmax:-}")" "$(ratio "$of" "$vf")" "$(ratio "$sf" "$vf")" "${vn:-0}"
			done
		done
	done
	echo

	if [ -s "$res/boot-arm64.tsv" ]; then
		echo "### arm64 (QEMU virt, -cpu max: RNDR; RNDR off: a Cortex-A72)"
		echo
		echo "The same boots on arm64 (\`bench/boot-times.sh OUT arm64\`): arm64-vanilla"
		echo "and the series (arm64-bench, its policy on the command line, as arm64 has"
		echo "no CONFIG_CMDLINE that the boot loader's line follows), without the device"
		echo "tree's seed (dtb-randomness=off; with it vanilla is ready at 0 s in every"
		echo "row). TPM: swtpm on tpm-tis-device."
		echo
		echo "| trust_cpu | TPM | RNDR | crng init, vanilla | crng init, series | ratio | first byte, vanilla | first byte, series | ratio | n |"
		echo "|---|---|---|---|---|---|---|---|---|---|"
		for trust in on off; do
			for tpm in tis none; do
				for rdrand in on off; do
					read -r _ vc vcmin vcmax vn < <(sel "$res/boot-arm64.tsv" vanilla 6) || vc=NA
					read -r _ sc scmin scmax _ < <(sel "$res/boot-arm64.tsv" series 6) || sc=NA
					read -r _ vf vfmin vfmax _ < <(sel "$res/boot-arm64.tsv" vanilla 7) || vf=NA
					read -r _ sf sfmin sfmax _ < <(sel "$res/boot-arm64.tsv" series 7) || sf=NA
					printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
						"$trust" "$tpm" "$rdrand" \
						"$(fmt "$vc" "${vcmin:-}" "${vcmax:-}")" "$(fmt "$sc" "${scmin:-}" "${scmax:-}")" \
						"$(ratio "$sc" "$vc")" "$(fmt "$vf" "${vfmin:-}" "${vfmax:-}")" \
						"$(fmt "$sf" "${sfmin:-}" "${sfmax:-}")" "$(ratio "$sf" "$vf")" "${vn:-0}"
				done
			done
		done
		echo
	fi

	if [ -s "$res/jitter.tsv" ]; then
		echo "### jitter-only: first blocking read to \"crng init done\""
		echo
		echo "The \`jitter-only\` scenario's own measure (no TPM, -rdrand,-rdseed,"
		echo "trust_cpu=off; the read starts from init, uptime resolution 10 ms),"
		echo "the three kernels interleaved in the same run."
		echo
		echo "| kernel | seconds after the first blocking read | ratio to vanilla | n |"
		echo "|---|---|---|---|"
		awk -F'\t' 'NR > 1 && $5 != "NA" { print $1, $5 }' "$res/jitter.tsv" | med >"$res/.jit"
		vj=$(awk '$1 == "vanilla" { print $2 }' "$res/.jit")
		awk -v v="$vj" '{ printf "| %s | %.2f [%.2f–%.2f] | %s | %d |\n", ($1 == "series34" ? "series with 0004 (3/4 rule)" : $1 == "series" ? "series (exact rule, 0004a)" : $1),
			$2, $3, $4, (v > 0 ? sprintf("%.2f", $2 / v) : "n/a"), $5 }' "$res/.jit"
		rm -f "$res/.jit"
		echo
	fi
	if [ -s "$res/jitter-m68k.tsv" ]; then
		echo "### m68k jitter-only: no cycle counter"
		echo
		echo "QEMU's m68k virt (a 68040: random_get_entropy() reads the clocksource),"
		echo "no TPM, no CPU RNG, QEMU's bootinfo seed not credited"
		echo "(random.trust_bootloader=off: vanilla has the series' fix for it, patch"
		echo "0002): seconds the first blocking getrandom() took, the two kernels"
		echo "interleaved (\`bench/jitter-times.sh OUT m68k\`)."
		echo
		echo "| kernel | seconds of the first blocking getrandom() | ratio to vanilla | n |"
		echo "|---|---|---|---|"
		awk -F'\t' 'NR > 1 && $5 != "NA" { print $1, $5 }' "$res/jitter-m68k.tsv" | med >"$res/.jit"
		vj=$(awk '$1 == "vanilla" { print $2 }' "$res/.jit")
		awk -v v="$vj" '{ printf "| %s | %.2f [%.2f–%.2f] | %s | %d |\n", ($1 == "series" ? "series (exact rule)" : "vanilla + 0002"),
			$2, $3, $4, (v > 0 ? sprintf("%.2f", $2 / v) : "n/a"), $5 }' "$res/.jit"
		rm -f "$res/.jit"
		echo
	fi

	if [ -s "$res/grb.md" ]; then
		echo "## 4. get_random_bytes() with and without hw_random_bytes="
		echo
		cat "$res/grb.md"
		echo
	fi

	echo "## 5. Build and test wall time"
	echo
	echo "| what | seconds | n |"
	echo "|---|---|---|"
	tail -n +2 "$res/build.tsv" | awk -F'\t' '{ print $1, $3 }' | med |
		awk '{ printf "| %s | %.1f [%.1f–%.1f] | %d |\n", $1, $2, $3, $4, $5 }'
	echo
	echo "clean_build: the vanilla tree after \`make clean\`, CCACHE_DISABLE=1, both cores,"
	echo "one repetition (minutes each; the figure in the README is the same"
	echo "measurement from a fresh clone). nochange_build_step: \`make kernel"
	echo "initramfs\` with nothing changed (no kbuild run). nochange_make_test: the"
	echo "whole suite with nothing changed."

	if [ -s "$res/tpm-hmac.tsv" ]; then
		echo
		echo "## 6. TPM2 HMAC sessions: GetRandom cost and the TPM's boot seed"
		echo
		echo "From \`bench/tpm-hmac.sh bench/results\`: the bench kernel (\`CONFIG_TCG_TPM2_HMAC\`"
		echo "off, as in Debian's 6.12 and our other kernels) and \`bench-hmac\` (the same +"
		echo "\`guest/hmac.config\`) booted alternately, each pair on a host with no other"
		echo "guest; the TPM alone (swtpm on tpm-tis, -rdrand,-rdseed), so each 64-byte"
		echo "read of tpm-rdrand is one tpm_get_random(). GetRandom: microseconds per"
		echo "call through /dev/hwrng once the CRNG is ready (the driver's count of TPM"
		echo "reads over the elapsed time; median of 3 rounds of 32 KiB per boot). Probe:"
		echo "tpm_tis's probe (initcall_debug). The seed times are seconds after tpm_tis's"
		echo "\"2.0 TPM\" line. Ratio: HMAC over plain within each pair of boots, median"
		echo "[min–max]."
		echo
		echo "| what | HMAC off | HMAC on | ratio on/off | pairs |"
		echo "|---|---|---|---|---|"
		# Per kernel "what value" lines and per pair "what ratio" lines,
		# including the credited reads alone: crng init done after "the TPM
		# serves".
		hmac_rows() {
			awk -F'\t' -v want="$1" 'NR > 1 {
				v["getrandom"] = $3; v["probe"] = $4; v["serves"] = $5
				v["crng"] = $6; v["credited"] = $6 - $5; v["start"] = $7
				for (k in v) {
					if ($1 == want)
						print k, v[k]
					val[$1, $2, k] = v[k]
				}
				rep[$2] = 1
			}
			END {
				if (want != "ratio")
					exit
				for (r in rep)
					for (k in v)
						if (((("bench", r, k) in val) && (("bench-hmac", r, k) in val)) &&
						    val["bench", r, k] > 0)
							print k, val["bench-hmac", r, k] / val["bench", r, k]
			}' "$res/tpm-hmac.tsv" | med | sort
		}
		hmac_rows bench >"$res/.hoff"
		hmac_rows bench-hmac >"$res/.hon"
		hmac_rows ratio >"$res/.hratio"
		join "$res/.hoff" "$res/.hon" | join - "$res/.hratio" | awk '
		BEGIN {
			name["getrandom"] = "1: GetRandom, us per tpm_get_random()"
			name["probe"] = "2: tpm_tis probe, s"
			name["serves"] = "3: \"2.0 TPM\" line to \"the TPM serves\", s"
			name["credited"] = "4: \"the TPM serves\" to \"crng init done\" (the credited reads), s"
			name["crng"] = "5: \"2.0 TPM\" line to \"crng init done\", s"
			name["start"] = "6: kernel start to the \"2.0 TPM\" line, s"
			fmt["getrandom"] = "%.0f [%.0f–%.0f]"
		}
		{
			f = ($1 in fmt) ? fmt[$1] : "%.3f [%.3f–%.3f]"
			printf "| %s | " f " | " f " | %.2f [%.2f–%.2f] | %d |\n", name[$1],
				$2, $3, $4, $6, $7, $8, $10, $11, $12, $13
		}' | sort | sed 's/^| [0-9]: /| /'
		off_us=$(awk '$1 == "getrandom" { print $2 }' "$res/.hoff")
		on_us=$(awk '$1 == "getrandom" { print $2 }' "$res/.hon")
		rm -f "$res/.hoff" "$res/.hon" "$res/.hratio"
		echo
		echo "\"2.0 TPM\" to \"the TPM serves\" is mostly the hwrng core's wait, alike in both kernels: the fill"
		echo "thread starts with tpm-rdrand before tpm_tis probes, finds no TPM and"
		echo "sleeps 10 s (\`hwrng_fillfn()\` after an empty read); HMAC adds to it only"
		echo "the startup test's 16 calls (1024 bytes). The credited reads are the 88"
		echo "calls credited at 8/1024 (352 bits) and scale with GetRandom. The probe"
		echo "barely changes: its one new TPM operation, creating the null primary's ECC"
		echo "key, runs natively in swtpm. Before the probe, HMAC's crypto brings in"
		echo "jitterentropy (CRYPTO_ECDH selects the default RNG, DRBG, which selects"
		echo "it), whose self-test at its initcall took 164 ms in one HMAC boot"
		echo "(initcall_debug, the address looked up in System.map)."
		echo
		echo "What a call with HMAC adds under TCG ($(awk -v a="$on_us" -v b="$off_us" \
			'BEGIN { printf "%.1f ms", (a - b) / 1000 }') here): five TPM commands instead of one"
		echo "(ContextLoad of the null primary, StartAuthSession salted by ECDH,"
		echo "FlushContext of the key, GetRandom with an encrypted and HMAC'd response,"
		echo "FlushContext of the session), each a round trip through QEMU's emulated"
		echo "TIS to swtpm, and the guest kernel's two P-256 point multiplications"
		echo "(crypto/ecc.c: the ephemeral key and the shared secret), emulated"
		echo "instruction by instruction. swtpm's one multiplication, the TPM's side of"
		echo "the ECDH, runs natively on the host (OpenSSL) and is nearly free."
		echo
		echo "On hardware it is the other way round. An estimate from first principles,"
		echo "not a measurement: the kernel's two multiplications take about a"
		echo "millisecond or less on a native core, but a discrete TPM does its one on a"
		echo "slow secure microcontroller. An ECDSA P-256 signature, also one point"
		echo "multiplication, runs at single-digit rates per second on most TPMs in a"
		echo "public benchmark (<https://stiankri.substack.com/p/tpm-performance>, which"
		echo "also quotes a 200 ms median from Chrome's field data): tens of ms at best,"
		echo "up to about 200 ms, for each tpm_get_random() with HMAC. The TPM alone"
		echo "needs 104 calls before it readies the CRNG (16 for the startup test, 88"
		echo "credited): some 2 to 20 s more of boot seed time, where TCG shows the"
		echo "ratio above, plus one CreatePrimary of the null ECC key in the probe"
		echo "(\`tpm2_sessions_init()\`, another point multiplication, on the boot's path)."
	fi
} >"$out"

gnuplot -e "data='$res/curve.tsv'; out='$top/bench/accounting.png'" "$top/bench/plot-accounting.gp"
if [ -s "$res/throughput.tsv" ]; then
	gnuplot -e "data='$res/throughput.tsv'; out='$top/bench/throughput.png'" "$top/bench/plot-throughput.gp"
fi
echo "make-report: $out"

# shellcheck shell=sh
# Helpers for the hwrng and tpm-rdrand-rng scenarios (sourced after
# /lib/ktap.sh). The driver registers one hwrng, tpm-rdrand, at its own
# quality (8/1024, capped by rng_core.default_quality); it serves only
# while a TPM serves, and returns nothing otherwise. The hwrng core's fill
# thread reads the current rng (under the policy, rng_core.current_rng=
# tpm-rdrand: that one or none) and credits each read at its quality under
# the provenance name hwrng:NAME. A value a helper cannot find is printed
# empty, never as 0, so that a check on it fails.
# shellcheck disable=SC2034 # the paths are used by the sourcing scripts
TRR_DBG=/sys/kernel/debug/tpm-rdrand-rng
TRR_MOD=tpm_rdrand_rng
HWRNG_SYS=/sys/class/misc/hw_random
RNG_CORE=/sys/module/rng_core/parameters
CREDIT=/sys/kernel/debug/random/credit

# trr_stat SOURCE COLUMN: one column (state, reads, bytes, empty, errors,
# health_failures) of SOURCE's row (cpu or tpm) of the driver's stats,
# found by the header's names; empty if there is no such row or column.
trr_stat() {
	awk -v s="$1" -v c="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == s && (c in col) { print $col[c] }' "$TRR_DBG/stats" 2>/dev/null
}

# hwrng_read1: one blocking 64-byte read of /dev/hwrng (at most 2 s), so
# that the current rng's ->read runs with wait set, as the fill thread's
# does; its status.
hwrng_read1() {
	timeout 2 dd if=/dev/hwrng of=/dev/null bs=64 count=1 2>/dev/null
}

# wait_reading SECONDS COMMAND...: until COMMAND succeeds, read
# /dev/hwrng 64 bytes at a time (the driver changes state only in its
# ->read). Fails after SECONDS.
wait_reading() {
	_wr_end=$(($(cut -d. -f1 /proc/uptime) + $1))
	shift
	while :; do
		"$@" && return 0
		[ "$(cut -d. -f1 /proc/uptime)" -lt "$_wr_end" ] || return 1
		hwrng_read1
		sleep 0.1
	done
}

# wait_for SECONDS COMMAND...: poll COMMAND every 0.1 s, without reading.
wait_for() {
	_wf_n=$(($1 * 10)) _wf_i=0
	shift
	while [ "$_wf_i" -lt "$_wf_n" ]; do
		"$@" 2>/dev/null && return 0
		sleep 0.1
		_wf_i=$((_wf_i + 1))
	done
	return 1
}

# trr_is SOURCE COLUMN VALUE / trr_above SOURCE COLUMN VALUE: tests for
# wait_reading and wait_for.
trr_is() {
	[ "$(trr_stat "$1" "$2")" = "$3" ]
}
trr_above() {
	_v=$(trr_stat "$1" "$2")
	[ -n "$_v" ] && [ "$_v" -gt "$3" ]
}

# trr_fault NAME on|off: arm NAME (cpu-ones, cpu-zero, cpu-empty, tpm-fail,
# tpm-stuck) for every read from now on, or disarm it. verbose=0 first:
# the fault_attr default (2) dumps a stack per injected fault, which the
# runner would rightly take for a splat.
trr_fault() {
	_d=$TRR_DBG/$1
	if [ "$2" = on ]; then
		echo 0 >"$_d/verbose" && echo -1 >"$_d/times" &&
			echo 100 >"$_d/probability"
	else
		echo 0 >"$_d/probability"
	fi
}

# trr_lines PATTERN: how many driver lines in the kernel log match the
# ERE PATTERN (after the "tpm-rdrand-rng: " prefix).
trr_lines() {
	dmesg | grep -cE "tpm-rdrand-rng: $1"
}

# hwrng_has NAME: NAME is a registered hwrng.
hwrng_has() {
	tr ' ' '\n' <"$HWRNG_SYS/rng_available" | grep -qx "$1"
}

# hwrng_current: the current rng's name ("none" if there is none).
hwrng_current() {
	cat "$HWRNG_SYS/rng_current"
}

# hwrng_select NAME: make NAME the current rng, as a user would.
hwrng_select() {
	echo "$1" >"$HWRNG_SYS/rng_current"
}

# hwrng_kick NAME: select none, then NAME. Dropping the current rng stops
# the fill thread (kthread_stop waits for its read in flight), selecting
# NAME starts a new one that reads NAME at once: one fill read now instead
# of one per reseed interval (up to 60 s) once the CRNG is ready.
hwrng_kick() {
	hwrng_select none && hwrng_select "$1"
}

# hwrng_quality_of NAME: NAME's quality, which rng_quality shows only for
# the current rng: select NAME, read rng_quality, select the rng that was
# current before again. Selecting starts a fill thread that reads NAME at
# once: not for an rng that must never be read.
hwrng_quality_of() {
	_prev=$(hwrng_current)
	hwrng_select "$1" || return 1
	cat "$HWRNG_SYS/rng_quality"
	[ "$_prev" = "$1" ] || hwrng_select "$_prev"
}

# prov_bits NAME: NAME's credit on the provenance line random.c prints
# when the CRNG becomes ready ("... credited bits: cpu 0.000 ... NAME X
# ...; estimate Y"), empty if there is no such line or name.
prov_bits() {
	dmesg | grep 'random: crng ready at ' | head -n 1 |
		sed -n "s/.*credited bits:.* $1 \([0-9]*\.[0-9]*\)[ ;].*/\1/p"
}

# prov_file NAME COLUMN: NAME's accepted (COLUMN 2) or late (3) credit in
# /sys/kernel/debug/random/credit, in bits.
prov_file() {
	awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$CREDIT" 2>/dev/null
}

# prov_sum NAME: NAME's credit in all, accepted + late; empty if NAME has
# no row (random.c names an rng's row when the rng registers).
prov_sum() {
	awk -v n="$1" '$1 == n { s = $2 + $3; f = 1 } END { if (f) printf "%.3f", s }' "$CREDIT" 2>/dev/null
}

# prov_zero NAME: NAME has a row, and credited nothing, accepted or late.
prov_zero() {
	[ "$(prov_sum "$1")" = 0.000 ]
}

# prov_estimate: the input pool's estimate, in bits to the 1/8.
prov_estimate() {
	awk '$1 == "estimate" { print $2 }' "$CREDIT"
}

# prov_accepted_but NAME: the credit accepted from every source but NAME,
# in bits.
prov_accepted_but() {
	awk -v n="$1" 'NR > 1 && NF == 3 && $1 != "ready" && $1 != n { s += $2 } END { printf "%.3f", s }' "$CREDIT"
}

# prov_ready_total: the credit accepted from all sources when the CRNG
# became ready, in bits, summed from the provenance line.
prov_ready_total() {
	dmesg | grep 'random: crng ready at ' | head -n 1 |
		sed -n 's/.*credited bits: \(.*\); estimate .*/\1/p' |
		awk '{ for (i = 2; i <= NF; i += 2) s += $i } END { if (NR) printf "%.3f", s }'
}

# READY_BITS: the credit that readies the CRNG from an empty pool under
# the exact overwrite rule (P = 512): 355 one-bit credits
# (bench/exact-rule.py figures; the 3/4 rule needs 535, counting without
# overwrites 256). Credits compose, so any mix of whole-bit credits gets
# there on the one that reaches 355 in all.
READY_BITS=355

# prov_ready_by_timing NAME: KTAP checks that a timing path (irq, timer,
# jitter) readied the CRNG, once READY_BITS were credited by all sources
# together: at least that, and at most 16 more (the readying credit may
# overshoot, by up to an interrupt batch: 1024 interrupts credit 16 bits).
prov_ready_by_timing() {
	_by=$(prov_ready_by)
	ktap_result "$(case "$_by" in irq | timer | jitter) echo 0 ;; *) echo 1 ;; esac)" \
		"$1.ready_by_timing" "ready by $_by"
	_t=$(prov_ready_total)
	ktap_result "$(awk -v t="$_t" -v r="$READY_BITS" 'BEGIN { exit !(t != "" && t >= r && t <= r + 16) }'; echo $?)" \
		"$1.ready_after_${READY_BITS}_bits" "${_t:-no provenance line}: bits credited in all when ready"
}

# pid_running PID: PID runs (kill -0 also finds a child that ended and
# is not reaped yet).
pid_running() {
	grep -q '^State:[[:space:]]*[^Z]' "/proc/$1/status" 2>/dev/null
}

# reader_reads PID FILE: the /dev/hwrng reader PID (dd into FILE) runs
# and reads: FILE grows within 5 s and PID still runs.
reader_reads() {
	pid_running "$1" || return 1
	_rr0=$(wc -c <"$2")
	wait_for 5 sh -c "[ \$(wc -c <$2) -gt $_rr0 ]" && pid_running "$1"
}

# prov_ready_by: the source that made the CRNG ready ("no" if not ready).
prov_ready_by() {
	awk '$1 == "ready" { print ($2 == "no" ? "no" : $3) }' "$CREDIT"
}

# crng_is_ready: the CRNG is ready, by random.c's debugfs.
crng_is_ready() {
	_rb=$(prov_ready_by)
	[ -n "$_rb" ] && [ "$_rb" != no ]
}

# bits_le A B: A <= B for decimal bit counts.
bits_le() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 <= b + 0) }'
}

# bits_eq A B: A == B for decimal bit counts (to the 1/8 bit random.c
# counts in).
bits_eq() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(a != "" && b != "" && d < 0.0625 && d > -0.0625) }'
}

# bits_sub A B: A - B, to three places; empty if either is.
bits_sub() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }'
}

# crng_ready_at_boot: "crng init done" comes before "Freeing unused" (the
# end of the kernel's init), i.e. something credited the pool in full at
# boot.
crng_ready_at_boot() {
	_i=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
	_f=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
	[ -n "$_i" ] && [ -n "$_f" ] && [ "$_i" -lt "$_f" ]
}

# HWRNG_MAX_ACCEPTED: at most this many bits of one hwrng are accepted
# before the CRNG is ready under the project's policy (quality 8: 4 bits
# per 64-byte read; 355 one-bit credits make it ready, so the accepted
# total stops within one read of that). A fully credited TPM (quality
# 1024, as vanilla's tpm-rng-0) gives 512 bits for its first read.
HWRNG_MAX_ACCEPTED=360

# prov_policy_checks PREFIX: random.c's view of the policy (CPU and
# bootloader seeds not credited, every hwrng at most 8/1024), once the CRNG
# is ready: cpu and bootloader accepted nothing, no hwrng:* source was
# accepted more than HWRNG_MAX_ACCEPTED bits, and what made the CRNG ready
# was not a full credit: not the CPU's or the bootloader's seed, and, if
# it was an hwrng, all sources together had offered at most one small
# credit past the READY_BITS that small credits need (a 64-byte read
# credited at 1024 offers 512 bits at once). By ioctl (rngd), the policy's
# sources together stayed below READY_BITS: they did not make it ready.
prov_policy_checks() {
	ktap_result "$([ "$(prov_file cpu 2)" = 0.000 ]; echo $?)" "$1.cpu_not_credited" \
		"cpu accepted $(prov_file cpu 2)"
	ktap_result "$([ "$(prov_file bootloader 2)" = 0.000 ]; echo $?)" "$1.bootloader_not_credited" \
		"bootloader accepted $(prov_file bootloader 2)"
	_rows=$(awk '$1 ~ /^hwrng:/ { print $1 "=" $2 }' "$CREDIT" | tr '\n' ' ')
	ktap_result "$([ -n "$_rows" ] && awk -v m="$HWRNG_MAX_ACCEPTED" '$1 ~ /^hwrng:/ && $2 + 0 > m { bad = 1 }
		END { exit bad }' "$CREDIT"; echo $?)" \
		"$1.hwrng_accepted_within_policy" "accepted: ${_rows:-no hwrng:* row }(at most $HWRNG_MAX_ACCEPTED each)"
	_by=$(prov_ready_by)
	_t=$(prov_ready_total)
	_p=$(prov_ready_policy_total)
	case "$_by" in
	hwrng:*) _ok=$(awk -v t="$_t" -v r="$READY_BITS" 'BEGIN { exit !(t != "" && t >= r && t <= r + 16) }'; echo $?) ;;
	ioctl) _ok=$(awk -v p="$_p" -v r="$READY_BITS" 'BEGIN { exit !(p != "" && p < r) }'; echo $?) ;;
	irq | timer | jitter) _ok=$(bits_le "$_t" $((READY_BITS + 16)); echo $?) ;;
	*) _ok=1 ;;
	esac
	ktap_result "$_ok" "$1.ready_not_by_a_full_credit" \
		"ready by ${_by:-nothing}; offered when ready: ${_t:-no provenance line} bits in all, $_p by cpu, bootloader and hwrngs"
}

# prov_ready_policy_total: what cpu, bootloader and the hwrngs had offered
# when the CRNG became ready, in bits, from the provenance line.
prov_ready_policy_total() {
	dmesg | grep 'random: crng ready at ' | head -n 1 |
		sed -n 's/.*credited bits: \(.*\); estimate .*/\1/p' |
		awk '{ for (i = 1; i < NF; i += 2) if ($i ~ /^(cpu|bootloader|hwrng.*)$/) s += $(i + 1) }
			END { if (NR) printf "%.3f", s }'
}

# trr_credit_share NAME: the TPM's share holds for random.c's credit of
# tpm-rdrand: every credited read carried TPM bytes at quality 8 (4 bits
# per 64 bytes), so hwrng:tpm-rdrand's credit in all is at most a 16th of
# the TPM bytes the driver used (/dev/hwrng reads use some uncredited).
trr_credit_share() {
	_c=$(prov_sum hwrng:tpm-rdrand)
	_b=$(trr_stat tpm bytes)
	ktap_result "$([ -n "$_b" ] && bits_le "$_c" "$(awk -v b="$_b" 'BEGIN { printf "%.3f", b / 16 }')"; echo $?)" \
		"$1" "hwrng:tpm-rdrand credited ${_c:-nothing (no row)} bits, TPM bytes used ${_b:-none} (8/1024 of them: $(awk -v b="$_b" 'BEGIN { printf "%.3f", b / 16 }'))"
}

# trr_credit_per_tpm_byte NAME QUALITY: with nothing but the fill thread
# reading tpm-rdrand since the driver loaded, random.c's credit of
# hwrng:tpm-rdrand in all is exactly QUALITY/1024 of the bits of the TPM
# bytes the driver used (each read's TPM bytes are what it delivered), and
# some was credited.
trr_credit_per_tpm_byte() {
	read -r _t _u _c _a <<EOT
$(trr_snap)
EOT
	_w=$(awk -v b="$_t" -v q="$2" 'BEGIN { if (b != "") printf "%.3f", b * 8 * q / 1024 }')
	ktap_result "$([ -n "$_t" ] && [ "$_t" -gt 0 ] && bits_eq "$_c" "$_w"; echo $?)" "$1" \
		"hwrng:tpm-rdrand credited ${_c:-nothing (no row)} bits for ${_t:-no} TPM bytes; at $2/1024: ${_w:-?}"
}

# trr_reads: the driver's source reads so far, CPU and TPM together.
trr_reads() {
	echo $(($(trr_stat cpu reads) + $(trr_stat tpm reads)))
}

# trr_fill_read: one read of tpm-rdrand by a fresh fill thread
# (hwrng_kick), with nothing else reading /dev/hwrng: prints "DCREDIT
# DTPM DCPU DREADS", the change of hwrng:tpm-rdrand's credit (bits, empty
# without a row), of the TPM's and the CPU's bytes used, and of the
# driver's source reads (0: the fill thread did not read a source within
# 5 s). Exact once the CRNG is ready (the fill thread then sleeps a reseed
# interval, at least 1 s, after its read) or while the read credits
# nothing.
trr_fill_read() {
	# the counts are taken with no fill thread running
	hwrng_select none
	_c0=$(prov_sum hwrng:tpm-rdrand) _t0=$(trr_stat tpm bytes) _u0=$(trr_stat cpu bytes)
	_r0=$(trr_reads)
	hwrng_select tpm-rdrand
	_i=0
	while [ "$(trr_reads)" = "$_r0" ] && [ "$_i" -lt 50 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	# the credit follows the read within microseconds
	sleep 0.5
	echo "$(bits_sub "$(prov_sum hwrng:tpm-rdrand)" "$_c0")" \
		$(($(trr_stat tpm bytes) - _t0)) $(($(trr_stat cpu bytes) - _u0)) $(($(trr_reads) - _r0))
}

# trr_fill_check NAME TPM CPU BITS: one fill read (trr_fill_read) read the
# driver's sources, used TPM and CPU bytes of them ("-": either) and
# credited BITS.
trr_fill_check() {
	read -r _dc _dt _du _dr <<EOT
$(trr_fill_read)
EOT
	ktap_result "$([ "$_dr" -gt 0 ] && { [ "$2" = - ] || [ "$_dt" = "$2" ]; } &&
		{ [ "$3" = - ] || [ "$_du" = "$3" ]; } && bits_eq "$_dc" "$4"; echo $?)" "$1" \
		"one fill read: ${_dc:-no row:} bits for $_dt TPM and $_du CPU bytes in $_dr source reads"
}

# hwrng_fill_credit NAME: as trr_fill_read for any rng (no driver stats):
# the change of hwrng:NAME's credit over one fresh fill read.
hwrng_fill_credit() {
	hwrng_select none
	_c0=$(prov_sum "hwrng:$1")
	hwrng_select "$1"
	sleep 1.5
	bits_sub "$(prov_sum "hwrng:$1")" "$_c0"
}

# trr_rngtest NAME BLOCKS: BLOCKS x 20000 bits of /dev/hwrng through
# rngtest (FIPS 140-2). Each block fails with probability about 0.0008 on a
# perfect source (rng-tools' documented false-alarm rate; 0.001 is taken to
# be safe); the run passes with at most the failures K for which
# P(> K failures | BLOCKS) < 1e-4, from the binomial tail (419 blocks: 4;
# 52 blocks: 2). rngtest takes its first 32 bits to prime the continuous
# test, so one block more is read than is tested.
trr_rngtest() {
	_k=$(awk -v n="$2" 'BEGIN {
		p = 0.001; t = 1
		for (i = 0; i < n; i++)
			t *= 1 - p
		c = t
		for (k = 0; 1 - c >= 0.0001; k++) {
			t *= (n - k) / (k + 1) * p / (1 - p); c += t
		}
		print k
	}')
	_t0=$(cut -d' ' -f1 /proc/uptime)
	dd if=/dev/hwrng of=/tmp/hwrng.bin bs=2500 count=$(($2 + 1)) 2>/dev/null
	_t1=$(cut -d' ' -f1 /proc/uptime)
	_n=$(wc -c </tmp/hwrng.bin)
	ktap_result "$([ "$_n" -eq $((($2 + 1) * 2500)) ]; echo $?)" "$1.read_all" "read $_n bytes"
	ktap_diag "$1: $_n bytes of /dev/hwrng in $(echo "$_t1 $_t0" | awk '{printf "%.1f", $1 - $2}') s"
	_out=$(rngtest -c "$2" </tmp/hwrng.bin 2>&1)
	_ok=$(echo "$_out" | sed -n 's/.*FIPS 140-2 successes: \([0-9]*\).*/\1/p')
	_bad=$(echo "$_out" | sed -n 's/.*FIPS 140-2 failures: \([0-9]*\).*/\1/p')
	ktap_diag "$1: rngtest: $_ok successes, $_bad failures of $2 blocks (at most $_k allowed)"
	rm -f /tmp/hwrng.bin
	ktap_result "$([ -n "$_bad" ] && [ $((_ok + _bad)) -eq "$2" ] && [ "$_bad" -le "$_k" ]; echo $?)" \
		"$1.rngtest_fips140_2" "$_out"
}

# trr_write FILE VALUE: write VALUE, print the error text (empty if none).
trr_write() {
	{ echo "$2" >"$1"; } 2>&1 | sed 's/.*: //'
}

# policy_knob_rejects NAME FILE [VALUE...]: each bad value (default: those
# of a quality) written to FILE fails with "Invalid argument" and leaves
# FILE's value as it was.
policy_knob_rejects() {
	_name=$1 _file=$2
	shift 2
	[ $# -gt 0 ] || set -- -1 1025 abc 99999999999999999999
	for _v in "$@"; do
		_before=$(cat "$_file")
		_err=$(trr_write "$_file" "$_v")
		ktap_result "$([ "$_err" = "Invalid argument" ] && [ "$(cat "$_file")" = "$_before" ]; echo $?)" \
			"$_name.rejects_$_v" "error '$_err', value $_before -> $(cat "$_file")"
	done
}

# trr_unload: rmmod tpm-rdrand-rng, waiting at most 15 s; its status.
trr_unload() {
	timeout 15 rmmod "$TRR_MOD"
}

# module_loaded NAME: the module NAME is loaded.
module_loaded() {
	[ -d "/sys/module/$1" ]
}

# prov_above NAME BITS: NAME's accepted credit exceeds BITS.
prov_above() {
	_pa=$(prov_file "$1" 2)
	[ -n "$_pa" ] && ! bits_le "$_pa" "$2"
}

# trr_lines_above PATTERN N: more than N driver lines match PATTERN (as
# trr_lines): a line logged after a count was taken.
trr_lines_above() {
	[ "$(trr_lines "$1")" -gt "$2" ]
}

# tpm_hwrngs: the TPM hwrngs registered: tpm-rdrand, and tpm-rng-0 on a
# kernel with HW_RANDOM_TPM (the module kernel; the test kernel has it
# off, so that tpm-rdrand alone reads the TPM there).
tpm_hwrngs() {
	for _h in tpm-rdrand tpm-rng-0; do
		hwrng_has "$_h" && echo "$_h"
	done
}

# trr_snap: "TPM_BYTES CPU_BYTES CREDIT ACCEPTED" of tpm-rdrand, from one
# consistent moment: one awk reads the driver's stats, random.c's credit,
# and the stats again, which must agree (a fill read updates the counts,
# then credits within microseconds), or it is read again, up to 100 times.
# Prints nothing and fails if there is no such moment or a value is
# missing.
trr_snap() {
	_i=0
	while [ "$_i" -lt 100 ]; do
		awk -v f1="$TRR_DBG/stats" -v f2="$CREDIT" '
			FILENAME == f1 && FNR == 1 { pass++ }
			FILENAME == f1 { st[pass] = st[pass] $0 "\n" }
			FILENAME == f1 && $1 == "tpm" { t[pass] = $4 }
			FILENAME == f1 && $1 == "cpu" { u[pass] = $4 }
			FILENAME == f2 && $1 == "hwrng:tpm-rdrand" { c = $2 + $3; a = $2; seen = 1 }
			END {
				if (pass != 2 || st[1] != st[2]) exit 2
				if (!seen || t[1] == "" || u[1] == "") exit 1
				printf "%s %s %.3f %.3f\n", t[1], u[1], c, a
			}' "$TRR_DBG/stats" "$CREDIT" "$TRR_DBG/stats" 2>/dev/null
		case $? in
		0) return 0 ;;
		1) return 1 ;;
		esac
		_i=$((_i + 1))
	done
	return 1
}

# reseed_interval: the CRNG's reseed interval now, in whole seconds, as
# crng_reseed_interval() computes it: max(1, uptime / 2) in the first
# 120 s, 60 s after.
reseed_interval() {
	_up=$(cut -d. -f1 /proc/uptime)
	if [ "$_up" -ge 120 ]; then
		echo 60
	elif [ "$_up" -lt 2 ]; then
		echo 1
	else
		echo $((_up / 2))
	fi
}

# trr_both_serving: select tpm-rdrand, check that both of its sources
# passed their startup tests (cpu_ok, tpm_ok), and wait for the CRNG
# (ktap_first_blocking_read), so that what follows comes late.
trr_both_serving() {
	hwrng_select tpm-rdrand
	ktap_check cpu_ok wait_reading 20 trr_is cpu state ok
	ktap_check tpm_ok wait_reading 20 trr_is tpm state ok
	ktap_first_blocking_read
}

# proc_runtime_ms PID: the time PID has run on a CPU, in whole ms, by the
# scheduler's clock (/proc/PID/sched, CONFIG_SCHED_DEBUG): unlike tick
# accounting it does not miss the ticks of a vCPU that the loaded host
# did not run.
proc_runtime_ms() {
	awk '$1 == "se.sum_exec_runtime" { printf "%d", $3 }' "/proc/$1/sched" 2>/dev/null
}

# hwrng_serves_nothing PREFIX: /dev/hwrng has nothing to give (tpm-rdrand
# without a TPM that serves), and says so without spinning: a read with
# O_NONBLOCK fails with EAGAIN; a blocking reader gets no byte in 3 s and
# spends them asleep (an empty read sleeps 1 s in hwrng_msleep(), the
# core's loop then reads again): under 1 s on a CPU, where a driver that
# returned at once would keep it running the whole 3 s.
hwrng_serves_nothing() {
	ktap_check "$1.nonblock_eagain" hwrng-read-edges nonblock
	rm -f /tmp/hsn
	dd if=/dev/hwrng of=/tmp/hsn bs=64 count=1 2>/dev/null &
	_p=$!
	sleep 3
	_ms=$(proc_runtime_ms "$_p")
	_running=$(pid_running "$_p" && echo yes)
	kill "$_p" 2>/dev/null
	wait "$_p" 2>/dev/null
	_n=$(wc -c </tmp/hsn)
	ktap_result "$([ "$_running" = yes ] && [ "$_n" = 0 ]; echo $?)" "$1.blocking_read_gets_nothing" \
		"$_n bytes in 3 s; reader ${_running:-ended}"
	ktap_result "$([ -n "$_ms" ] && [ "$_ms" -lt 1000 ]; echo $?)" "$1.waiting_reader_sleeps" \
		"the reader ran ${_ms:-?} ms of its 3 s (less than 1000)"
}

# trr_readied_the_crng NAME: the CRNG is ready, and tpm-rdrand's reads
# made it so: most of the READY_BITS that small credits need were
# hwrng:tpm-rdrand's (another source, an interrupt batch, may still be the
# one whose credit crossed the line).
trr_readied_the_crng() {
	_by=$(prov_ready_by) _acc=$(prov_file hwrng:tpm-rdrand 2)
	ktap_result "$(crng_is_ready && bits_le 256 "$_acc"; echo $?)" "$1" \
		"ready by ${_by:-?}; hwrng:tpm-rdrand accepted ${_acc:-no row}"
}

# fault_fired DIR: the fault_attr DIR, armed to fire a number of times,
# has fired them all.
fault_fired() {
	[ "$(cat "$1/times")" = 0 ]
}

# trr_bad_word NAME WORD: one CPU word of zeros, at WORD (0-7) of a block:
# the driver's cpu-zero fault_attr fires once, on the (WORD + 1)th word
# from now (its space), and every read takes 8 words, so that one is at
# WORD of its block. The word test must see it: the block is dropped (a
# health failure, the "words all zeros" line), or, for the source's
# second bad word, the source is dropped for good. 8 zero bytes pass the
# byte tests (the RCT fails at 9), so nothing else would.
trr_bad_word() {
	_d=$TRR_DBG/cpu-zero
	_h0=$(trr_stat cpu health_failures) _l0=$(trr_lines 'cpu: 1 of 8 words all zeros or all ones')
	echo 0 >"$_d/verbose" && echo 1 >"$_d/interval" && echo $(($2 + 1)) >"$_d/space" &&
		echo 1 >"$_d/times" && echo 100 >"$_d/probability"
	wait_reading 10 fault_fired "$_d"
	_fired=$(cat "$_d/times")
	ktap_result "$([ "$_fired" = 0 ] && wait_for 5 trr_above cpu health_failures "$_h0" &&
		trr_lines_above 'cpu: 1 of 8 words all zeros or all ones' "$_l0"; echo $?)" "$1" \
		"fault left to fire: $_fired; CPU health failures $_h0 -> $(trr_stat cpu health_failures), state $(trr_stat cpu state)"
	echo 0 >"$_d/probability"
}

# trr_paused_10s NAME PATTERN: a source paused after a failed read, the
# last line the driver logged matching PATTERN (an ERE after
# "tpm-rdrand-rng: "), is not asked again for 10 s: with the fault still
# on, drive reads until the driver logs PATTERN once more, and check, from
# the kernel log's own times, that it came 10 s or more after the last.
# Reading the driver's counters at some moment instead would depend on
# how fast a loaded host runs the check.
trr_paused_10s() {
	_n0=$(trr_lines "$2")
	wait_reading 30 trr_lines_above "$2" "$_n0"
	_gap=$(dmesg | grep -E "tpm-rdrand-rng: $2" | tail -n 2 |
		sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p' | awk 'NR == 1 { a = $1 } NR == 2 { printf "%.2f", $1 - a }')
	ktap_result "$(awk -v g="$_gap" 'BEGIN { exit !(g != "" && g >= 9.9) }'; echo $?)" "$1" \
		"the next two failed reads ${_gap:+$_gap s apart}${_gap:-did not both come within 30 s}"
}

# trr_lines_apart NAME PATTERN: the driver logged PATTERN (an ERE after
# "tpm-rdrand-rng: ") at least once, and each time 10 s or more after the
# time before, by the kernel log's own times: a paused source is not asked
# again for 10 s however many reads come meanwhile.
trr_lines_apart() {
	_gaps=$(dmesg | grep -E "tpm-rdrand-rng: $2" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p' |
		awk 'NR > 1 { printf "%.2f ", $1 - last } { last = $1 } END { if (!NR) print "none" }')
	ktap_result "$(echo "$_gaps" | awk '$1 == "none" { exit 1 } { for (i = 1; i <= NF; i++) if ($i < 9.9) exit 1 }'; echo $?)" \
		"$1" "gaps between the lines: ${_gaps:-one line only}"
}

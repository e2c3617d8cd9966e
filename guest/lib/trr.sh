# shellcheck shell=sh
# Helpers for the tpm-rdrand-rng scenarios (sourced after /lib/ktap.sh).
# shellcheck disable=SC2034 # the paths are used by the sourcing scripts
TRR_DBG=/sys/kernel/debug/tpm-rdrand-rng
TRR_PAR=/sys/module/tpm_rdrand_rng/parameters
HWRNG_SYS=/sys/class/misc/hw_random

# trr_stat SOURCE KEY: one value of SOURCE's counters (tpm or rdrand).
trr_stat() {
	sed -n "s/^$2: //p" "$TRR_DBG/$1/stats" 2>/dev/null
}

# trr_all_seeded: every source present has been through its seed (a TPM
# handed over after the boot seed is seeded on its own).
trr_all_seeded() {
	for _s in "$TRR_DBG"/*/stats; do
		[ "$(sed -n 's/^present: //p' "$_s")" = 1 ] || continue
		[ "$(sed -n 's/^seeded: //p' "$_s")" = 1 ] || return 1
	done
}

# trr_wait_started SECONDS: wait until the driver's start work has run
# (its debugfs directory is there).
trr_wait_started() {
	_i=0
	while [ "$_i" -lt $(($1 * 10)) ]; do
		[ -d "$TRR_DBG" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# trr_wait_seeded COUNT SECONDS: wait until the driver has finished its
# COUNT-th boot seed (one per bind), which its workqueue runs after probe,
# and has seeded every source present.
trr_wait_seeded() {
	_i=0
	while [ "$_i" -lt $(($2 * 10)) ]; do
		[ "$(dmesg | grep -c 'tpm-rdrand-rng: boot seed from')" -ge "$1" ] &&
			trr_all_seeded && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# trr_wait_eq SOURCE KEY VALUE SECONDS: wait until KEY reads VALUE.
trr_wait_eq() {
	_i=0
	while [ "$_i" -lt $(($4 * 10)) ]; do
		[ "$(trr_stat "$1" "$2")" = "$3" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# trr_wait_gt SOURCE KEY VALUE SECONDS: wait until KEY exceeds VALUE.
trr_wait_gt() {
	_i=0
	while [ "$_i" -lt $(($4 * 10)) ]; do
		_v=$(trr_stat "$1" "$2")
		[ -n "$_v" ] && [ "$_v" -gt "$3" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# trr_credit_exact SOURCE: from one snapshot of the counters, the credit
# claimed (claimed_frac, in 1/8 bits) equals bytes_claimed x quality
# (bytes * 8 * q / 1024 * 8) within one fractional unit, some bytes were
# claimed, and every byte mixed is claimed, dropped with a failed window,
# or pending in the APT window under test (fewer than its 512 samples):
# credit is only claimed once a window has passed.
trr_credit_exact() {
	_s=$(cat "$TRR_DBG/$1/stats")
	_b=$(echo "$_s" | sed -n 's/^bytes_claimed: //p')
	_m=$(echo "$_s" | sed -n 's/^bytes_mixed: //p')
	_p=$(echo "$_s" | sed -n 's/^bytes_pending: //p')
	_d=$(echo "$_s" | sed -n 's/^bytes_dropped: //p')
	_c=$(echo "$_s" | sed -n 's/^claimed_frac: //p')
	_q=$(echo "$_s" | sed -n 's/^quality: //p')
	_e=$((_b * _q / 16))
	ktap_diag "$1: bytes_mixed=$_m claimed=$_b pending=$_p dropped=$_d quality=$_q" \
		"claimed=$(echo "$_s" | sed -n 's/^claimed_bits: //p') bits (${_c}/8), expected ${_e}/8"
	[ "$_b" -gt 0 ] && [ $((_e - _c)) -le 1 ] && [ $((_c - _e)) -le 1 ] &&
		[ "$_m" -eq $((_b + _d + _p)) ] && [ "$_p" -lt 512 ]
}

# trr_claim_snap SOURCE: "bytes_claimed claimed_frac" from one read.
trr_claim_snap() {
	_s=$(cat "$TRR_DBG/$1/stats")
	echo "$(echo "$_s" | sed -n 's/^bytes_claimed: //p') $(echo "$_s" | sed -n 's/^claimed_frac: //p')"
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

# trr_block_readers: fail both sources by fault injection, start two
# readers of /dev/hwrng (pids in R1 and R2) and report that they block.
trr_block_readers() {
	echo error >"$TRR_DBG/tpm/inject"
	echo error >"$TRR_DBG/rdrand/inject"
	ktap_check blocked.tpm_failed trr_wait_eq tpm state failed 5
	ktap_check blocked.rdrand_failed trr_wait_eq rdrand state failed 5
	cat /dev/hwrng >/tmp/r1 2>/dev/null &
	R1=$!
	cat /dev/hwrng >/tmp/r2 2>/dev/null &
	R2=$!
	sleep 2
	ktap_result "$(kill -0 $R1 && kill -0 $R2 && [ ! -s /tmp/r1 ] && [ ! -s /tmp/r2 ]; echo $?)" \
		blocked.readers_blocked
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
	awk -v n="$1" -v c="$2" '$1 == n { print $c }' /sys/kernel/debug/random/credit 2>/dev/null
}

# bits_le A B: A <= B for decimal bit counts.
bits_le() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 <= b + 0) }'
}

# crng_ready_at_boot: "crng init done" comes before "Freeing unused" (the
# end of the kernel's init), i.e. something credited the pool in full at
# boot.
crng_ready_at_boot() {
	_i=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
	_f=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
	[ -n "$_i" ] && [ -n "$_f" ] && [ "$_i" -lt "$_f" ]
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

# prov_tpm_within_share: the TPM's credit on the provenance line is at
# most its quality share (8/1024) of the bytes it fed the pool, read after
# the fact, and more than nothing.
prov_tpm_within_share() {
	_tpm=$(prov_bits tpm-rdrand:tpm)
	_share=$(awk -v b="$(trr_stat tpm bytes_mixed)" 'BEGIN { printf "%.3f", b * 8 * 8 / 1024 }')
	ktap_result "$(bits_le "$_tpm" "$_share"; echo $?)" tpm_credit_within_share \
		"tpm credited $_tpm bits, share of its bytes mixed $_share"
	ktap_result "$(bits_le 0.125 "$_tpm"; echo $?)" tpm_credited "tpm credited $_tpm bits"
}

# trr_loads: how many times the driver has started (boot seed lines).
trr_loads() {
	dmesg | grep -c 'tpm-rdrand-rng: boot seed from'
}

# trr_load [PARAM=VALUE...]: on the module kernel, load tpm-rdrand-rng
# (with the PARAMs; kmod adds those on the kernel command line), then the
# TPM interface driver, and wait for the seed of every source. Driver
# first: a TPM registered before it would be tpm-rng-0, fully credited as
# on vanilla, until the driver takes it over. The driver binds to no
# device: unloading is how it goes away.
trr_load() {
	_n=$(trr_loads)
	modprobe tpm_rdrand_rng "$@" && modprobe tpm_tis &&
		trr_wait_seeded $((_n + 1)) 30
}

# trr_unload: rmmod tpm-rdrand-rng, waiting at most 15 s; its status.
trr_unload() {
	timeout 15 rmmod tpm_rdrand_rng
}

#!/bin/sh
# Everything at once for STRESS_S seconds on two CPUs, starting before the
# CRNG is ready: /dev/hwrng readers, RNDADDENTROPY and RNDADDTOENTCNT
# writers, an entropy_avail sampler, quality changes (valid and invalid)
# through rng_core.default_quality, rng_core.current_quality and
# rng_quality, rng_current changes, the driver's faults switched on and
# off, rmmod/modprobe of the driver and, less often, of tpm_tis. Then
# invariants: entropy_avail and RNDGETENTCNT agree and never drop from one
# sample to the next (random.c never takes credit back), bad quality
# writes were refused, and a fresh load under the default policy is
# credited at 8/1024 in random.c's account. The runner adds: no splat, no
# leak.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
STRESS_S=16
ktap_begin
ktap_check two_cpus test "$(grep -c ^processor /proc/cpuinfo)" -ge 2
ktap_check crng_not_ready_yet sh -c '! dmesg | grep -q "crng init done"'
# The driver alone serves and credits nothing (no TPM yet): the TPM comes
# and goes during the run, the writers credit, so that the CRNG becomes
# ready in the middle of it.
ktap_check driver_loads modprobe "$TRR_MOD"

stop=/tmp/stress.stop
rm -f "$stop"
pids=""
spawn() { "$@" & pids="$pids $!"; }

# Readers restart when an rmmod or "none" ends their read, and at least
# every 2 s: with no TPM that serves, a read waits.
reader() {
	while [ ! -e "$stop" ]; do
		timeout 2 dd if=/dev/hwrng of=/dev/null bs="$1" count=64 2>/dev/null || sleep 0.05
	done
}
# The sampler first; the writers credit 1..4 bits every 20 ms each, so the
# CRNG becomes ready some seconds in: credit races both before and after.
entropy_stress sample "$((STRESS_S + 2))" >/tmp/s1 &
s1=$!
spawn reader 64
spawn reader 4096
entropy_stress addentropy "$STRESS_S" 20000 >/tmp/w1 &
w1=$!
entropy_stress addtoentcnt "$STRESS_S" 20000 >/tmp/w2 &
w2=$!
# Quality changes; a bad value must be refused whatever else is going on,
# and default_quality (written only here) must keep the good one.
quality() {
	q=0 bad=0 rounds=0
	while [ ! -e "$stop" ]; do
		q=$(((q * 37 + 11) % 1025))
		echo "$q" >"$RNG_CORE/default_quality"
		echo $((1024 - q)) 2>/dev/null >"$RNG_CORE/current_quality"
		echo "$q" 2>/dev/null >"$HWRNG_SYS/rng_quality"
		for v in -1 1025 abc; do
			for f in "$RNG_CORE/default_quality" "$RNG_CORE/current_quality" \
				"$HWRNG_SYS/rng_quality"; do
				echo "$v" 2>/dev/null >"$f" && bad=$((bad + 1))
			done
		done
		[ "$(cat "$RNG_CORE/default_quality")" = "$q" ] || bad=$((bad + 1))
		rounds=$((rounds + 1))
		sleep 0.05
	done
	echo "$rounds" >/tmp/quality.rounds
	echo "$bad" >/tmp/quality.bad
}
spawn quality
# The current rng changes under the readers and the fill thread.
current() {
	while [ ! -e "$stop" ]; do
		for c in tpm-rdrand tpm-rng-0 none ""; do
			echo "$c" 2>/dev/null >"$HWRNG_SYS/rng_current"
			sleep 0.3
		done
	done
}
spawn current
# Faults on and off (a stuck source is dropped for good: the reloads
# bring it back); the directories go with the module.
faults() {
	while [ ! -e "$stop" ]; do
		for f in cpu-empty cpu-zero tpm-fail tpm-stuck cpu-ones; do
			trr_fault "$f" on 2>/dev/null
			sleep 0.2
			trr_fault "$f" off 2>/dev/null
		done
	done
}
spawn faults
# tpm_tis loaded and unloaded in turn: the TPM vanishes under the
# driver's reads and tpm-rng-0 comes and goes.
tis() {
	n=0
	while [ ! -e "$stop" ]; do
		sleep 1.5
		if module_loaded tpm_tis; then
			timeout 15 rmmod tpm_tis 2>/dev/null
		else
			modprobe tpm_tis && n=$((n + 1))
		fi
	done
	echo "$n" >/tmp/tis.loads
}
spawn tis
# rmmod fails (EBUSY) while a fault write holds a file of the module
# open: it is tried again for up to 0.5 s, and only the loads that
# followed an unload count.
unload_soon() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		rmmod "$TRR_MOD" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}
loads=0
end=$(($(cut -d. -f1 /proc/uptime) + STRESS_S))
times=""
# At least 3 reloads: a loaded host stretches each to seconds, so the
# loop may run up to 30 s past STRESS_S for them.
while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ] ||
	{ [ "$loads" -lt 3 ] && [ "$(cut -d. -f1 /proc/uptime)" -lt $((end + 30)) ]; }; do
	sleep 0.5
	t0=$(cut -d' ' -f1 /proc/uptime)
	unload_soon || continue
	t1=$(cut -d' ' -f1 /proc/uptime)
	sleep 0.3
	t2=$(cut -d' ' -f1 /proc/uptime)
	modprobe "$TRR_MOD" && loads=$((loads + 1))
	times="$times $(awk -v a="$t0" -v b="$t1" -v c="$t2" '{ printf "%.1f+%.1f", b - a, $1 - c }' /proc/uptime)"
done
wait "$w1" "$w2"
touch "$stop"
# shellcheck disable=SC2086 # a list of pids
wait $pids
wait "$s1"
ktap_diag "$(cat /tmp/w1) / $(cat /tmp/w2) / $(cat /tmp/s1) / loads=$loads / tpm_tis loads=$(cat /tmp/tis.loads)"
ktap_diag "seconds to unload+load the driver:$times"

ktap_result "$([ "$loads" -ge 3 ]; echo $?)" rmmod_modprobe_loops "$loads reloads"
ktap_result "$([ "$(cat /tmp/tis.loads)" -ge 2 ]; echo $?)" tpm_tis_loads "$(cat /tmp/tis.loads) reloads"
for w in w1 w2; do
	read -r _ mode calls errors </tmp/$w
	ktap_result "$([ "${calls#calls=}" -gt 100 ] && [ "$errors" = errors=0 ]; echo $?)" \
		"writer_$mode" "$calls $errors"
done
read -r _ _ n min max outside backwards errors drops </tmp/s1
ktap_diag "entropy_avail samples: $n $min $max $outside; crng init done at $(dmesg_time 'crng init done') s"
# Some samples before readiness, and some at it, or the run proves little.
ktap_result "$([ "${min#min=}" -lt 256 ] && [ "${max#max=}" = 256 ]; echo $?)" sampled_across_ready "$min $max"
ktap_result "$([ "${n#n=}" -gt 100 ] && [ "$drops" = drops=0 ]; echo $?)" entropy_avail_never_drops "$n $drops"
ktap_result "$([ "$backwards" = backwards=0 ] && [ "$errors" = errors=0 ]; echo $?)" \
	entropy_count_agrees "$backwards $errors"
ktap_result "$([ "$(cat /tmp/quality.bad)" = 0 ] && [ "$(cat /tmp/quality.rounds)" -ge 3 ]; echo $?)" \
	bad_quality_refused \
	"$(cat /tmp/quality.bad) bad writes accepted or values changed in $(cat /tmp/quality.rounds) rounds"

# Quiet phase: the default policy, no faults, a fresh load, tpm_tis there.
echo 8 >"$RNG_CORE/default_quality"
module_loaded tpm_tis || modprobe tpm_tis
module_loaded "$TRR_MOD" || modprobe "$TRR_MOD"
ktap_check unloaded_last trr_unload
n0=$(trr_lines 'TPM-served reads credited at 8/1024')
ktap_check reloaded modprobe "$TRR_MOD"
ktap_result "$([ "$(trr_lines 'TPM-served reads credited at 8/1024')" -gt "$n0" ]; echo $?)" reloaded_at_8
hwrng_kick tpm-rdrand
ktap_check tpm_ok wait_reading 10 trr_is tpm state ok
ktap_check cpu_ok trr_is cpu state ok
ktap_check crng_ready wait_for 10 crng_is_ready
trr_fill_check fill_read_credited_4_bits 64 64 4
ktap_check unloaded_at_end trr_unload
ktap_end

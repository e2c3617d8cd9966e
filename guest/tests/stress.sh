#!/bin/sh
# Everything at once for STRESS_S seconds on two CPUs, before the CRNG is
# ready (trust_cpu=off, no jitter read): /dev/hwrng readers, RNDADDENTROPY
# and RNDADDTOENTCNT writers, an entropy_avail sampler, quality changes
# (valid and invalid), fault-injection changes, rmmod/modprobe of the
# driver (module kernel: it binds to no device, unloading is how it goes).
# Then invariants: entropy_avail never left [0, 256], bad quality writes
# were refused and changed nothing, and after a last load with fixed
# qualities each source's claimed credit is bytes x quality / 1024 within
# the carry. The runner adds: no splat, no leak.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
STRESS_S=12
ktap_begin
ktap_check two_cpus test "$(grep -c ^processor /proc/cpuinfo)" -ge 2
ktap_check loaded trr_load
ktap_check crng_not_ready_yet sh -c '! dmesg | grep -q "crng init done"'

stop=/tmp/stress.stop
rm -f "$stop"
pids=""
spawn() { "$@" & pids="$pids $!"; }

# Readers restart when an rmmod ends their read.
reader() { while [ ! -e "$stop" ]; do dd if=/dev/hwrng of=/dev/null bs="$1" count=64 2>/dev/null; done; }
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
# Quality changes; a bad value must be refused whatever else is going on.
# The parameters go with the module: a round counts only if the module
# stayed loaded through it (its sysfs directory is the same one).
quality() {
	q=0
	bad=0
	rounds=0
	while [ ! -e "$stop" ]; do
		q=$(((q * 37 + 11) % 1025))
		l0=$(stat -c %i /sys/module/tpm_rdrand_rng 2>/dev/null)
		echo "$q" 2>/dev/null >"$TRR_PAR/tpm_quality" || { sleep 0.05; continue; }
		echo $((1024 - q)) 2>/dev/null >"$TRR_PAR/rdrand_quality"
		b=0
		for v in -1 1025 abc; do
			echo "$v" 2>/dev/null >"$TRR_PAR/tpm_quality" && b=$((b + 1))
		done
		[ "$(cat "$TRR_PAR/tpm_quality" 2>/dev/null)" = "$q" ] || b=$((b + 1))
		if [ -n "$l0" ] && [ "$(stat -c %i /sys/module/tpm_rdrand_rng 2>/dev/null)" = "$l0" ]; then
			bad=$((bad + b))
			rounds=$((rounds + 1))
		fi
		sleep 0.05
	done
	echo "$rounds" >/tmp/quality.rounds
	echo "$bad" >/tmp/quality.bad
}
spawn quality
faults() {
	while [ ! -e "$stop" ]; do
		for f in rct apt stuck error none none; do
			for s in tpm rdrand; do
				echo "$f" 2>/dev/null >"$TRR_DBG/$s/inject"
			done
			sleep 0.2
		done
	done
}
spawn faults
# rmmod fails (EBUSY) while a fault or quality write holds a file of the
# module open: only the loads that followed an unload count.
loads=0
end=$(($(cut -d. -f1 /proc/uptime) + STRESS_S))
while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
	sleep 0.5
	rmmod tpm_rdrand_rng 2>/dev/null || continue
	sleep 0.3
	modprobe tpm_rdrand_rng && loads=$((loads + 1))
done
wait "$w1" "$w2"
touch "$stop"
# shellcheck disable=SC2086 # a list of pids
wait $pids
wait "$s1"
ktap_diag "$(cat /tmp/w1) / $(cat /tmp/w2) / $(cat /tmp/s1) / loads=$loads"

ktap_result "$([ "$loads" -ge 3 ]; echo $?)" rmmod_modprobe_loops "$loads reloads"
for w in w1 w2; do
	read -r _ mode calls errors </tmp/$w
	ktap_result "$([ "${calls#calls=}" -gt 100 ] && [ "$errors" = errors=0 ]; echo $?)" \
		"writer_$mode" "$calls $errors"
done
read -r _ _ n min max outside backwards errors </tmp/s1
ktap_diag "entropy_avail samples: $n $min $max; crng init done at $(dmesg_time 'crng init done') s"
# Some samples before readiness, or the range check proves little.
ktap_result "$([ "${min#min=}" -lt 256 ]; echo $?)" sampled_before_ready "$min"
ktap_result "$([ "${n#n=}" -gt 100 ] && [ "$outside" = outside=0 ] && [ "${min#min=}" -ge 0 ] &&
	[ "${max#max=}" -le 256 ]; echo $?)" entropy_avail_in_range "$n $min $max $outside"
ktap_result "$([ "$backwards" = backwards=0 ] && [ "$errors" = errors=0 ]; echo $?)" \
	entropy_count_agrees "$backwards $errors"
ktap_result "$([ "$(cat /tmp/quality.bad)" = 0 ] && [ "$(cat /tmp/quality.rounds)" -ge 3 ]; echo $?)" \
	bad_quality_refused \
	"$(cat /tmp/quality.bad) bad writes accepted or values changed in $(cat /tmp/quality.rounds) rounds"

# Quiet phase: fixed qualities, no faults, a fresh load, one reader.
ktap_check unloaded_last trr_unload
ktap_check reloaded trr_load tpm_quality=8 rdrand_quality=3
ktap_check current_again grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
dd if=/dev/hwrng of=/dev/null bs=512 count=8 2>/dev/null
ktap_check tpm_fed trr_wait_gt tpm bytes_claimed 1023 15
ktap_check rdrand_fed trr_wait_gt rdrand bytes_claimed 1023 15
ktap_check tpm_credit_exact trr_credit_exact tpm
ktap_check rdrand_credit_exact trr_credit_exact rdrand
ktap_end

#!/bin/sh
# Everything at once for STRESS_S seconds on two CPUs, before the CRNG is
# ready (trust_cpu=off, no jitter read): /dev/hwrng readers, RNDADDENTROPY
# and RNDADDTOENTCNT writers, an entropy_avail sampler, quality changes
# (valid and invalid), fault-injection changes, unbind/bind of the driver.
# Then invariants: entropy_avail never left [0, 256], bad quality writes
# were refused and changed nothing, and after a last bind with fixed
# qualities each source's claimed credit is bytes x quality / 1024 within
# the carry. The runner adds: no splat, no leak.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
DRV=/sys/bus/platform/drivers/tpm-rdrand-rng
STRESS_S=12
ktap_begin
ktap_check two_cpus test "$(grep -c ^processor /proc/cpuinfo)" -ge 2
ktap_check crng_not_ready_yet sh -c '! dmesg | grep -q "crng init done"'

stop=/tmp/stress.stop
rm -f "$stop"
pids=""
spawn() { "$@" & pids="$pids $!"; }

# Readers restart when an unbind ends their read.
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
quality() {
	q=0
	bad=0
	while [ ! -e "$stop" ]; do
		q=$(((q * 37 + 11) % 1025))
		echo "$q" >"$TRR_PAR/tpm_quality"
		echo $((1024 - q)) >"$TRR_PAR/rdrand_quality"
		for v in -1 1025 abc; do
			echo "$v" 2>/dev/null >"$TRR_PAR/tpm_quality" && bad=$((bad + 1))
		done
		[ "$(cat "$TRR_PAR/tpm_quality")" = "$q" ] || bad=$((bad + 1))
		sleep 0.05
	done
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
binds=0
end=$(($(cut -d. -f1 /proc/uptime) + STRESS_S))
while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
	sleep 0.5
	echo tpm-rdrand-rng >"$DRV/unbind" 2>/dev/null
	sleep 0.3
	echo tpm-rdrand-rng >"$DRV/bind" 2>/dev/null && binds=$((binds + 1))
done
wait "$w1" "$w2"
touch "$stop"
# shellcheck disable=SC2086 # a list of pids
wait $pids
wait "$s1"
ktap_diag "$(cat /tmp/w1) / $(cat /tmp/w2) / $(cat /tmp/s1) / binds=$binds"

ktap_result "$([ "$binds" -ge 3 ]; echo $?)" unbind_bind_loops "$binds rebinds"
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
ktap_result "$([ "$(cat /tmp/quality.bad)" = 0 ]; echo $?)" bad_quality_refused \
	"$(cat /tmp/quality.bad) bad writes accepted or values changed"

# Quiet phase: fixed qualities, no faults, a fresh bind, one reader.
echo 8 >"$TRR_PAR/tpm_quality"
echo 3 >"$TRR_PAR/rdrand_quality"
echo tpm-rdrand-rng >"$DRV/unbind" 2>/dev/null
echo tpm-rdrand-rng >"$DRV/bind"
ktap_check rebound grep -qx tpm-rdrand "$HWRNG_SYS/rng_current"
dd if=/dev/hwrng of=/dev/null bs=512 count=8 2>/dev/null
ktap_check tpm_fed trr_wait_gt tpm bytes_claimed 1023 15
ktap_check rdrand_fed trr_wait_gt rdrand bytes_claimed 1023 15
ktap_check tpm_credit_exact trr_credit_exact tpm
ktap_check rdrand_credit_exact trr_credit_exact rdrand
ktap_end

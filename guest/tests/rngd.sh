#!/bin/sh
# rngd from rng-tools5 on /dev/hwrng: as Debian's rngd.service starts it
# (rngd_mode=default: "rngd -f" at boot), without its userspace RDRAND
# source (rngd_mode=nodrng: "rngd -f -d 1" at boot), or in the configuration
# the README recommends (rngd_mode=recommended: started once the CRNG is
# ready, "rngd -f -d 1 -n 1"). rngd credits 8 bits per byte it writes with
# RNDADDENTROPY, past every policy knob. The hwrng core's fill thread
# credits the TPM at 8/1024 from boot, which may make the CRNG ready before
# rngd starts: what rngd credits then comes late. With the hwrngs credited
# nothing (nodrng: rng_core.default_quality=0), rngd without its RDRAND
# source makes the CRNG ready by ioctl (with it, rngd blocks until the
# CRNG is ready: its libgcrypt seeds itself with a blocking getrandom(),
# and the jitter entropy that read starts wins); as recommended it
# credits nothing that counts.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
mode=$(sed -n 's/.*rngd_mode=\([a-z]*\).*/\1/p' /proc/cmdline)
[ "$mode" = nodrng ] && rngd_opts="-d 1"
# prov_ioctl_at_least BITS: rngd's RNDADDENTROPY offered at least BITS,
# accepted and late together.
prov_ioctl_at_least() {
	bits_le "$1" "$(prov_sum ioctl)"
}
# rngd_bits_late: rngd wrote after the CRNG was ready: nothing of its
# credit accepted, and at least one 64-byte write (512 bits) counted late.
rngd_bits_late() {
	wait_for 5 prov_ioctl_at_least 512
	ktap_result "$([ "$(prov_file ioctl 2)" = 0.000 ] && bits_le 512 "$(prov_file ioctl 3)"; echo $?)" \
		rngd_bits_late "ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3) bits"
}
ktap_begin
if [ "$mode" = recommended ]; then
	# ExecStartPre of the drop-in: wait until the CRNG is ready.
	ktap_first_blocking_read
	rngd -f -d 1 -n 1 >/tmp/rngd.log 2>&1 &
	pid=$!
	sleep 3
	ktap_check rngd_running pid_running "$pid"
	ktap_check ready_not_by_ioctl sh -c '! dmesg | grep -q "crng ready at .* by ioctl;"'
	rngd_bits_late
	ktap_check cpu_credit_zero test "$(prov_bits cpu)" = 0.000
else
	by_then=$(prov_ready_by)
	ktap_diag "CRNG ready when rngd starts: $by_then"
	# shellcheck disable=SC2086 # the options are a list
	rngd -f ${rngd_opts:-} >/tmp/rngd.log 2>&1 &
	pid=$!
	i=0
	while [ "$i" -lt 300 ] && ! dmesg_has 'crng ready at'; do
		sleep 0.1
		i=$((i + 1))
	done
	ktap_check crng_ready dmesg_has 'random: crng ready at'
	if [ "$mode" = default ]; then
		# Whichever readied the CRNG (the fill thread's TPM credit, or
		# the jitter entropy rngd's own blocking getrandom() starts),
		# rngd writes only after: what it credits is ignored.
		rngd_bits_late
		ktap_result "$([ "$(prov_ready_by)" != ioctl ]; echo $?)" ready_not_by_ioctl \
			"ready by $(prov_ready_by)"
	else
		# rngd credits 8 bits per byte: at least one 64-byte write of
		# 512 (its first write may come just after ready: wait for it).
		wait_for 5 prov_ioctl_at_least 512
		ktap_result "$?" rngd_credits_8_bits_per_byte \
			"ioctl accepted $(prov_file ioctl 2) + late $(prov_file ioctl 3) bits"
	fi
	if [ "$mode" = nodrng ]; then
		ktap_check hwrngs_credit_nothing test "$(cat "$RNG_CORE/default_quality")" = 0
		ktap_result "$([ "$by_then" = no ]; echo $?)" not_ready_before_rngd "ready: $by_then"
		# Nothing holds rngd back: its first write makes the CRNG ready.
		ktap_check ready_by_ioctl dmesg_has 'random: crng ready at [0-9.]+ s by ioctl;'
		ktap_result "$(bits_le 512 "$(prov_bits ioctl)"; echo $?)" ioctl_credit_accepted \
			"ioctl credited $(prov_bits ioctl) bits before ready"
	fi
	ktap_check rngd_running pid_running "$pid"
fi
prov_policy_checks provenance
dmesg | grep 'crng ready at' | sed 's/^/# /'
sed 's/^/# rngd: /' /tmp/rngd.log
kill "$pid"
wait "$pid" 2>/dev/null
ktap_end

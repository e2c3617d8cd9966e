# shellcheck shell=sh
# Helpers for the Debian scenarios (sourced after /lib/ktap.sh and
# /lib/trr.sh; installed as /lib/debian-boot.sh).

# boot_state: wait (at most 120 s) until systemd has no job left, and
# print its state: "running", or "degraded" when a unit failed.
boot_state() {
	timeout 120 systemctl is-system-running --wait 2>/dev/null || true
}

# no_failed_units NAME: KTAP: the boot finished, and no unit failed
# (systemctl --failed is empty).
no_failed_units() {
	_state=$(boot_state)
	_failed=$(systemctl --failed --plain --no-legend | awk '{ printf "%s ", $1 }')
	ktap_result "$([ "$_state" = running ] && [ -z "$_failed" ]; echo $?)" "$1" \
		"system $_state; failed units: ${_failed:-none}"
}

# unit_prop UNIT PROPERTY: the value of one of systemd's unit properties.
unit_prop() {
	systemctl show -p "$2" --value "$1"
}

# crng_done_us: the time of "crng init done" in the kernel log, in µs of
# CLOCK_MONOTONIC as systemd's timestamps are (printk's clock is close
# enough to it for ordering units by the ms); empty before.
crng_done_us() {
	dmesg_time 'random: crng init done' | awk '$1 != "" { printf "%.0f", $1 * 1000000 }'
}

# units_across_crng: the units that were starting when the CRNG became
# ready and became active after it: those a blocking read may have held.
units_across_crng() {
	_t=$(crng_done_us)
	[ -n "$_t" ] || return 0
	# shellcheck disable=SC2046 # a list of unit names
	systemctl show -p Id -p InactiveExitTimestampMonotonic -p ActiveEnterTimestampMonotonic \
		-- $(systemctl list-units --all --plain --no-legend | awk '{ print $1 }') |
		awk -v t="$_t" 'BEGIN { RS = ""; FS = "\n" }
		{
			id = ""; s = 0; a = 0
			for (i = 1; i <= NF; i++) {
				k = substr($i, 1, index($i, "=") - 1); v = substr($i, index($i, "=") + 1)
				if (k == "Id") id = v
				if (k == "InactiveExitTimestampMonotonic") s = v + 0
				if (k == "ActiveEnterTimestampMonotonic") a = v + 0
			}
			if (s > 0 && s < t && a > t)
				printf "%s (starting at %.3f s, active at %.3f s)\n", id, s / 1e6, a / 1e6
		}'
}

# boot_diag: what a reader of the results wants beside the checks: when
# the CRNG became ready and by what, systemd-analyze's figures, the units
# the CRNG held, all as KTAP diagnostics.
boot_diag() {
	ktap_diag "crng init done at $(dmesg_time 'random: crng init done') s"
	dmesg | grep -E 'random: crng ready at' | sed 's/^/# /'
	systemd-analyze 2>&1 | sed 's/^/# systemd-analyze: /'
	units_across_crng | sed "s/^/# starting when the CRNG became ready: /"
}

# ioctl_at_least BITS: RNDADDENTROPY (rngd, systemd-random-seed) offered at
# least BITS, accepted and late together.
ioctl_at_least() {
	bits_le "$1" "$(prov_sum ioctl)"
}

# active_after_crng UNIT: UNIT became active only after the CRNG was ready.
active_after_crng() {
	[ "$(unit_prop "$1" ActiveEnterTimestampMonotonic)" -gt "$(crng_done_us)" ]
}

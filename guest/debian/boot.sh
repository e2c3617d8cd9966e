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

# POLICY_CFG: the GRUB drop-in of the policy package (hwrng-seed-policy).
POLICY_CFG=/etc/default/grub.d/hwrng-seed-policy.cfg

# policy_words: the words the policy package adds to GRUB_CMDLINE_LINUX,
# one a line; none without the package.
policy_words() {
	# shellcheck disable=SC2016 # the drop-in's text, not an expansion
	sed -n 's/^[[:space:]]*GRUB_CMDLINE_LINUX="\$GRUB_CMDLINE_LINUX \(.*\)"$/\1/p' \
		"$POLICY_CFG" 2>/dev/null | tr ' ' '\n' | grep .
}

# policy_from_package PREFIX: KTAP: the policy package is installed and
# owns its GRUB drop-in, which names the policy; this boot's command line
# is GRUB's (it starts with BOOT_IMAGE=, the harness passes none) and has
# every word of the drop-in, each the last of its name (the one in force),
# and /etc/default/grub itself has none of them.
policy_from_package() {
	ktap_result "$(dpkg-query -W -f='${Status}' hwrng-seed-policy 2>/dev/null |
		grep -q 'install ok installed' && dpkg -S "$POLICY_CFG" | grep -q '^hwrng-seed-policy:' &&
		[ -n "$(policy_words)" ]; echo $?)" "$1.package_owns_drop_in" \
		"$(dpkg -S "$POLICY_CFG" 2>&1); words: $(policy_words | tr '\n' ' ')"
	ktap_result "$(case "$(cat /proc/cmdline)" in BOOT_IMAGE=*) echo 0 ;; *) echo 1 ;; esac)" \
		"$1.command_line_from_grub" "$(cat /proc/cmdline)"
	_missing=
	for _w in $(policy_words); do
		[ "$(cmdline_last "${_w%%=*}")" = "$_w" ] || _missing="$_missing $_w"
	done
	ktap_result "$([ -z "$_missing" ]; echo $?)" "$1.words_in_force" \
		"not in force:$_missing; command line: $(cat /proc/cmdline)"
	_own=
	for _w in $(policy_words); do
		grep -q "^GRUB_CMDLINE_LINUX.*${_w%%=*}=" /etc/default/grub && _own="$_own $_w"
	done
	ktap_result "$([ -z "$_own" ]; echo $?)" "$1.only_from_the_package" \
		"/etc/default/grub names:$_own"
}

# no_policy PREFIX: KTAP: no policy package, and none of its knobs on the
# command line (the kernel's own defaults are in force).
no_policy() {
	ktap_result "$(! dpkg-query -W -f='${Status}' hwrng-seed-policy 2>/dev/null |
		grep -q 'install ok installed'; echo $?)" "$1.no_policy_package"
	ktap_result "$(! grep -qwE 'random\.trust_(cpu|bootloader)|rng_core\.[a-z_]*' /proc/cmdline; echo $?)" \
		"$1.no_policy_words" "$(cat /proc/cmdline)"
}

# kernel_from PREFIX PACKAGE_RE: KTAP: the running kernel's image belongs to
# a package whose name matches the ERE PACKAGE_RE (dpkg -S).
kernel_from() {
	_owner=$(dpkg -S "/boot/vmlinuz-$(uname -r)" 2>&1 | cut -d: -f1)
	ktap_result "$(echo "$_owner" | grep -qxE "$2"; echo $?)" "$1.kernel_package" \
		"uname -r $(uname -r); /boot/vmlinuz-$(uname -r) from $_owner"
}

# hwrng_nonblock_read: one non-blocking 64-byte read of /dev/hwrng: prints
# the bytes read, then dd's error ("none" when it gave bytes).
hwrng_nonblock_read() {
	_err=$(dd if=/dev/hwrng of=/tmp/hwrng.nb bs=64 count=1 iflag=nonblock 2>&1 >/dev/null |
		grep -v 'records\|copied' | sed 's/.*: //')
	echo "$(wc -c </tmp/hwrng.nb 2>/dev/null || echo 0) ${_err:-none}"
	rm -f /tmp/hwrng.nb
}

# ioctl_counted_nothing PREFIX: KTAP: RNDADDENTROPY (rngd, a seed file)
# was accepted nothing: whatever came, came after ready.
ioctl_counted_nothing() {
	ktap_result "$([ "$(prov_file ioctl 2)" = 0.000 ]; echo $?)" "$1.ioctl_accepted_nothing" \
		"ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3) bits"
}

# rngd_as_the_package_starts_it PREFIX: KTAP: rngd.service runs with the
# policy package's drop-in, which starts rngd once the CRNG is ready and
# without its RDRAND source: running, it started after ready; gone, it
# left for want of a source ("No entropy sources working", exit 0: not a
# failed unit). Waits for the CRNG first.
rngd_as_the_package_starts_it() {
	ktap_result "$(unit_prop rngd.service DropInPaths |
		grep -q '/usr/lib/systemd/system/rngd.service.d/hwrng-seed-policy.conf' &&
		unit_prop rngd.service ExecStart | grep -q 'argv\[\]=/usr/sbin/rngd -f -d 1 -n 1 ;'; echo $?)" \
		"$1.rngd_drop_in" "$(unit_prop rngd.service DropInPaths): $(unit_prop rngd.service ExecStart)"
	_started=$(unit_prop rngd.service ExecMainStartTimestampMonotonic)
	if systemctl -q is-active rngd.service; then
		ktap_result "$([ -n "$_started" ] && [ "$_started" -gt "$(crng_done_us)" ]; echo $?)" \
			"$1.rngd_after_ready" "rngd running since $_started us, crng init done at $(crng_done_us) us"
	else
		journalctl -b -u rngd.service -o cat | grep -q 'No entropy sources working, exiting rngd'
		ktap_result "$?" "$1.rngd_after_ready" \
			"rngd gone: $(journalctl -b -u rngd.service -o cat | tail -n 2 | tr '\n' ' ')"
	fi
}

# unmkinitramfs_modules INITRD: the modules INITRD's init loads itself
# (conf/modules: initramfs-tools' force_load and /etc/initramfs-tools/modules).
unmkinitramfs_modules() {
	rm -rf /tmp/initrd.x
	unmkinitramfs "$1" /tmp/initrd.x 2>/dev/null
	cat /tmp/initrd.x/conf/modules /tmp/initrd.x/main/conf/modules 2>/dev/null | grep -v '^#'
	rm -rf /tmp/initrd.x
}

# tpm_errors: the kernel's TPM error lines so far.
tpm_errors() {
	dmesg | grep -iE 'tpm[^ ]*:.*(error|fail|timeout|timed out)' || true
}

# tpm2_getrandom_beside_driver PREFIX: KTAP: 20 tpm2_getrandom through the
# kernel's resource manager (/dev/tpmrm0) while a reader of /dev/hwrng
# keeps tpm-rdrand reading the TPM: each returns its 32 bytes, the driver
# used TPM bytes meanwhile without an error, the kernel logged no TPM
# error meanwhile.
tpm2_getrandom_beside_driver() {
	_errs0=$(tpm_errors | wc -l)
	_prev=$(hwrng_current)
	hwrng_select tpm-rdrand
	_bytes0=$(trr_stat tpm bytes)
	dd if=/dev/hwrng of=/dev/null bs=64 count=400 2>/dev/null &
	_reader=$!
	_ok=0 _i=0
	while [ "$_i" -lt 20 ]; do
		_hex=$(tpm2_getrandom -T device:/dev/tpmrm0 --hex 32 2>/tmp/tpm2.err) &&
			[ "${#_hex}" -eq 64 ] && _ok=$((_ok + 1))
		_i=$((_i + 1))
	done
	wait "$_reader" || true
	ktap_result "$([ "$_ok" -eq 20 ]; echo $?)" "$1.getrandom_all_ok" \
		"$_ok of 20 returned 32 bytes; last error: $(cat /tmp/tpm2.err)"
	_bytes1=$(trr_stat tpm bytes)
	ktap_result "$([ "${_bytes1:-0}" -gt "${_bytes0:-0}" ]; echo $?)" "$1.driver_read_tpm_meanwhile" \
		"TPM bytes the driver used: $_bytes0 -> $_bytes1"
	ktap_result "$([ "$(trr_stat tpm errors)" = 0 ]; echo $?)" "$1.driver_no_tpm_errors" \
		"driver's TPM errors: $(trr_stat tpm errors), state $(trr_stat tpm state)"
	_errs=$(tpm_errors | tail -n +$((_errs0 + 1)))
	ktap_result "$([ -z "$_errs" ]; echo $?)" "$1.kernel_no_tpm_errors" "$_errs"
	hwrng_select "$_prev"
}

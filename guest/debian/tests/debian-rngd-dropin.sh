#!/bin/sh
# rngd.service with the README's drop-in (hwrng_rngd=dropin: the scenario
# generator installs it): rngd starts only once the CRNG is ready, without
# its RDRAND and TPM sources, so the CRNG was readied by another path and
# rngd's RNDADDENTROPY counts nothing. Under TCG the CRNG is ready (jitter,
# started by systemd-random-seed's blocking read) before udev has loaded
# the hwrng drivers: rngd then finds no source on /dev/hwrng and exits
# ("No entropy sources working"), which is not a failure of the unit; when
# it runs, its writes must come late (rngd_late_or_sourceless).
# shellcheck source=../../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../../lib/trr.sh
. /lib/trr.sh
# shellcheck source=../boot.sh
. /lib/debian-boot.sh
ktap_begin
ktap_result "$(unit_prop rngd.service DropInPaths | grep -q 'rngd.service.d/policy.conf' &&
	unit_prop rngd.service ExecStart | grep -q 'argv\[\]=/usr/sbin/rngd -f -d 1 -n 1 ;'; echo $?)" \
	dropin_in_force "$(unit_prop rngd.service DropInPaths): $(unit_prop rngd.service ExecStart)"
ktap_first_blocking_read
# rngd's process starts after ExecStartPre's blocking read returned.
started=$(unit_prop rngd.service ExecMainStartTimestampMonotonic)
ktap_result "$([ -n "$started" ] && [ "$started" -gt "$(crng_done_us)" ]; echo $?)" \
	rngd_started_after_ready "rngd at $started us, crng init done at $(crng_done_us) us"
ktap_result "$(case "$(prov_ready_by)" in no | ioctl) echo 1 ;; *) echo 0 ;; esac)" \
	ready_not_by_ioctl "ready by $(prov_ready_by)"
ktap_result "$([ "$(prov_file ioctl 2)" = 0.000 ]; echo $?)" ioctl_accepted_nothing \
	"ioctl accepted $(prov_file ioctl 2), late $(prov_file ioctl 3) bits"
ktap_diag "rngd.service: $(systemctl is-active rngd.service)"
# Running, rngd writes late; gone, it left for want of a source (not an
# error of the drop-in's ExecStartPre or of its options).
if systemctl -q is-active rngd.service; then
	wait_for 10 ioctl_at_least 512
	ktap_result "$?" rngd_late_or_sourceless "running: ioctl late $(prov_file ioctl 3) bits"
else
	journalctl -b -u rngd.service -o cat | grep -q 'No entropy sources working, exiting rngd'
	ktap_result "$?" rngd_late_or_sourceless "exited: $(journalctl -b -u rngd.service -o cat | tail -n 2 | tr '\n' ' ')"
fi
prov_policy_checks provenance
no_failed_units no_failed_units
journalctl -b -u rngd.service -o cat | uniq -c | sed 's/^/# journal: /'
boot_diag
sed 's/^/# credit: /' "$CREDIT"
ktap_end

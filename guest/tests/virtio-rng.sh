#!/bin/sh
# virtio-rng beside tpm-rdrand, no TPM (the module kernel), the hwrng core
# told on the command line which rng to read instead of the policy's
# tpm-rdrand (see the scenario): rng_core.current_rng= (ranking by
# quality, as upstream: the first registered of equal qualities stays
# current) or rng_core.current_rng=virtio_rng.0 (that one, once it
# registers, and no other). virtio_order=first|after says which module
# loads first. Either way virtio-rng ends up current, capped at the
# policy's 8 like every rng, and random.c counts its credit; tpm-rdrand,
# without a TPM, is credited nothing.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
order=$(cmdline_last virtio_order)
order=${order#*=}
chosen=$(cmdline_last rng_core.current_rng)
chosen=${chosen#*=}
ktap_begin
ktap_check chosen_param test "$(cat "$RNG_CORE/current_rng")" = "$chosen"
load_virtio() {
	ktap_check virtio_pci_loads modprobe virtio_pci
	ktap_check virtio_rng_loads modprobe virtio_rng
	ktap_check virtio_registered hwrng_has virtio_rng.0
}
load_driver() {
	ktap_check driver_loads modprobe tpm_rdrand_rng
	ktap_check driver_registered hwrng_has tpm-rdrand
}
case "$order" in
first)
	load_virtio
	ktap_check virtio_current_alone test "$(hwrng_current)" = virtio_rng.0
	load_driver
	;;
*)
	load_driver
	# Chosen by name: tpm-rdrand is not, so no rng is current yet.
	if [ -n "$chosen" ]; then
		ktap_check none_current_before_the_chosen test "$(hwrng_current)" = none
	else
		ktap_check driver_current_alone test "$(hwrng_current)" = tpm-rdrand
	fi
	load_virtio
	;;
esac
ktap_diag "rng_available: $(cat "$HWRNG_SYS/rng_available"); rng_current: $(hwrng_current)"
ktap_check virtio_current test "$(hwrng_current)" = virtio_rng.0
ktap_check virtio_quality_capped test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# random.c's view: virtio-rng's reads were credited, before the CRNG was
# ready (accepted) or after (late).
ktap_check virtio_credited wait_for 20 sh -c \
	"awk '\$1 == \"hwrng:virtio_rng.0\" && \$2 + \$3 > 0 { f = 1 } END { exit !f }' $CREDIT"
ktap_check tpm_rdrand_credit_zero prov_zero hwrng:tpm-rdrand
ktap_first_blocking_read
# One fill read, the CRNG ready: 64 bytes at 8/1024, 4 bits (counted late).
d=$(hwrng_fill_credit virtio_rng.0)
ktap_result "$(bits_eq "$d" 4; echo $?)" virtio_fill_read_4_bits "one fill read credited ${d:-no row:} bits"
sed 's/^/# credit: /' "$CREDIT"
ktap_end

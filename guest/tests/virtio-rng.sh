#!/bin/sh
# virtio-rng beside tpm-rdrand, no TPM (the module kernel): whichever
# registers first, virtio-rng feeds the input pool. Without a TPM
# tpm-rdrand serves the CPU alone at quality 0, so virtio-rng, capped at
# the policy's 8 like every rng, ranks above it. virtio_order=first|after
# on the command line says which module loads first.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
order=$(cmdline_last virtio_order)
order=${order#*=}
ktap_begin
load_virtio() {
	ktap_check virtio_pci_loads modprobe virtio_pci
	ktap_check virtio_rng_loads modprobe virtio_rng
}
load_driver() {
	ktap_check driver_loads modprobe tpm_rdrand_rng
	# Its first read finds no TPM: the CPU serves alone, at 0.
	for _ in $(seq 50); do
		dmesg_has 'tpm-rdrand-rng: the CPU serves alone' && break
		sleep 0.1
	done
}
case "$order" in
first) load_virtio; load_driver ;;
*) load_driver; load_virtio ;;
esac
avail=$(cat "$HWRNG_SYS/rng_available")
ktap_diag "rng_available: $avail; rng_current: $(cat "$HWRNG_SYS/rng_current")"
ktap_result "$(echo "$avail" | grep -q 'tpm-rdrand'; echo $?)" both_registered "$avail"
virtio=$(echo "$avail" | tr ' ' '\n' | grep '^virtio_rng')
ktap_result "$([ -n "$virtio" ]; echo $?)" virtio_registered "$avail"
ktap_check virtio_current test "$(cat "$HWRNG_SYS/rng_current")" = "$virtio"
ktap_check virtio_quality_capped test "$(cat "$HWRNG_SYS/rng_quality")" = 8
# random.c's view: virtio-rng's reads were credited, before the CRNG was
# ready (accepted) or after (late), and tpm-rdrand's CPU-only reads never.
fed=0
for _ in $(seq 100); do
	a=$(prov_file "hwrng:$virtio" 2)
	l=$(prov_file "hwrng:$virtio" 3)
	[ -n "$a" ] && awk -v a="$a" -v l="$l" 'BEGIN { exit !(a + l > 0) }' && { fed=1; break; }
	sleep 0.2
done
ktap_result "$([ "$fed" = 1 ]; echo $?)" virtio_credited "hwrng:$virtio accepted ${a:-none} late ${l:-none}"
ktap_check tpm_rdrand_credit_zero test "$(prov_file hwrng:tpm-rdrand 2)" = 0.000
ktap_first_blocking_read
sed 's/^/# credit: /' "$CREDIT"
ktap_end

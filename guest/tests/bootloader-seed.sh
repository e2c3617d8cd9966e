#!/bin/sh
# A seed from the firmware: on x86, OVMF boots the kernel's EFI stub, which
# hands the EFI RNG protocol's seed to the kernel (the RNG= table of the
# EFI line); on arm64, the device tree's /chosen/rng-seed that QEMU fills
# (the kernel erases it once read). With random.trust_bootloader=on it
# counts at face value, as on mainline, and readies the CRNG before init
# runs; under the project's policy (off) it is mixed and credited nothing.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
if [ -d /proc/device-tree/chosen ]; then
	# QEMU fills kaslr-seed and rng-seed together (dtb-randomness); the
	# kernel erases rng-seed once read, and leaves kaslr-seed.
	ktap_check dt_seeds_given sh -c \
		"od -An -tx1 /proc/device-tree/chosen/kaslr-seed | grep -q '[1-9a-f]'"
else
	ktap_check efi_boot test -d /sys/firmware/efi
	ktap_check efi_seed_table dmesg_has 'efi: .* RNG=0x'
fi
trust=$(cmdline_last random.trust_bootloader)
trust=${trust#*=}
ktap_diag "random.trust_bootloader=$trust"
init=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
free=$(dmesg | grep -n 'Freeing unused' | head -n 1 | cut -d: -f1)
if [ "$trust" = on ]; then
	ktap_result "$([ -n "$init" ] && [ -n "$free" ] && [ "$init" -lt "$free" ]; echo $?)" \
		crng_ready_before_init "crng init done on log line ${init:-none}, Freeing unused on ${free:-none}"
	ktap_check ready_by_bootloader dmesg_has 'random: crng ready at [0-9.]+ s by bootloader;'
	# The seed counts at face value: 256 bits or more, never the 201.5
	# that the overwrite rule gives a 256-bit credit.
	bits=$(prov_bits bootloader)
	ktap_result "$(awk -v b="$bits" 'BEGIN { exit !(b >= 256) }'; echo $?)" \
		bootloader_face_value "bootloader $bits bits"
else
	# Not ready at boot: by the end of the kernel's init no "crng init
	# done" yet; it comes after, once the first blocking read is done.
	ktap_first_blocking_read
	init=$(dmesg | grep -n 'random: crng init done' | head -n 1 | cut -d: -f1)
	ktap_result "$([ -n "$init" ] && [ -n "$free" ] && [ "$init" -gt "$free" ]; echo $?)" \
		crng_not_ready_before_init "crng init done on log line ${init:-none}, Freeing unused on ${free:-none}"
	ktap_check bootloader_credit_zero test "$(prov_bits bootloader)" = 0.000
	by=$(sed -n 's/^ready [0-9.]* //p' /sys/kernel/debug/random/credit)
	ktap_result "$([ -n "$by" ] && [ "$by" != bootloader ]; echo $?)" \
		ready_not_by_bootloader "ready by '$by'"
fi
dmesg | grep -E 'crng ready at|efi: ' | sed 's/^/# /'
ktap_end

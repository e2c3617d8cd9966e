#!/bin/sh
# make bisect-check's trusted-seed boot (tests/bisect/trusted-seed.conf):
# whether the seed readied the CRNG before init is judged on the host, from
# the console's order; here, that there was a seed to trust: OVMF booted
# the EFI stub, which passed the firmware's RNG seed (the RNG= table of the
# EFI line), with random.trust_bootloader=on.
# shellcheck source=../../../guest/lib/ktap.sh
. /lib/ktap.sh
ktap_begin
ktap_check setup.efi_boot test -d /sys/firmware/efi
ktap_check setup.efi_seed_table dmesg_has 'efi: .* RNG=0x'
ktap_check setup.trust_bootloader_on test "$(cmdline_last random.trust_bootloader)" = \
	random.trust_bootloader=on
dmesg | grep -E 'efi: .* RNG=|random: ' | sed 's/^/# /'
ktap_end

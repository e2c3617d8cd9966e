#!/bin/sh
# install-system.sh ROOT_UUID ESP_UUID: run by scripts/build-disk.sh in
# the new system (scripts/disk-chroot.sh --esp): what Debian's installer
# and then an administrator set up on a UEFI machine with a serial
# console. The file systems of /etc/fstab, a host name, a fixed
# machine-id, root without a password (a test machine), GRUB and the
# kernel on the serial console, no menu delay, and GRUB in the ESP.
set -eu

root_uuid=$1 esp_uuid=$2
echo debian >/etc/hostname
# An empty machine-id is "first boot": systemd then runs first-boot units
# and credits no seed file. One fixed id makes every boot alike.
echo 5eed5eed5eed5eed5eed5eed5eed5eed >/etc/machine-id
printf 'UUID=%s / ext4 errors=remount-ro 0 1\nUUID=%s /boot/efi vfat umask=0077 0 1\n' \
	"$root_uuid" "$esp_uuid" >/etc/fstab
passwd -q -d root
# GRUB and the kernel on the serial console (the harness logs ttyS0),
# every kernel message on it (quiet would hide a WARNING from the judge),
# no menu delay; GRUB_DEFAULT=saved lets grub-set-default pick the kernel.
sed -i -e 's/^GRUB_DEFAULT=.*/GRUB_DEFAULT=saved/' \
	-e 's/^GRUB_TIMEOUT=.*/GRUB_TIMEOUT=0/' \
	-e 's/^GRUB_CMDLINE_LINUX_DEFAULT=.*/GRUB_CMDLINE_LINUX_DEFAULT=""/' \
	-e 's/^GRUB_CMDLINE_LINUX=.*/GRUB_CMDLINE_LINUX="console=ttyS0,115200"/' /etc/default/grub
printf '%s\n' 'GRUB_TERMINAL=serial' \
	'GRUB_SERIAL_COMMAND="serial --unit=0 --speed=115200"' >>/etc/default/grub
# Each partition is a loop device of its own on the build machine, so
# grub-probe sees no partition table: part_gpt is named for GRUB's image
# to find /boot on the GPT disk.
grub-install --target=x86_64-efi --efi-directory=/boot/efi --removable --no-nvram \
	--modules=part_gpt
update-grub

# shellcheck shell=bash
# Sourced: the layout of the Debian disks (scripts/build-disk.sh makes it,
# scripts/disk-chroot.sh mounts it). A GPT disk as Debian's installer
# makes for UEFI: the EFI system partition, then the root file system.
# Fixed UUIDs keep every build of a disk alike (fstab, grub.cfg).
# shellcheck disable=SC2034 # for the scripts that source it
DISK_SIZE_MIB=4096
ESP_START_MIB=1
ESP_SIZE_MIB=63
ROOT_START_MIB=64
ROOT_SIZE_MIB=$((DISK_SIZE_MIB - ROOT_START_MIB - 1))
ESP_VOLID=5EED0001
ROOT_UUID=5eed5eed-0000-4000-8000-000000000001
DISK_UUID=5eed5eed-0000-4000-8000-000000000000

# Entry points; the work is done by the scripts named in each recipe.
SHELL := /bin/bash
TOP := $(CURDIR)
KTREE := $(TOP)/build/linux
SCRIPTS := $(wildcard scripts/*.sh tests/*.sh tests/hooks/*.sh swtpm-config/*.sh \
	guest/*.sh guest/tests/*.sh guest/lib/*.sh guest/debian/*.sh guest/debian/tests/*.sh \
	bench/*.sh) guest/init .ci/run
DRIVER_FILES := $(shell find drivers -type f -name '*.[ch]' 2>/dev/null)

.PHONY: all deps kernel initramfs rootfs one-boot run test shell check bisect-check mutate bench clean distclean

all: kernel initramfs rootfs

deps:
	@scripts/install-deps.sh

# The two sanitizer kernels, the Debian packages of the series kernel
# (debian: Debian's own config), arm64's two sanitizer kernels and m68k's
# (make bench builds its vanilla).
kernel: deps
	@scripts/build-kernel.sh test module debian arm64-test arm64-module m68k-test

initramfs: deps
	@guest/build-initramfs.sh

# The Debian bookworm tree (mmdebstrap, with Debian's own kernel and GRUB),
# then the disks the debian-* scenarios boot: Debian installed as is, with
# the series kernel's package (the debian kernel), and with the policy
# package too.
rootfs: deps
	@scripts/build-kernel.sh debian
	@scripts/pack-rootfs.sh vanilla series series-policy >/dev/null

# What one boot (make run, make shell) needs, and nothing more: its own
# kernel and initramfs, or with DISTRO=debian the Debian kernel and disk.
ONE_ARCH := $(or $(ARCH),x86_64)
ONE_KERNEL := $(if $(filter debian,$(DISTRO)),debian,$(if $(filter x86_64,$(ONE_ARCH)),test,$(ONE_ARCH)-test))

one-boot: deps
	@scripts/build-kernel.sh $(ONE_KERNEL)
	@$(if $(filter debian,$(DISTRO)),scripts/pack-rootfs.sh series-policy >/dev/null,\
		guest/build-initramfs.sh $(ONE_ARCH))

# One boot with TPM (tis) and RDRAND that shows the entropy state;
# ARCH=arm64 on arm64 (RNDR, the device tree's seed); DISTRO=debian boots
# the Debian disk under systemd instead.
run: one-boot
	@tests/show-boot.sh

# The whole suite, every scenario on each architecture it names
# (ARCH=x86_64, arm64 or m68k: that one only), building only the kernels
# the scenarios boot; ends with "N passed, N failed" and the time of each
# phase.
test:
	@tests/make-test.sh $(SCENARIOS)

# Interactive guest on the serial console (Ctrl-A X quits QEMU);
# DISTRO=debian: the Debian disk with the series and the policy package,
# booted by its GRUB (log in as root, no password).
shell: one-boot
	@INTERACTIVE=1 SCENARIO=shell TPM=$${TPM:-tis} TIMEOUT=$${TIMEOUT:-3600} \
		$(if $(filter debian,$(DISTRO)),DISK=series-policy) \
		tests/boot-guest.sh build/runs/shell

# Plant each bug of tests/mutations/ and check that its scenarios catch it
# (each builds the kernel it names).
mutate: initramfs
	@tests/mutate.sh $(MUTATIONS)

# Side-by-side benchmarks; writes bench/RESULTS.md and bench/*.png (they
# build their own kernels).
bench: initramfs
	@bench/run-bench.sh

check: deps
	@[ -d $(KTREE) ] || scripts/prepare-tree.sh
	@scripts/check-drivers-synced.sh
	@scripts/health-cutoffs.py check
	@scripts/check-style.sh
	@scripts/check-upstream.sh
	@scripts/check-sparse-kdoc.sh
	@scripts/check-arm64.sh

# Build and boot the kernel at every prefix of the three series (each patch
# on its own): KUnit, a trusted EFI seed readying the CRNG before init, and
# each fix for stable's reproducer failing before it and passing with it.
# Its guests are x86_64's and m68k's.
bisect-check: deps
	@guest/build-initramfs.sh x86_64 m68k
	@scripts/check-bisect.sh

clean:
	rm -rf build/runs build/initramfs build/initramfs.cpio.gz build/accel
	rm -rf build/obj-* build/kernel-*.stamp build/disks build/hwrng-seed-policy_*

distclean:
	rm -rf build

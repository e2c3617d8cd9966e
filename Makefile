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

# The two sanitizer kernels, the two the Debian scenarios boot, arm64's
# two sanitizer kernels and m68k's (make bench builds its vanilla).
kernel: deps
	@scripts/build-kernel.sh test module distro distro-vanilla arm64-test arm64-module \
		m68k-test

initramfs: deps
	@guest/build-initramfs.sh

# The Debian bookworm tree the debian-* scenarios boot (mmdebstrap).
rootfs: deps
	@scripts/build-rootfs.sh

# What one boot (make run, make shell) needs, and nothing more: its own
# kernel and initramfs, or with DISTRO=debian the Debian kernel and disk.
ONE_ARCH := $(or $(ARCH),x86_64)
ONE_KERNEL := $(if $(filter debian,$(DISTRO)),distro,$(if $(filter x86_64,$(ONE_ARCH)),test,$(ONE_ARCH)-test))

one-boot: deps
	@scripts/build-kernel.sh $(ONE_KERNEL)
	@$(if $(filter debian,$(DISTRO)),scripts/build-rootfs.sh,guest/build-initramfs.sh $(ONE_ARCH))

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
# DISTRO=debian: the Debian disk (log in as root, no password).
shell: one-boot
	@INTERACTIVE=1 SCENARIO=shell TPM=$${TPM:-tis} TIMEOUT=$${TIMEOUT:-3600} \
		$(if $(filter debian,$(DISTRO)),KERNEL=distro ROOTFS=debian) \
		tests/boot-guest.sh build/runs/shell

# Plant each bug of tests/mutations/ and check that its scenarios catch it.
mutate: kernel initramfs
	@tests/mutate.sh $(MUTATIONS)

# Side-by-side benchmarks; writes bench/RESULTS.md and bench/*.png.
bench: kernel initramfs
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
	rm -rf build/obj-* build/kernel-*.stamp build/rootfs-debian-*.img build/rootfs-debian-*.img.id

distclean:
	rm -rf build

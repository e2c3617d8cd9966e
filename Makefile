# Entry points; the work is done by the scripts named in each recipe.
SHELL := /bin/bash
TOP := $(CURDIR)
KTREE := $(TOP)/build/linux
SCRIPTS := $(wildcard scripts/*.sh tests/*.sh tests/hooks/*.sh swtpm-config/*.sh \
	guest/*.sh guest/tests/*.sh guest/lib/*.sh guest/debian/*.sh guest/debian/tests/*.sh \
	bench/*.sh) guest/init .ci/run
DRIVER_FILES := $(shell find drivers -type f -name '*.[ch]' 2>/dev/null)

.PHONY: all deps kernel initramfs rootfs run test shell check bisect-check mutate bench clean distclean

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
	@scripts/build-rootfs.sh
	@scripts/build-kernel.sh debian
	@scripts/pack-rootfs.sh vanilla series series-policy >/dev/null

# One boot with TPM (tis) and RDRAND that shows the entropy state;
# ARCH=arm64 on arm64 (RNDR, the device tree's seed); DISTRO=debian boots
# the Debian disk under systemd instead.
run: kernel initramfs rootfs
	@tests/show-boot.sh

# The whole suite, every scenario on each architecture it names
# (ARCH=x86_64, arm64 or m68k: that one only); ends with "N passed, N failed".
test: kernel initramfs rootfs
	@tests/run-all.sh $(SCENARIOS)

# Interactive guest on the serial console (Ctrl-A X quits QEMU);
# DISTRO=debian: the Debian disk with the series and the policy package,
# booted by its GRUB (log in as root, no password).
shell: kernel initramfs rootfs
	@INTERACTIVE=1 SCENARIO=shell TPM=$${TPM:-tis} TIMEOUT=$${TIMEOUT:-3600} \
		$(if $(filter debian,$(DISTRO)),DISK=series-policy) \
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
	@scripts/check-style.sh
	@scripts/check-sparse-kdoc.sh
	@scripts/check-arm64.sh

# Build and boot the kernel at every prefix of both series (each patch on
# its own); the first patch's test must fail without its fix.
bisect-check: initramfs
	@scripts/check-bisect.sh

clean:
	rm -rf build/runs build/initramfs build/initramfs.cpio.gz build/accel
	rm -rf build/obj-* build/kernel-*.stamp build/disks build/hwrng-seed-policy_*

distclean:
	rm -rf build

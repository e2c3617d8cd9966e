#!/bin/bash
# check-arm64.sh: cross-build tpm-rdrand-rng (and the TPM and hwrng code
# the series changes) for arm64 with Debian's cross compiler, from the one
# patched tree, so that the driver stays free of x86-only code. Non-zero
# if the option cannot be set or anything fails to build or warns.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
obj=$top/build/obj-arm64
mkdir -p "$obj"
cc=aarch64-linux-gnu-gcc
command -v ccache >/dev/null && cc="ccache $cc"
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
kmake() {
	make -C "$tree" O="$obj" -s ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
		CC="$cc" -j"$(nproc)" "$@"
}

frag=$obj/check.config
cat >"$frag" <<'EOF'
CONFIG_MODULES=y
CONFIG_TTY=y
CONFIG_HW_RANDOM=y
CONFIG_TCG_TPM=y
CONFIG_HW_RANDOM_TPM=y
CONFIG_HW_RANDOM_TPM_RDRAND=m
CONFIG_DEBUG_FS=y
CONFIG_DEBUG_KERNEL=y
CONFIG_SYSFS=y
CONFIG_FAULT_INJECTION=y
CONFIG_FAULT_INJECTION_DEBUG_FS=y
CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION=y
EOF
if [ ! -f "$obj/.config" ] || ! cmp -s "$frag" "$obj/.config-fragment"; then
	kmake tinyconfig >/dev/null
	(cd "$obj" && "$tree/scripts/kconfig/merge_config.sh" -m -Q .config "$frag" >/dev/null)
	kmake olddefconfig >/dev/null
	cp "$frag" "$obj/.config-fragment"
fi
while read -r opt; do
	if ! grep -qx "$opt" "$obj/.config"; then
		echo "check-arm64: $opt did not survive olddefconfig" >&2
		exit 1
	fi
done <"$frag"

log=$obj/build.log
if ! kmake W=1 drivers/char/hw_random/ drivers/char/tpm/ drivers/char/random.o >"$log" 2>&1 ||
	grep -E ': (warning|error):' "$log"; then
	tail -n 30 "$log"
	echo "check-arm64: the arm64 cross-build failed or warned" >&2
	exit 1
fi
echo "check: arm64 cross-build of tpm-rdrand-rng, the TPM core and hw_random clean"

#!/bin/bash
# credit-hot-path.sh [OUT]: what an interrupt's credit costs once the CRNG
# is ready, on vanilla 6.12 and on the series: drivers/char/random.o built
# for each without sanitizers (tinyconfig + guest/kernel.config +
# guest/x86_64.config + guest/bench.config, as the bench kernel, with
# static keys), and the instructions of mix_interrupt_randomness() from
# the input pool's unlock to its return, where the credit is: on both a
# jump that the crng_is_ready static key turns into a no-op falling
# through to the return, no call and no atomic once the CRNG is ready. Writes OUT (default
# bench/results/hot-path.txt).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/bench/results/hot-path.txt}
"$top/scripts/prepare-tree.sh" >/dev/null
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
base=$top/build/hot-path-base
[ -d "$base" ] || git -C "$top/build/linux" worktree add -q --detach "$base" base

# random_o NAME SRC: build SRC's random.o in build/obj-hot-path-NAME.
random_o() {
	local obj=$top/build/obj-hot-path-$1 frag
	mkdir -p "$obj"
	make -C "$2" O="$obj" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" tinyconfig >/dev/null
	# Static keys as distributions build them (tinyconfig has none).
	{
		for frag in kernel x86_64 bench; do
			cat "$top/guest/$frag.config"
		done
		echo CONFIG_JUMP_LABEL=y
	} >"$obj/frag.config"
	(cd "$obj" && "$2/scripts/kconfig/merge_config.sh" -m -Q .config frag.config >/dev/null)
	make -C "$2" O="$obj" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" olddefconfig >/dev/null
	make -C "$2" O="$obj" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
		-j"$(nproc)" drivers/char/random.o
	echo "$obj/drivers/char/random.o"
}

# credit_path OBJECT: mix_interrupt_randomness() after the pool's unlock,
# with relocations, so that calls in the object file name their targets.
credit_path() {
	objdump -dr --no-show-raw-insn "$1" |
		awk '/<mix_interrupt_randomness>:/ { on = 1; next } on && /^$/ { exit }
			on && /R_X86_64_PLT32\t_raw_spin_unlock_irqrestore/ { show = 1; next }
			show { sub(/^ *[0-9a-f]+:\t/, ""); print }'
}

{
	echo "mix_interrupt_randomness() after the pool unlock, x86_64, gcc $(gcc -dumpfullversion)"
	for name in vanilla series; do
		src=$top/build/linux
		[ "$name" = vanilla ] && src=$base
		echo "== $name"
		credit_path "$(random_o "$name" "$src")"
	done
} >"$out"
cat "$out"

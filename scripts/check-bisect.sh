#!/bin/bash
# check-bisect.sh: build the test kernel at every prefix of patches/series
# (each patch must build on its own), in a scratch worktree build/bisect.
# The config is the test fragment; options a prefix does not define yet
# are simply absent there.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/bisect
"$top/scripts/prepare-tree.sh" >/dev/null
[ -d "$tree" ] || git -C "$top/build/linux" worktree add -q --detach "$tree" base
export CCACHE_DIR="${CCACHE_DIR:-$top/build/ccache}"
kmake() {
	make -C "$tree" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
		-j"$(nproc)" "$@"
}

mapfile -t patches < <(grep -v -e '^#' -e '^[[:space:]]*$' "$top/patches/series")
git -C "$tree" checkout -q -f --detach base
(cd "$top" && find drivers -type f ! -name '*.md') | while read -r f; do
	mkdir -p "$(dirname "$tree/$f")"
	cp "$top/$f" "$tree/$f"
done
fail=0
for p in "${patches[@]}"; do
	git -C "$tree" -c user.name=bisect -c user.email=bisect@localhost \
		am -q "$top/patches/$p"
	kmake tinyconfig >/dev/null
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -Q .config \
		"$top/guest/kernel.config" >/dev/null)
	kmake olddefconfig >/dev/null
	if kmake bzImage >"$tree/.bisect-$p.log" 2>&1; then
		echo "ok $p"
	else
		echo "not ok $p (log: $tree/.bisect-$p.log)"
		fail=1
	fi
done
exit "$fail"

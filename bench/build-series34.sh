#!/bin/bash
# build-series34.sh: build the series as it was before the exact-rule patch
# (0004a), i.e. with 0004's 3/4 piecewise-linear accounting, in build/series34, so
# that make bench can boot it beside vanilla and the series. Same config
# as scripts/build-kernel.sh (tinyconfig + guest/kernel.config + x86_64.config).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/series34
image=$tree/arch/x86/boot/bzImage
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
# The patches as they were before 0004a was added (0008 then measured the
# 3/4 loop), or SERIES34_REV.
rev=${SERIES34_REV:-$(git -C "$top" log --diff-filter=A --format=%H -1 -- 'patches/0004a-*')^}
pdir=$top/build/series34-patches
rm -rf "$pdir"
mkdir -p "$pdir"
git -C "$top" archive "$rev" patches | tar -x -C "$pdir" --strip-components=1
# The driver as it was then: today's uses interfaces that series lacks.
ddir=$top/build/series34-drivers
rm -rf "$ddir"
mkdir -p "$ddir"
git -C "$top" archive "$rev" drivers | tar -x -C "$ddir"
mapfile -t patches < <(grep -v -e '^#' -e '^[[:space:]]*$' "$pdir/series")
id=$(cd "$top" && { git rev-parse "$rev"; cat guest/kernel.config guest/x86_64.config; } | sha256sum | cut -d' ' -f1)
if [ -f "$image" ] && [ "$(cat "$tree/.series34-id" 2>/dev/null)" = "$id" ]; then
	echo "build-series34: up to date"
	exit 0
fi
[ -d "$tree" ] || git -C "$top/build/linux" worktree add -q --detach "$tree" base
git -C "$tree" checkout -q -f --detach base
for p in "${patches[@]}"; do
	git -C "$tree" -c user.name=series34 -c user.email=series34@localhost \
		am -q --keep-cr "$pdir/$p"
done
(cd "$ddir" && find drivers -type f ! -name '*~' ! -name '*.md') | while read -r f; do
	mkdir -p "$(dirname "$tree/$f")"
	cmp -s "$ddir/$f" "$tree/$f" || cp "$ddir/$f" "$tree/$f"
done
kmake() {
	make -C "$tree" -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test \
		KBUILD_BUILD_HOST=test -j"$(nproc)" "$@"
}
kmake tinyconfig >/dev/null
(cd "$tree" && scripts/kconfig/merge_config.sh -m -Q .config "$top/guest/kernel.config" \
	"$top/guest/x86_64.config" >/dev/null)
kmake olddefconfig >/dev/null
kmake bzImage >"$top/build/kernel-build-series34.log" 2>&1 ||
	{ tail -n 40 "$top/build/kernel-build-series34.log" >&2; exit 1; }
echo "$id" >"$tree/.series34-id"
echo "build-series34: done ($image)"

#!/bin/bash
# Unpack Debian's linux-source-6.12 into build/linux as a git repository with a
# pristine base commit, then (re)apply patches/series (what is posted
# upstream) and patches/test/series (what only the test kernels need) from
# that base whenever either changes, and overlay the project's drivers/
# (the driver as it is being edited; scripts/check-drivers-synced.sh says
# when the series no longer matches it).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
tarball=/usr/src/linux-source-6.12.tar.xz
log=$top/build/prepare-tree.log

mkdir -p "$top/build"
# Builds read the tree: never reset it under one (build-kernel.sh and
# mutate.sh hold the lock already and say so).
if [ "${HWRNG_TREE_LOCKED:-0}" != 1 ]; then
	exec 9>"$top/build/.build-kernel.lock"
	flock 9
fi
pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.12)

# The unpacked base as a bare repository outside the clone, one per
# package version: a later clone checks it out instead of unpacking and
# committing 80,000 files again.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/hwrng-seed/linux-source-$pkgver.git
if [ ! -d "$tree/.git" ] && [ -d "$cache" ]; then
	echo "prepare-tree: linux-source-6.12 $pkgver from the machine's cache"
	rm -rf "$tree"
	git clone -q --no-checkout "$cache" "$tree"
	git -C "$tree" checkout -q -f --detach base
elif [ ! -d "$tree/.git" ]; then
	echo "prepare-tree: unpacking linux-source-6.12 $pkgver"
	rm -rf "$tree" "$top/build/linux-source-6.12"
	tar -C "$top/build" -xf "$tarball"
	mv "$top/build/linux-source-6.12" "$tree"
	git -C "$tree" init -q
	git -C "$tree" add -A -f
	git -C "$tree" -c user.name=base -c user.email=base@localhost \
		commit -q -m "base: Debian linux-source-6.12 $pkgver"
	git -C "$tree" tag -f base >/dev/null
	mkdir -p "$(dirname "$cache")"
	rm -rf "$cache.new"
	git clone -q --bare "$tree" "$cache.new" && mv "$cache.new" "$cache"
fi
echo "linux-source-6.12 package version: $pkgver" >"$log"
echo "base commit: $(git -C "$tree" rev-parse base)" >>"$log"

# The series are identified by their series files and the patches they list.
series_id=$(cd "$top" && { cat patches/upstream/series patches/series patches/test/series
	scripts/series-patches.sh | xargs cat; } | sha256sum | cut -d' ' -f1)
stamp=$tree/.series-applied
if [ "$(cat "$stamp" 2>/dev/null)" != "$series_id" ]; then
	echo "prepare-tree: applying patches/series and patches/test/series from base"
	git -C "$tree" am --abort >/dev/null 2>&1 || true
	git -C "$tree" checkout -q -f -B series base
	# An earlier overlay may have left files the series adds (untracked,
	# and ignored by the tarball's .gitignore): git am refuses them.
	(cd "$top" && find drivers -type f ! -name '*.md') | while read -r f; do
		git -C "$tree" ls-files --error-unmatch "$f" >/dev/null 2>&1 ||
			rm -f "$tree/$f"
	done
	"$top/scripts/series-patches.sh" | while read -r p; do
		echo "  $p"
		git -C "$tree" -c user.name=series -c user.email=series@localhost \
			am -q --keep-cr "$top/$p"
	done
	echo "$series_id" >"$stamp"
fi
git -C "$tree" log --oneline base..HEAD >>"$log"

# The kernels are built out of tree (build/obj-*), which kbuild refuses to
# do from a source tree that was once built in place.
if [ -f "$tree/.config" ] || [ -d "$tree/include/config" ]; then
	echo "prepare-tree: cleaning an in-tree build out of $tree"
	make -C "$tree" -s mrproper
fi

# Overlay drivers/ (same relative paths as in the kernel tree). Copy only what
# differs so that kbuild rebuilds only what changed.
(cd "$top" && find drivers -type f ! -name '*~' ! -name '*.md') | while read -r f; do
	if ! cmp -s "$top/$f" "$tree/$f"; then
		mkdir -p "$(dirname "$tree/$f")"
		cp "$top/$f" "$tree/$f"
		echo "prepare-tree: overlay $f"
	fi
done

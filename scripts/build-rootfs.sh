#!/bin/bash
# build-rootfs.sh: build the Debian bookworm root file system tree
# build/rootfs-debian/ with mmdebstrap from the archive the host's apt uses
# (its deb822 sources), with the packages of guest/debian/packages. Rebuilt
# only when that list, this script or the host's sources change; the
# kernel's modules and the test files are added per kernel by
# scripts/pack-rootfs.sh, so that they never rebuild this tree.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/rootfs-debian
stamp=$top/build/rootfs-debian.stamp
list=$top/guest/debian/packages
shopt -s nullglob
sources=(/etc/apt/sources.list.d/*.sources)
[ -f /etc/apt/sources.list ] && sources+=(/etc/apt/sources.list)
shopt -u nullglob

id=$(cat "$list" "$0" "${sources[@]}" | sha256sum | cut -d' ' -f1)
if [ -d "$out" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$id" ]; then
	echo "build-rootfs: debian up to date"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "build-rootfs: mmdebstrap's root mode needs root" >&2
	exit 1
fi

include=$(sed 's/#.*//' "$list" | xargs | tr ' ' ,)
rm -rf "$out" "$out.new" "$stamp"
echo "build-rootfs: mmdebstrap bookworm (essential + $include)"
start=$(date +%s)
# No documentation, manuals or translations: a smaller tree packs faster.
mmdebstrap --quiet --mode=root --variant=essential --include="$include" \
	--dpkgopt='path-exclude=/usr/share/doc/*' \
	--dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/info/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	bookworm "$out.new" "${sources[@]}"
mv "$out.new" "$out"
echo "$id" >"$stamp"
echo "build-rootfs: debian done in $(($(date +%s) - start)) s ($(du -sh "$out" | cut -f1))"

#!/bin/bash
# build-cache.sh restore KIND KEY DIR | store KIND KEY DIR FILE...: the
# machine's cache of build outputs, outside the clone, as ccache is:
# kernels (build-kernel.sh) and Debian disks (pack-rootfs.sh). KEY names
# what was built and the hash of every input of its build, so that any
# clone with the same inputs may use it. store keeps FILEs (relative to
# DIR; sparse files stay sparse); restore puts them back into DIR, or
# fails on a miss. The three newest entries of each name are kept.
set -eu

action=$1 kind=$2 key=$3 dir=$4
shift 4
cache=${BUILD_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hwrng-seed}/$kind
case "$action" in
restore)
	[ -f "$cache/$key.tar" ] || exit 1
	mkdir -p "$dir"
	tar -C "$dir" -xf "$cache/$key.tar"
	;;
store)
	mkdir -p "$cache"
	tar -C "$dir" --sparse -cf "$cache/$key.tar.new" "$@"
	mv "$cache/$key.tar.new" "$cache/$key.tar"
	# The name is the key without its 64-digit hash.
	find "$cache" -maxdepth 1 -name "${key%-*}-*.tar" -printf '%T@ %p\n' | sort -rn |
		tail -n +4 | cut -d' ' -f2- | xargs -r rm -f
	;;
*)
	echo "build-cache: restore KIND KEY DIR, or store KIND KEY DIR FILE..." >&2
	exit 2
	;;
esac

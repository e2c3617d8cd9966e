#!/bin/bash
# kernel-cache.sh restore KEY OBJ | store KEY OBJ FILE...: the machine's
# cache of built kernels, outside the clone, as ccache is: KEY names a
# variant and the hash of every input of its build (build-kernel.sh: the
# series, drivers/, the config fragments, the build scripts, the compiler,
# the linker and the source package). store keeps FILEs of OBJ (what the
# boots use: the image, .config, the modules' archive) and the list of
# objects built; restore puts them back into OBJ, or fails on a miss.
# The three newest entries of each variant are kept.
set -eu

dir=${KERNEL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hwrng-seed/kernels}
action=$1 key=$2 obj=$3
shift 3
case "$action" in
restore)
	[ -f "$dir/$key.tar" ] || exit 1
	mkdir -p "$obj"
	tar -C "$obj" -xf "$dir/$key.tar"
	;;
store)
	mkdir -p "$dir"
	(cd "$obj" && find . -name '*.o' | sort >.built-objects)
	files=(.built-objects)
	for f; do
		[ -e "$obj/$f" ] && files+=("$f")
	done
	tar -C "$obj" -cf "$dir/$key.tar.new" "${files[@]}"
	mv "$dir/$key.tar.new" "$dir/$key.tar"
	# The variant is the key without its 64-digit hash.
	find "$dir" -maxdepth 1 -name "${key%-*}-*.tar" -printf '%T@ %p\n' | sort -rn |
		tail -n +4 | cut -d' ' -f2- | xargs -r rm -f
	;;
*)
	echo "kernel-cache: restore KEY OBJ, or store KEY OBJ FILE..." >&2
	exit 2
	;;
esac

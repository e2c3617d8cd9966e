#!/bin/bash
# arm64-debs.sh: download (not install) the Debian arm64 packages the
# arm64 guest runs, busybox-static, rngtest (rng-tools5) and kmod with their
# libraries, unpack them
# into build/debs-arm64/root and print that directory. The packages are
# fetched again only when this list changes. Needs apt to know arm64
# (scripts/install-deps.sh adds it).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/build/debs-arm64
pkgs="busybox-static rng-tools5 kmod libkmod2 liblzma5 libzstd1 libssl3 libc6"

if [ "$(cat "$dir/packages" 2>/dev/null)" != "$pkgs" ]; then
	rm -rf "$dir"
	mkdir -p "$dir/root"
	# shellcheck disable=SC2046,SC2086 # one word per package
	(cd "$dir" && apt-get download -q $(printf '%s:arm64 ' $pkgs) >&2 2>"$dir/download.log") || {
		cat "$dir/download.log" >&2
		echo "arm64-debs: apt-get download failed (is arm64 a dpkg architecture?)" >&2
		exit 1
	}
	for d in "$dir"/*.deb; do
		dpkg-deb -x "$d" "$dir/root"
	done
	echo "$pkgs" >"$dir/packages"
fi
echo "$dir/root"

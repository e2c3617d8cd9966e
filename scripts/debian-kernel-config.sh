#!/bin/bash
# debian-kernel-config.sh: print the path of Debian's own configuration of
# the kernel the series applies to: config.amd64_none_amd64 (the generic
# amd64 flavour, not cloud or rt) from the package linux-config-6.12 of
# the same version as linux-source-6.12, downloaded once with
# apt-get download into build/debian-config/.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/build/debian-config
version=$(dpkg-query -W -f='${Version}' linux-source-6.12)
config=$dir/config.amd64_none_amd64-$version

if [ ! -f "$config" ]; then
	mkdir -p "$dir"
	rm -rf "$dir/deb" "$dir"/linux-config-6.12_*.deb
	(cd "$dir" && apt-get download -q=2 "linux-config-6.12=$version") >&2
	dpkg-deb -x "$dir"/linux-config-6.12_*.deb "$dir/deb"
	xz -dc "$dir/deb/usr/src/linux-config-6.12/config.amd64_none_amd64.xz" >"$config.new"
	rm -rf "$dir/deb"
	mv "$config.new" "$config"
fi
echo "$config"

#!/bin/bash
# build-policy-deb.sh: print the path of build/hwrng-seed-policy_VERSION_all.deb,
# building it first if its inputs changed: the files of
# packaging/hwrng-seed-policy/root/ as they are, plus the GRUB drop-in
# /etc/default/grub.d/hwrng-seed-policy.cfg made from
# packaging/hwrng-seed-policy/grub.cfg.in with the policy words of
# guest/policy.config's CONFIG_CMDLINE, the one place they are written.
# dpkg-deb alone, no debhelper; files owned by root whoever builds it.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/packaging/hwrng-seed-policy
version=$(sed -n 's/^Version: //p' "$src/root/DEBIAN/control")
deb=$top/build/hwrng-seed-policy_${version}_all.deb

id=$(cd "$top" && find "$0" packaging/hwrng-seed-policy guest/policy.config -type f -print0 |
	sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
if [ -f "$deb" ] && [ "$(cat "$deb.id" 2>/dev/null)" = "$id" ]; then
	echo "$deb"
	exit 0
fi
policy=$(sed -n 's/^CONFIG_CMDLINE="\(.*\)"$/\1/p' "$top/guest/policy.config")
[ -n "$policy" ] || {
	echo "build-policy-deb: no CONFIG_CMDLINE=\"...\" in guest/policy.config" >&2
	exit 1
}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -a "$src/root/." "$stage/"
install -d "$stage/etc/default/grub.d"
sed "s|@POLICY@|$policy|" "$src/grub.cfg.in" >"$stage/etc/default/grub.d/hwrng-seed-policy.cfg"
# A checkout's umask must not leak into the package.
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f ! -perm -u+x -exec chmod 644 {} +
find "$stage" -type f -perm -u+x -exec chmod 755 {} +
mkdir -p "$top/build"
rm -f "$deb" "$deb.id"
dpkg-deb --build --root-owner-group "$stage" "$deb.new" >/dev/null
mv "$deb.new" "$deb"
echo "$id" >"$deb.id"
echo "$deb"

#!/bin/bash
# check-sparse-kdoc.sh: sparse (C=2) on every C file the series or
# drivers/ changes that the test kernel compiles, and kernel-doc -none -Wall
# on every changed .c and .h file. Any sparse warning fails (the patched
# files have none); a kernel-doc warning fails unless the base tree has the
# same one in the same file (hw_random.h has some already).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
obj=$top/build/obj-test
# The test kernel's configuration and generated headers: C=2 needs them.
"$top/scripts/build-kernel.sh" test >/dev/null

cd "$tree"
base=$(git rev-parse base)
files=$({
	git diff --name-only "$base" HEAD -- '*.c' '*.h'
	(cd "$top" && find drivers -type f -name '*.[ch]')
} | sort -u)
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# kdoc_findings FILE: kernel-doc's warnings for FILE without line numbers.
kdoc_findings() {
	scripts/kernel-doc -none -Wall "$1" 2>&1 | sed 's/^[^ ]*:[0-9]*: //' | sort
}

objs=""
for f in $files; do
	kdoc_findings "$f" >"$tmp/new"
	: >"$tmp/old"
	if git cat-file -e "$base:$f" 2>/dev/null; then
		mkdir -p "$tmp/base/$(dirname "$f")"
		git show "$base:$f" >"$tmp/base/$f"
		kdoc_findings "$tmp/base/$f" >"$tmp/old"
	fi
	if comm -23 "$tmp/new" "$tmp/old" | grep -q .; then
		echo "kernel-doc: $f:"
		comm -23 "$tmp/new" "$tmp/old" | sed 's/^/  /'
		fail=1
	fi
	# Only what this configuration compiles on its own (the KUnit files
	# #included by their driver are checked through it), as listed when
	# it was built: a kernel restored from the kernel cache has no objects.
	case "$f" in
	*.c) grep -qxF "./${f%.c}.o" "$obj/.built-objects" && objs="$objs ${f%.c}.o" ;;
	esac
done

[ -n "$objs" ] || { echo "check: none of the series' objects is in $obj/.built-objects"; fail=1; }

# The kernel build's own compiler line (build-kernel.sh), so that C=2
# checks every object again without rebuilding it.
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
# shellcheck source=scripts/ccache-env.sh
. "$top/scripts/ccache-env.sh"
# shellcheck disable=SC2086 # one target per object
make -C "$tree" O="$obj" -s ARCH=x86_64 C=2 CHECK=sparse CC="$cc" HOSTCC="$cc" \
	KBUILD_BUILD_TIMESTAMP=test KBUILD_BUILD_USER=test KBUILD_BUILD_HOST=test \
	$objs >"$tmp/sparse" 2>&1 || { cat "$tmp/sparse"; fail=1; }
if grep -E ': (warning|error):' "$tmp/sparse"; then
	fail=1
fi
n=$(echo "$objs" | wc -w)
[ "$fail" -eq 0 ] && echo "check: sparse clean on $n objects, kernel-doc adds nothing on $(echo "$files" | wc -l) files"
exit "$fail"

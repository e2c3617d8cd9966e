#!/bin/bash
# check-drivers-synced.sh: drivers/ is where the driver is edited, and
# prepare-tree.sh copies it over the patched tree; what is posted is the
# patch in patches/series. Fail when the two differ, i.e. when the patch
# was not regenerated after an edit.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
"$top/scripts/prepare-tree.sh" >/dev/null
fail=0
while read -r f; do
	if ! git -C "$tree" show "HEAD:$f" 2>/dev/null | cmp -s - "$top/$f"; then
		echo "check: $f differs from the version patches/ adds;" \
			"regenerate its patch (git format-patch)"
		fail=1
	fi
done < <(cd "$top" && find drivers -type f ! -name '*.md' | sort)
[ "$fail" -eq 0 ] && echo "check: drivers/ matches the series"
exit "$fail"

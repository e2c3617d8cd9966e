#!/bin/bash
# checkpatch.pl --strict on every patch of both series and every kernel source
# file in drivers/, shellcheck on the scripts. Non-zero on any finding.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
# checkpatch runs spdxcheck.py with python3: use Debian's, which has ply.
export PATH=/usr/bin:$PATH
fail=0

cd "$tree"
while read -r p; do
	# The base is a tarball without upstream's history, so checkpatch
	# cannot look up a Fixes: commit; the id was checked by hand. For the
	# same reason a fix for stable may name the commit it fixes only by
	# title (check-upstream.sh lists those without a Fixes: tag). A file
	# added under drivers/char/hw_random/ is covered by the hwrng core's
	# MAINTAINERS entry (F: drivers/char/hw_random/), which checkpatch
	# cannot see.
	ignore=UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES
	case "$p" in
	patches/upstream/*) ignore=$ignore,MISSING_FIXES_TAG ;;
	esac
	if ! out=$(perl scripts/checkpatch.pl --strict -q --terse \
		--ignore "$ignore" "$top/$p" 2>&1); then
		echo "$out"
		fail=1
	fi
done < <("$top/scripts/series-patches.sh")
while read -r f; do
	if ! out=$(perl scripts/checkpatch.pl --strict -q --terse -f "$top/$f" 2>&1); then
		echo "$out"
		fail=1
	fi
done < <(cd "$top" && find drivers -type f -name '*.[ch]' | sort)

cd "$top"
scripts=$(find scripts tests swtpm-config guest bench .ci packaging -type f \
	\( -name '*.sh' -o -name init -o -name run -o -name postinst -o -name postrm \
	-o -path '*/initramfs-tools/hooks/*' \) 2>/dev/null | sort)
# shellcheck disable=SC2086 # one argument per script
shellcheck $scripts || fail=1

[ "$fail" -eq 0 ] && echo "check: checkpatch --strict and shellcheck clean"
exit "$fail"

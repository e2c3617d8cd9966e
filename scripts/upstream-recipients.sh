#!/bin/bash
# upstream-recipients.sh to|cc PATCH: the addresses a patch of
# patches/upstream/ goes to, one a line, for git send-email's --to-cmd and
# --cc-cmd: "to" the maintainers and reviewers, "cc" the lists, as
# scripts/get_maintainer.pl finds them in the base's MAINTAINERS (the fixes
# are against it, not against the series, which adds an entry). The cover
# letter (0000-*) goes to everyone the patches of its series file go to.
# Offline and deterministic: no git history (--nogit, --nogit-fallback,
# and --nofixes, which would look up the Fixes: commits' signers), and no
# keywords (--nokeywords: 0002's changelog names riscv, which would add the
# RISC-V maintainers to a random.c patch).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
kind=$1 patch=$2
case "$kind" in
to) roles=(--m --r --nol) ;;
cc) roles=(--nom --nor --l) ;;
*)
	echo "upstream-recipients: to or cc, not '$kind'" >&2
	exit 2
	;;
esac
# BASE_MAINTAINERS: that file already extracted (check-upstream.sh).
maintainers=${BASE_MAINTAINERS:-}
if [ -z "$maintainers" ]; then
	maintainers=$(mktemp)
	trap 'rm -f "$maintainers"' EXIT
	git -C "$tree" show base:MAINTAINERS >"$maintainers"
fi

dir=$(cd "$(dirname "$patch")" && pwd)
patches=("$dir/$(basename "$patch")")
case "$(basename "$patch")" in
0000-*) mapfile -t patches < <(grep -v -e '^#' -e '^[[:space:]]*$' "$dir/series" | sed "s|^|$dir/|") ;;
esac
for p in "${patches[@]}"; do
	(cd "$tree" && perl scripts/get_maintainer.pl --mpath "$maintainers" --nogit \
		--nogit-fallback --nofixes --nokeywords --norolestats "${roles[@]}" "$p")
done | awk '!seen[$0]++'

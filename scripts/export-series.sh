#!/bin/bash
# export-series.sh TREE U N: write the commits base..HEAD of the kernel git
# tree TREE as the three series: the first U, the fixes for stable, to
# patches/upstream/ (standalone against the base); the next N, the series,
# to patches/ (its base-commit and the fixes named as its prerequisites);
# the rest to patches/test/. Each cover letter keeps its subject and text
# from the current one. Then copy the files drivers/ holds from TREE, so
# that make check finds them in sync.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd)
u=$2 n=$3
total=$(git -C "$tree" rev-list --count base..HEAD)
if [ "$u" -lt 0 ] || [ "$n" -lt 1 ] || [ $((u + n)) -gt "$total" ]; then
	echo "export-series: U + N must be at most $total, N at least 1" >&2
	exit 2
fi
fixes=$(git -C "$tree" rev-parse "HEAD~$((total - u))")
split=$(git -C "$tree" rev-parse "HEAD~$((total - u - n))")
keep=$(mktemp -d)
trap 'rm -rf "$keep"' EXIT

# save_cover DIR: the cover letter's subject (maybe folded) and its text
# up to the shortlog.
save_cover() {
	local cover=$top/$1/0000-cover-letter.patch
	mkdir -p "$keep/$1"
	sed -n '/^Subject: /,/^$/p' "$cover" |
		sed '1s/^Subject: \[PATCH [0-9]*\/[0-9]*\] //; s/^ //; /^$/d' |
		tr '\n' ' ' | sed 's/ $//' >"$keep/$1/subject"
	awk 'body && /^Hwrng Seed Team \(/ { exit } body { print } /^$/ && !body { body = 1 }' \
		"$cover" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$keep/$1/blurb"
}
restore_cover() {
	SUBJECT=$(cat "$keep/$1/subject") BLURB=$(cat "$keep/$1/blurb") perl -0pi -e \
		's/\*\*\* SUBJECT HERE \*\*\*/$ENV{SUBJECT}/; s/\*\*\* BLURB HERE \*\*\*/$ENV{BLURB}/' \
		"$top/$1/0000-cover-letter.patch"
}
save_cover patches
save_cover patches/upstream

rm -f "$top"/patches/0*.patch "$top"/patches/upstream/0*.patch "$top"/patches/test/0*.patch
fp() {
	git -C "$tree" -c user.name="Hwrng Seed Team" -c user.email=kernel@hwrng-seed.example \
		format-patch -q -n "$@"
}
fp --cover-letter -o "$top/patches/upstream" --base=base "base..$fixes"
fp --cover-letter -o "$top/patches" --base=base "$fixes..$split"
fp -o "$top/patches/test" "$split..HEAD"
for d in patches/upstream patches patches/test; do
	(cd "$top/$d" && for f in 0*.patch; do
		[ "$f" = 0000-cover-letter.patch ] || echo "$f"
	done >series)
done
restore_cover patches
restore_cover patches/upstream

(cd "$top" && find drivers -type f ! -name '*.md') | while read -r f; do
	cp "$tree/$f" "$top/$f"
done

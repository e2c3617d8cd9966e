#!/bin/bash
# export-series.sh TREE N: write the commits base..HEAD of the kernel git
# tree TREE as the two series: the first N to patches/ (with the cover
# letter, whose subject and text are kept from the current
# patches/0000-cover-letter.patch), the rest to patches/test/; then copy
# the files drivers/ holds from TREE, so that make check finds them in
# sync.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd)
n=$2
total=$(git -C "$tree" rev-list --count base..HEAD)
if [ "$n" -lt 1 ] || [ "$n" -gt "$total" ]; then
	echo "export-series: N must be 1..$total" >&2
	exit 2
fi
split=$(git -C "$tree" rev-parse "HEAD~$((total - n))")

cover=$top/patches/0000-cover-letter.patch
keep=$(mktemp -d)
trap 'rm -rf "$keep"' EXIT
# The subject (maybe folded) and the text up to the shortlog.
sed -n '/^Subject: /,/^$/p' "$cover" | sed '1s/^Subject: \[PATCH [0-9]*\/[0-9]*\] //; s/^ //; /^$/d' |
	tr '\n' ' ' | sed 's/ $//' >"$keep/subject"
awk 'body && /^Hwrng Seed Team \(/ { exit } body { print } /^$/ && !body { body = 1 }' \
	"$cover" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$keep/blurb"

rm -f "$top"/patches/0*.patch "$top"/patches/test/0*.patch
fp() {
	git -C "$tree" -c user.name="Hwrng Seed Team" -c user.email=kernel@hwrng-seed.example \
		format-patch -q -n "$@"
}
fp --cover-letter -o "$top/patches" "base..$split"
fp -o "$top/patches/test" "$split..HEAD"
for d in patches patches/test; do
	(cd "$top/$d" && for f in 0*.patch; do
		[ "$f" = 0000-cover-letter.patch ] || echo "$f"
	done >series)
done

SUBJECT=$(cat "$keep/subject") BLURB=$(cat "$keep/blurb") perl -0pi -e \
	's/\*\*\* SUBJECT HERE \*\*\*/$ENV{SUBJECT}/; s/\*\*\* BLURB HERE \*\*\*/$ENV{BLURB}/' \
	"$cover"

(cd "$top" && find drivers -type f ! -name '*.md') | while read -r f; do
	cp "$tree/$f" "$top/$f"
done

#!/bin/bash
# check-upstream.sh: patches/upstream/ is ready to send. Each patch has
# recipients from scripts/get_maintainer.pl (scripts/upstream-recipients.sh),
# the cover letter has no template text left, and git send-email --dry-run
# accepts the series, cover letter first, addressed by those recipients.
# Nothing is sent: a dry run stops before any connection. Prints each
# message's subject and recipients; non-zero if any step fails.
# (checkpatch --strict runs on these patches in scripts/check-style.sh,
# which leaves a missing Fixes: tag to this script's note.)
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/patches/upstream
fail=0
BASE_MAINTAINERS=$(mktemp)
export BASE_MAINTAINERS
trap 'rm -f "$BASE_MAINTAINERS"' EXIT
git -C "$top/build/linux" show base:MAINTAINERS >"$BASE_MAINTAINERS"

mapfile -t patches < <(grep -v -e '^#' -e '^[[:space:]]*$' "$dir/series" | sed "s|^|$dir/|")
for p in "${patches[@]}"; do
	if ! to=$("$top/scripts/upstream-recipients.sh" to "$p") || [ -z "$to" ]; then
		echo "check-upstream: no maintainer for $(basename "$p")"
		fail=1
	fi
	# checkpatch is told not to ask for it (check-style.sh): say it here.
	grep -q '^Fixes: ' "$p" ||
		echo "check-upstream: note: $(basename "$p") has no Fixes: tag"
done
cover=$dir/0000-cover-letter.patch
if grep -q '\*\*\* .* HERE \*\*\*' "$cover"; then
	echo "check-upstream: $(basename "$cover") still has template text (*** ... HERE ***)"
	fail=1
fi

# The sender is the series' author, not copied on its own mail;
# --no-to/--no-cc/--no-bcc drop addresses a user's sendemail configuration
# would add.
from=$(sed -n 's/^From: //p' "$cover" | head -n 1)
if ! out=$(cd "$top" && git send-email --dry-run --confirm=never --no-to --no-cc --no-bcc \
	--from "$from" --suppress-cc=self --to-cmd "$top/scripts/upstream-recipients.sh to" \
	--cc-cmd "$top/scripts/upstream-recipients.sh cc" "$cover" "${patches[@]}" 2>&1); then
	echo "$out"
	echo "check-upstream: git send-email --dry-run failed"
	fail=1
elif [ "$(grep -c '^Result: OK' <<<"$out")" -ne $((${#patches[@]} + 1)) ]; then
	echo "$out"
	echo "check-upstream: git send-email --dry-run did not accept every message"
	fail=1
else
	# Each message's subject and recipients, headers unfolded.
	awk '/^\t/ { if (name in v) { sub(/^\t/, " "); v[name] = v[name] $0 }; next }
		{ name = $1 }
		/^(To|Cc|Subject): / { v[name] = $0 }
		/^Result: OK/ { print v["Subject:"]; print "  " v["To:"]; print "  " v["Cc:"]; delete v }' <<<"$out"
fi
[ "$fail" -eq 0 ] && echo "check-upstream: $((${#patches[@]} + 1)) messages ready to send (dry run)"
exit "$fail"

#!/bin/bash
# phase-report.sh [LIMIT_MIN]: print the phases of this make test or
# .ci/run (build/phases.tsv): each one's wall time and note, and the time
# from the first phase's start to the last one's end. Past LIMIT_MIN
# minutes (CI's budget for the run, minus its margin), warn and name the
# three slowest phases.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tsv=$top/build/phases.tsv
limit=${1:-}
[ -s "$tsv" ] || exit 0
echo "== phases (wall time) =="
gawk -F'\t' -v limit="$limit" '
function mmss(s) { return sprintf("%d:%02d", s / 60, s % 60) }
{
	d = $3 - $2
	printf "%-24s %7s  %s%s\n", $1, mmss(d), $4 == 0 ? "" : "FAILED (" $4 ") ", $5
	if (NR == 1 || $2 < first) first = $2
	if ($3 > last) last = $3
	name[NR] = $1; dur[NR] = d
}
END {
	total = last - first
	printf "%-24s %7s\n", "total", mmss(total)
	if (limit != "" && total > limit * 60) {
		n = asorti(dur, order, "@val_num_desc")
		msg = ""
		for (i = 1; i <= n && i <= 3; i++)
			msg = msg sprintf("%s%s %s", i > 1 ? ", " : "", name[order[i]], mmss(dur[order[i]]))
		printf "WARNING: the run took %s, past %d min of CI'"'"'s 90; slowest phases: %s\n",
			mmss(total), limit, msg
	}
}' "$tsv"

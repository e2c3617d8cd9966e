#!/bin/bash
# phase.sh NAME CMD...: run CMD as one phase of make test or .ci/run and
# record its wall time in build/phases.tsv (name, start, end, exit status,
# note), which scripts/phase-report.sh prints. A kernel's note says whether
# it was up to date or built, and how many compiles ccache answered.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
name=$1
shift
mkdir -p "$top/build"
start=$(date +%s)
rc=0
"$@" || rc=$?
note=
case "$name" in
"kernel "*) note=$(cat "$top/build/kernel-${name#kernel }.note" 2>/dev/null || true) ;;
esac
printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$start" "$(date +%s)" "$rc" "$note" >>"$top/build/phases.tsv"
exit "$rc"

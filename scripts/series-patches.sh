#!/bin/bash
# series-patches.sh: the patches to apply to the base, in order, as paths
# relative to the project: patches/upstream/series (the fixes for stable,
# posted on their own), patches/series (the series, on top of them), then
# patches/test/series (what only the test kernels need).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
for d in patches/upstream patches patches/test; do
	grep -v -e '^#' -e '^[[:space:]]*$' "$top/$d/series" | sed "s|^|$d/|"
done

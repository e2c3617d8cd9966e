#!/bin/bash
# series-patches.sh: the patches to apply to the base, in order, as paths
# relative to the project: patches/series (what is posted upstream), then
# patches/test/series (what only the test kernels need).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
for d in patches patches/test; do
	grep -v -e '^#' -e '^[[:space:]]*$' "$top/$d/series" | sed "s|^|$d/|"
done

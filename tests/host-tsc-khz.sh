#!/bin/bash
# Print the host's TSC rate in kHz (tests/host/tsc-khz.c), building the
# tool under build/host first if it is missing or older than its source.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/tests/host/tsc-khz.c
bin=$top/build/host/tsc-khz
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
	mkdir -p "$(dirname "$bin")"
	gcc -O2 -Wall -Wextra -o "$bin.$$" "$src"
	mv "$bin.$$" "$bin"
fi
"$bin"

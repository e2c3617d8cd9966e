#!/bin/bash
# run-all.sh [NAME...]: run the named scenarios (default: all) and print the
# closing "N passed, N failed" line. Exit status 1 on any failure.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
	for c in "$top"/tests/scenarios/*.conf; do
		n=$(basename "$c" .conf)
		set -- "$@" "$n"
	done
fi

echo "accelerator: $("$top/tests/probe-accel.sh") (KVM is probed with a real boot; TCG -cpu max otherwise)"
passed=0 failed=0 skipped=0
for s in "$@"; do
	if ! "$top/tests/run-scenario.sh" "$s"; then
		echo "not ok $s: runner error"
		failed=$((failed + 1))
		continue
	fi
	read -r p f k <"$top/build/runs/$s/verdict"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

#!/bin/bash
# selftest-judge.sh: the runner's self-tests. Each tests/fixtures/NAME/ is
# the log directory of a boot (made up or kept from a real one) plus
# "expect": the checks that tests/judge-run.sh must fail on it, one name a
# line (none for a good run). A fixture passes when exactly those checks
# fail and every other check passes. Prints "ok"/"not ok" lines and writes
# build/runs/selftest/verdict like run-scenario.sh.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/runs/selftest
mkdir -p "$out"
passed=0 failed=0
for fix in "$top"/tests/fixtures/*/; do
	name=$(basename "$fix")
	work=$(mktemp -d)
	cp -a "$fix". "$work/"
	"$top/tests/judge-run.sh" "$work" >"$out/$name.judged"
	rm -rf "$work"
	got=$(sed -n 's/^FAIL \([^ ]*\).*/\1/p' "$out/$name.judged" | sort -u)
	want=$(grep -v '^#' "$fix/expect" | sort -u)
	if [ "$got" = "$want" ] && [ "$(grep -c '^PASS ' "$out/$name.judged")" -gt 0 ]; then
		echo "ok selftest: $name"
		passed=$((passed + 1))
	else
		echo "not ok selftest: $name"
		echo "    selftest $name: expected to fail: $(echo "$want" | tr '\n' ' ')"
		echo "    selftest $name: failed: $(echo "$got" | tr '\n' ' ')"
		failed=$((failed + 1))
	fi
done
printf '# selftest: %d passed, %d failed\n' "$passed" "$failed"
echo "$passed $failed 0" >"$out/verdict"

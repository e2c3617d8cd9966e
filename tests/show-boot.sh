#!/bin/bash
# make run: boot once with TPM and RDRAND and print the entropy state.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$top/build/runs/run
echo "accelerator: $("$top/tests/probe-accel.sh")"
SCENARIO=report TPM=${TPM:-tis} TIMEOUT=${TIMEOUT:-120} \
	"$top/tests/boot-guest.sh" "$run" || {
	echo "show-boot: boot failed (logs in $run)" >&2
	exit 1
}
echo "qemu: $(cat "$run/accel")"
grep -v '^GUEST-DONE' "$run/results.log"
echo "(console log: $run/console.log; swtpm stopped)"

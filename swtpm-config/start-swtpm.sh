#!/bin/bash
# start-swtpm.sh RUN_DIR: start a TPM 2.0 emulator on RUN_DIR/swtpm.sock with
# a private copy of the template state. Writes RUN_DIR/swtpm.pid.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$(cd "$1" && pwd)

"$top/swtpm-config/create-state.sh"
rm -rf "$run/tpm-state"
cp -a "$top/build/tpm-template" "$run/tpm-state"
rm -f "$run/swtpm.sock" "$run/swtpm.pid"

# --terminate: swtpm exits by itself when QEMU closes the control channel.
swtpm socket --tpm2 --daemon --terminate \
	--tpmstate dir="$run/tpm-state" \
	--ctrl type=unixio,path="$run/swtpm.sock" \
	--pid file="$run/swtpm.pid" \
	--log file="$run/swtpm.log",level=1

for _ in $(seq 50); do
	[ -S "$run/swtpm.sock" ] && [ -s "$run/swtpm.pid" ] && exit 0
	sleep 0.1
done
echo "start-swtpm: swtpm did not come up (see $run/swtpm.log)" >&2
exit 1

#!/bin/bash
# start-swtpm.sh RUN_DIR: start a TPM 2.0 emulator with a private copy of
# the template state, its socket swtpm.sock in the directory RUN_DIR/sockets
# names (boot-guest.sh makes it: short, whatever RUN_DIR's length). Writes
# RUN_DIR/swtpm.pid.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
run=$(cd "$1" && pwd)

"$top/swtpm-config/create-state.sh"
rm -rf "$run/tpm-state"
cp -a "$top/build/tpm-template" "$run/tpm-state"
sock=$(cat "$run/sockets")/swtpm.sock
rm -f "$sock" "$run/swtpm.pid"

# --terminate: swtpm exits by itself when QEMU closes the control channel.
swtpm socket --tpm2 --daemon --terminate \
	--tpmstate dir="$run/tpm-state" \
	--ctrl type=unixio,path="$sock" \
	--pid file="$run/swtpm.pid" \
	--log file="$run/swtpm.log",level=1

for _ in $(seq 50); do
	[ -S "$sock" ] && [ -s "$run/swtpm.pid" ] && exit 0
	sleep 0.1
done
echo "start-swtpm: swtpm did not come up (see $run/swtpm.log)" >&2
exit 1

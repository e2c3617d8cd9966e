#!/bin/bash
# debian-lsmod.sh: write guest/debian/lsmod.amd64, the modules that make
# localmodconfig keeps of Debian's configuration (scripts/build-kernel.sh
# debian). Boots the vanilla disk (Debian's own kernel, as installed:
# scripts/pack-rootfs.sh vanilla) on the machines the Debian scenarios use
# (pc, OVMF, virtio-blk, fw_cfg): with a TIS TPM and virtio-rng, then with
# a CRB TPM, and keeps every module loaded in either, sorted. Run it again
# (then commit the list) when the scenarios' machines or Debian's kernel
# change: make localmodconfig drops every module missing from the list.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/guest/debian/lsmod.amd64
runs=$top/build/runs/debian-lsmod
for machine in "tis:-device virtio-rng-pci" "crb:"; do
	tpm=${machine%%:*} devices=${machine#*:}
	DISK=vanilla SCENARIO=debian-lsmod TPM=$tpm DEVICES=$devices TIMEOUT=300 \
		"$top/tests/boot-guest.sh" "$runs/$tpm" >/dev/null
	grep -q '^LSMOD-END' "$runs/$tpm/results.log" || {
		echo "debian-lsmod: no module list from the $tpm boot (logs in $runs/$tpm)" >&2
		exit 1
	}
	echo "debian-lsmod: $tpm: $(head -n 1 "$runs/$tpm/results.log")" >&2
done
cat "$runs"/*/results.log | sed -n '/^LSMOD-BEGIN/,/^LSMOD-END/p' | grep -v '^LSMOD-' |
	tr -d '\r' | sort -u >"$out.new"
mv "$out.new" "$out"
echo "debian-lsmod: $(wc -l <"$out") modules in $out" >&2

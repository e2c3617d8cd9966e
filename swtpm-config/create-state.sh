#!/bin/bash
# Create the pristine TPM 2.0 state (EK, certificates) once under
# build/tpm-template; every boot later works on its own copy of it.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
conf=$top/swtpm-config
tmpl=$top/build/tpm-template
cadir=$top/build/tpm-localca

[ -f "$tmpl/tpm2-00.permall" ] && exit 0

rm -rf "$tmpl" "$cadir"
mkdir -p "$tmpl" "$cadir"
sed -e "s|@CONFDIR@|$conf|g" -e "s|@CADIR@|$cadir|g" \
	"$conf/swtpm_setup.conf.in" >"$cadir/swtpm_setup.conf"
sed -e "s|@CADIR@|$cadir|g" \
	"$conf/swtpm-localca.conf.in" >"$cadir/swtpm-localca.conf"

if ! swtpm_setup --tpm2 --tpmstate "$tmpl" --create-ek-cert \
	--create-platform-cert --lock-nvram \
	--config "$cadir/swtpm_setup.conf" >"$cadir/setup.log" 2>&1; then
	cat "$cadir/setup.log" >&2
	echo "create-state: swtpm_setup failed" >&2
	rm -rf "$tmpl"
	exit 1
fi
echo "create-state: TPM 2.0 state in $tmpl"

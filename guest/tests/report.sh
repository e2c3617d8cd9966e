#!/bin/sh
# make run: show the boot-time entropy state (not a test): the credit
# policy on the command line, the hwrngs and their qualities, the driver's
# sources, and what made the CRNG ready, and when.
echo "== credit policy (command line: x86's CONFIG_CMDLINE, or arm64's boot loader policy, first) =="
tr ' ' '\n' </proc/cmdline | grep -E '^(random\.|rng_core\.|hw_random_bytes)'
dmesg | grep -E 'Malformed early option|is invalid|invalid for parameter'
echo "== tpm-rdrand-rng =="
dmesg | grep -E 'tpm-rdrand-rng: '
cat /sys/kernel/debug/tpm-rdrand-rng/stats 2>/dev/null
# Under the default policy the TPM's 8/1024 may make the CRNG ready by
# itself; if not, the first blocking read starts the jitter entropy.
if ! dmesg | grep -q 'crng init done'; then
	echo "== first blocking read of /dev/random at $(cut -d' ' -f1 /proc/uptime) s =="
	head -c 1 /dev/random >/dev/null
fi
echo "== what made the CRNG ready, and when =="
dmesg | grep -E 'random: crng (init done|ready at)'
cat /sys/kernel/debug/random/credit 2>/dev/null
echo "== other boot-time entropy lines (dmesg) =="
dmesg | grep -iE 'random:|tpm|hwrng|rdrand|entropy|random number generator' |
	grep -vE 'crng (init done|ready at)|tpm-rdrand-rng: '
echo "== /sys/class/misc/hw_random =="
for f in rng_available rng_current rng_quality rng_selected; do
	printf '%s: %s\n' "$f" "$(cat /sys/class/misc/hw_random/$f 2>&1)"
done
echo "== first 32 bytes of /dev/hwrng =="
if [ -c /dev/hwrng ]; then
	dd if=/dev/hwrng bs=32 count=1 2>/dev/null | hexdump -v -e '16/1 "%02x " "\n"'
else
	echo "/dev/hwrng: absent"
fi
echo "== entropy_avail =="
cat /proc/sys/kernel/random/entropy_avail

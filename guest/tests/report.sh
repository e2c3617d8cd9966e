#!/bin/sh
# make run: show the boot-time entropy state (not a test): the credit
# policy, what each source seeded, and what made the CRNG ready, and when.
echo "== credit policy =="
dmesg | grep -E 'random: credit policy|tpm-rdrand-rng: policy|is invalid|invalid for parameter'
echo "== boot seed per source =="
dmesg | grep -E 'tpm-rdrand-rng: .*(seeded|boot seed|skipped|not binding)'
# Under the default policy nothing credits the pool in full at boot: the
# first blocking read starts the jitter entropy that makes it ready.
if ! dmesg | grep -q 'crng init done'; then
	echo "== first blocking read of /dev/random at $(cut -d' ' -f1 /proc/uptime) s =="
	head -c 1 /dev/random >/dev/null
fi
echo "== what made the CRNG ready, and when =="
dmesg | grep -E 'random: crng (init done|ready at)'
cat /sys/kernel/debug/random/credit 2>/dev/null
echo "== other boot-time entropy lines (dmesg) =="
dmesg | grep -iE 'random:|tpm|hwrng|rdrand|entropy' |
	grep -vE 'credit policy|crng (init done|ready at)|tpm-rdrand-rng: .*(policy|seeded|boot seed)'
echo "== /sys/class/misc/hw_random =="
for f in rng_available rng_current rng_quality; do
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

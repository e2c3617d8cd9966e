#!/bin/sh
# make run: show the boot-time entropy state (not a test).
echo "== boot-time entropy lines (dmesg) =="
dmesg | grep -iE 'random:|tpm|hwrng|rdrand|entropy'
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

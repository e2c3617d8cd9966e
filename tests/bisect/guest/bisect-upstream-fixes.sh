#!/bin/sh
# make bisect-check's reproducers of patches/upstream/0001 and 0003
# (tests/bisect/upstream-fixes.conf): virtio-rng is the current hwrng, at
# quality 1 (rng_core.default_quality=1), and nothing else is trusted.
#  carry.*    0001: each 64-byte read carries half a bit, so the fill thread
#             credits a bit every other read and sleeps a reseed interval
#             after each read that credits nothing: after carry_wait= s the
#             CRNG is not ready and entropy_avail is below carry_max_bits=.
#             Without the fix every read after the first credits a bit and
#             none sleeps.
#  quality.*  0003: current_quality refuses 1025 and 65535, and rng_quality
#             keeps its value past the fill thread's next read. Without the
#             fix the writes succeed and that read copies 65535 into it.
# setup.* are the premises; a boot where one fails shows nothing.
# shellcheck source=../../../guest/lib/ktap.sh
. /lib/ktap.sh
hw=/sys/class/misc/hw_random
param=/sys/module/rng_core/parameters/current_quality

# virtio_irqs: the interrupts virtio-rng's device raised, one per request
# it answered (the fill thread's reads: nothing else reads it here).
virtio_irqs() {
	awk '/virtio/ && !/config/ {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
	} END { print n + 0 }' /proc/interrupts
}

# param_value NAME: the value of NAME=VALUE on the command line.
param_value() {
	_v=$(cmdline_last "$1")
	echo "${_v#*=}"
}

ktap_begin
wait=$(param_value carry_wait)
max=$(param_value carry_max_bits)
cur=$(cat $hw/rng_current)
ktap_result "$([ "$cur" = virtio_rng.0 ]; echo $?)" setup.virtio_rng_current \
	"rng_current is '$cur'"
quality=$(cat $hw/rng_quality)
ktap_result "$([ "$quality" = 1 ]; echo $?)" setup.quality_1 "rng_quality is $quality"

start=$(cut -d' ' -f1 /proc/uptime)
avail=$(cat /proc/sys/kernel/random/entropy_avail)
seen=$avail
i=0
while [ "$i" -lt "${wait:-0}" ]; do
	sleep 1
	i=$((i + 1))
	avail=$(cat /proc/sys/kernel/random/entropy_avail)
	seen="$seen $avail"
done
ktap_diag "entropy_avail each second from uptime $start s: $seen"
ready=$(dmesg | grep -m1 'random: crng init done')
ktap_result "$([ -z "$ready" ]; echo $?)" carry.crng_not_ready "$ready"
ktap_result "$([ -n "$max" ] && [ "$avail" -lt "$max" ]; echo $?)" \
	"carry.entropy_avail_below_$max" "entropy_avail $avail after $wait s"

for q in 1025 65535; do
	if { echo "$q" >"$param"; } 2>/tmp/err; then
		ktap_result 1 "quality.write_${q}_refused" "the write of $q succeeded"
	else
		ktap_result "$(grep -q 'Invalid argument' /tmp/err; echo $?)" \
			"quality.write_${q}_refused" "$(cat /tmp/err)"
	fi
done
# The fill thread copies current_quality into rng_quality (without the
# fix) right after its read: wait for a read, past the longest reseed
# interval it may be sleeping (60 s).
irqs=$(virtio_irqs)
i=0
while [ "$(virtio_irqs)" = "$irqs" ] && [ "$i" -lt 70 ]; do
	sleep 1
	i=$((i + 1))
done
ktap_result "$([ "$(virtio_irqs)" != "$irqs" ]; echo $?)" setup.fill_read_seen \
	"no read of virtio-rng in $i s"
sleep 1
quality=$(cat $hw/rng_quality)
ktap_result "$([ "$quality" = 1 ]; echo $?)" quality.rng_quality_kept \
	"rng_quality is $quality after the next fill read"
ktap_diag "next fill read after $i s; current_quality $(cat $param)," \
	"rng_quality $quality, entropy_avail $(cat /proc/sys/kernel/random/entropy_avail)"
dmesg | grep -E 'random: |hwrng|virtio' | sed 's/^/# /'
grep virtio /proc/interrupts | sed 's/^/# /'
ktap_end

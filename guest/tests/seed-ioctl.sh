#!/bin/sh
# A trusted one-shot seed, as seedrng credits one: 32 bytes with
# RNDADDENTROPY claiming 256 bits, before anything else credits the pool
# (no TPM, no RDRAND). The seed is subject to the overwrite accounting like
# every credit: it counts 201 of its 256 bits (exact rule, P = 512), so it
# does not make the CRNG ready alone; jitter makes up the rest, a fraction
# of the time a jitter-only boot takes.
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
ktap_check no_rdrand sh -c '! grep -qw rdrand /proc/cpuinfo'
ktap_result "$(crng_ready_at_boot && echo 1 || echo 0)" crng_not_ready_at_boot
e0=$(cat /proc/sys/kernel/random/entropy_avail)
ktap_check seed_credit_ioctl seed_credit 256
e1=$(cat /proc/sys/kernel/random/entropy_avail)
ktap_diag "entropy_avail $e0 before the seed, $e1 after"
ktap_check ioctl_accepted_256 test "$(prov_file ioctl 2)" = 256.000
# 201 bits by the exact rule from an empty pool (192 by the 2013 3/4
# rule); what the interrupts credited before adds a little.
ktap_result "$([ "$e1" -ge 192 ] && [ "$e1" -le 255 ]; echo $?)" seed_discounted \
	"entropy_avail=$e1"
ktap_check seed_alone_not_ready grep -qx 'ready no' /sys/kernel/debug/random/credit
ktap_first_blocking_read
ktap_check provenance_names_seed dmesg_has 'random: crng ready at .* ioctl 256\.000 '
dmesg | grep 'crng ready at' | sed 's/^/# /'
ktap_diag "time from the first blocking read to crng init done:" \
	"$(echo "$CRNG_AT $READ_AT" | awk '{printf "%.2f", $1 - $2}') s"
ktap_end

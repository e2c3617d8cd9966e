#!/bin/sh
# tpm-rdrand-rng's initcall takes the TPMs over, queues its start work
# and returns: at most 5 ms (initcall_debug), asserted. The feeder thread,
# debugfs, the hwrng, the boot seed (1.5 KiB from each source) and the
# policy line come from the driver's workqueue after it, with the same
# per-source seed lines in dmesg. Built in, the initcall runs before the
# TPM drivers', so the TPM may be seeded in a second run (the summary
# counts 1 or 2 sources).
# shellcheck source=../lib/ktap.sh
. /lib/ktap.sh
# shellcheck source=../lib/trr.sh
. /lib/trr.sh
ktap_begin
dmesg | grep -E "calling  trr_init|initcall trr_init|tpm-rdrand-rng" | sed "s/^/# /"
ktap_check initcall_returned dmesg_has 'initcall trr_init\+0x[0-9a-f]+/0x[0-9a-f]+ returned 0 after [0-9]+ usecs'
us=$(dmesg | sed -n 's/.*initcall trr_init+.* returned 0 after \([0-9]*\) usecs.*/\1/p' | head -n 1)
ktap_result "$([ -n "$us" ] && [ "$us" -le 5000 ]; echo $?)" initcall_within_5ms "trr_init took ${us:-?} us"
ktap_check seed_line_tpm dmesg_has 'tpm-rdrand-rng: tpm: seeded [0-9]+ bytes, credited [0-9]+\.[0-9]{3} bits'
ktap_check seed_line_rdrand dmesg_has 'tpm-rdrand-rng: rdrand: seeded [0-9]+ bytes, credited [0-9]+\.[0-9]{3} bits'
ktap_check seed_summary dmesg_has 'tpm-rdrand-rng: boot seed from [12] source\(s\)'
# The first source's seed (1 KiB startup test, then a 512-byte window)
# is done only after the initcall returned: the seed is not in it.
t_ret=$(dmesg_time 'initcall trr_init\+')
for src in tpm rdrand; do
	t_seed=$(dmesg_time "tpm-rdrand-rng: $src: seeded")
	ktap_result "$(echo "${t_seed:-0} ${t_ret:-9999}" | awk '{exit !($1 > $2)}'; echo $?)" \
		"$src.seeded_after_initcall" "initcall returned at ${t_ret:-?} s, $src seeded at ${t_seed:-?} s"
done
ktap_check seed_thread_named sh -c 'grep -qx tpm-rdrand-feed /proc/[0-9]*/comm'
ktap_end

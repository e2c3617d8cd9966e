// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: print this host's TSC rate in kHz.
 *
 * Under TCG a guest's RDTSC returns the host's TSC, so the guest kernel can
 * be given the rate (tsc_early_khz=) instead of calibrating it against the
 * PIT, which goes wrong when the host is loaded: one guest of four on two
 * cores calibrated 148 MHz for 2600, its clock ran 17 times too fast and
 * RCU reported a stall. Each end of the 200 ms interval is the TSC read
 * closest around a CLOCK_MONOTONIC_RAW read (the tightest of 1000
 * brackets), so preemption cannot stretch it.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

struct sample {
	uint64_t tsc;
	uint64_t ns;
};

static struct sample take(void)
{
	struct sample best = { 0, 0 };
	uint64_t best_gap = UINT64_MAX;
	struct timespec ts;
	int i;

	for (i = 0; i < 1000; i++) {
		uint64_t t0 = __rdtsc();

		clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
		uint64_t t1 = __rdtsc();

		if (t1 - t0 < best_gap) {
			best_gap = t1 - t0;
			best.tsc = t0 + (t1 - t0) / 2;
			best.ns = (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
		}
	}
	return best;
}

int main(void)
{
	struct timespec pause = { 0, 200000000 };
	struct sample a, b;

	a = take();
	nanosleep(&pause, NULL);
	b = take();
	if (b.ns <= a.ns || b.tsc <= a.tsc)
		return 1;
	printf("%llu\n", (unsigned long long)((b.tsc - a.tsc) * 1000000 / (b.ns - a.ns)));
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * getrandom-first: block in getrandom() until the CRNG is ready, then
 * print the CLOCK_BOOTTIME seconds at which the first byte arrived.
 */
#include <stdio.h>
#include <sys/random.h>
#include <time.h>

int main(void)
{
	struct timespec ts;
	unsigned char b;

	if (getrandom(&b, 1, 0) != 1) {
		perror("getrandom");
		return 1;
	}
	clock_gettime(CLOCK_BOOTTIME, &ts);
	printf("%ld.%06ld\n", (long)ts.tv_sec, ts.tv_nsec / 1000);
	return 0;
}

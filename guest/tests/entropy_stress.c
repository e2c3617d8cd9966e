// SPDX-License-Identifier: GPL-2.0
/*
 * entropy_stress MODE SECONDS [PAUSE_US]: one worker of the stress
 * scenario, busy for SECONDS (with PAUSE_US between two calls), then prints
 * one summary line for guest/tests/stress.sh.
 *
 * addentropy   RNDADDENTROPY of 8 changing bytes credited 1..4 bits
 * addtoentcnt  RNDADDTOENTCNT of 1..4 bits
 * sample       reads /proc/sys/kernel/random/entropy_avail and RNDGETENTCNT
 *              as fast as it can; counts samples outside [0, 256],
 *              disagreements that cannot be explained by a concurrent credit
 *              (RNDGETENTCNT read after entropy_avail may only be larger),
 *              and drops from one sample to the next (the estimate only
 *              grows: random.c never takes credit back)
 *
 * "ok MODE calls=N errors=E" or "ok sample n=N min=A max=B outside=O
 * backwards=K errors=E drops=D"; the caller judges the numbers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/random.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int entropy_avail(void)
{
	char buf[32];
	int fd = open("/proc/sys/kernel/random/entropy_avail", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1000;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1000;
	buf[n] = '\0';
	return atoi(buf);
}

int main(int argc, char **argv)
{
	struct {
		struct rand_pool_info info;
		unsigned char bytes[8];
	} req;
	unsigned long calls = 0, errors = 0, outside = 0, backwards = 0, drops = 0;
	int fd, min = 1 << 30, max = -(1 << 30), last = -1;
	unsigned int x = 12345;
	useconds_t pause = 0;
	double end;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: entropy_stress addentropy|addtoentcnt|sample SECONDS [PAUSE_US]\n");
		return 2;
	}
	if (argc == 4)
		pause = atoi(argv[3]);
	end = now() + atof(argv[2]);
	fd = open("/dev/random", O_RDWR);
	if (fd < 0) {
		perror("/dev/random");
		return 1;
	}
	while (now() < end) {
		int bits, a, b;

		x = x * 1103515245 + 12345;
		bits = 1 + (x >> 16) % 4;
		if (!strcmp(argv[1], "addentropy")) {
			req.info.entropy_count = bits;
			req.info.buf_size = sizeof(req.bytes);
			memcpy(req.bytes, &x, sizeof(x));
			memcpy(req.bytes + 4, &calls, sizeof(x));
			errors += ioctl(fd, RNDADDENTROPY, &req) != 0;
		} else if (!strcmp(argv[1], "addtoentcnt")) {
			errors += ioctl(fd, RNDADDTOENTCNT, &bits) != 0;
		} else if (!strcmp(argv[1], "sample")) {
			a = entropy_avail();
			if (ioctl(fd, RNDGETENTCNT, &b)) {
				errors++;
				b = a;
			}
			if (a < min)
				min = a;
			if (a > max)
				max = a;
			outside += a < 0 || a > 256 || b < 0 || b > 256;
			backwards += b < a;
			drops += a < last;
			last = b;
		} else {
			fprintf(stderr, "entropy_stress: unknown mode %s\n", argv[1]);
			return 2;
		}
		calls++;
		if (pause)
			usleep(pause);
	}
	if (!strcmp(argv[1], "sample"))
		printf("ok sample n=%lu min=%d max=%d outside=%lu backwards=%lu errors=%lu drops=%lu\n",
		       calls, min, max, outside, backwards, errors, drops);
	else
		printf("ok %s calls=%lu errors=%lu\n", argv[1], calls, errors);
	return 0;
}

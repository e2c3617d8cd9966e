// SPDX-License-Identifier: GPL-2.0
/*
 * seed_credit BITS: credit a 32-byte seed as seedrng does with a seed it
 * may trust: one RNDADDENTROPY of 32 bytes claiming BITS bits. The bytes
 * come from getrandom(GRND_INSECURE): what matters here is the credit.
 * Exit status 0 if the ioctl succeeded.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <unistd.h>
#include <linux/random.h>

#define SEED_BYTES 32

int main(int argc, char **argv)
{
	struct {
		struct rand_pool_info info;
		unsigned char buf[SEED_BYTES];
	} seed;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: seed_credit BITS\n");
		return 2;
	}
	if (getrandom(seed.buf, SEED_BYTES, GRND_INSECURE) != SEED_BYTES) {
		perror("getrandom");
		return 1;
	}
	seed.info.entropy_count = atoi(argv[1]);
	seed.info.buf_size = SEED_BYTES;
	fd = open("/dev/random", O_RDWR);
	if (fd < 0 || ioctl(fd, RNDADDENTROPY, &seed) < 0) {
		perror("RNDADDENTROPY");
		return 1;
	}
	memset(seed.buf, 0, SEED_BYTES);
	close(fd);
	return 0;
}

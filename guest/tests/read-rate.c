// SPDX-License-Identifier: GPL-2.0
/*
 * read-rate: measure how fast a source delivers bytes.
 *
 *   read-rate file PATH BYTES [BLOCK]   read(2) from PATH
 *   read-rate rdrand BYTES              RDRAND in a userspace loop
 *   read-rate tpm2 BYTES [DEV]          TPM2_GetRandom on DEV (/dev/tpmrm0)
 *
 * Prints "bytes=N seconds=S rate_Bps=R".
 */
#include <cpuid.h>
#include <fcntl.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long rate_file(const char *path, long long want, size_t block)
{
	static unsigned char buf[1 << 16];
	long long got = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	if (block > sizeof(buf))
		block = sizeof(buf);
	while (got < want) {
		size_t n = want - got < (long long)block ? (size_t)(want - got) : block;
		ssize_t r = read(fd, buf, n);

		if (r <= 0) {
			perror("read");
			break;
		}
		got += r;
	}
	close(fd);
	return got;
}

__attribute__((target("rdrnd")))
static long long rate_rdrand(long long want)
{
	unsigned long long v, acc = 0;
	long long got = 0;
	int tries;

	while (got < want) {
		for (tries = 0; tries < 10; tries++)
			if (_rdrand64_step(&v))
				break;
		if (tries == 10) {
			fprintf(stderr, "rdrand: no data after 10 tries\n");
			return -1;
		}
		acc ^= v;
		got += sizeof(v);
	}
	/* Keep the loop from being optimised away. */
	if (acc == 0x5a5a5a5a5a5a5a5aULL)
		fprintf(stderr, "improbable\n");
	return got;
}

static long long rate_tpm2(long long want, const char *dev)
{
	/*
	 * TPM2_GetRandom(bytesRequested = 128), TPM_ST_NO_SESSIONS; the TPM
	 * returns at most its largest digest size per command, as it does
	 * for the kernel's tpm_get_random().
	 */
	static const unsigned char cmd[] = {
		0x80, 0x01, 0x00, 0x00, 0x00, 0x0c,
		0x00, 0x00, 0x01, 0x7b, 0x00, 0x80,
	};
	unsigned char rsp[256];
	long long got = 0;
	int fd = open(dev, O_RDWR);

	if (fd < 0) {
		perror(dev);
		return -1;
	}
	while (got < want) {
		ssize_t r;

		if (write(fd, cmd, sizeof(cmd)) != sizeof(cmd)) {
			perror("write");
			break;
		}
		r = read(fd, rsp, sizeof(rsp));
		if (r < 12 || rsp[6] || rsp[7] || rsp[8] || rsp[9]) {
			fprintf(stderr, "tpm2: bad response (%zd bytes)\n", r);
			break;
		}
		got += (rsp[10] << 8) | rsp[11];
	}
	close(fd);
	return got;
}

int main(int argc, char **argv)
{
	long long want, got;
	double t0, t1;

	if (argc < 3) {
		fprintf(stderr, "usage: read-rate file PATH BYTES [BLOCK] | rdrand BYTES | tpm2 BYTES [DEV]\n");
		return 2;
	}
	t0 = now();
	if (!strcmp(argv[1], "file") && argc >= 4) {
		want = atoll(argv[3]);
		got = rate_file(argv[2], want, argc > 4 ? atoi(argv[4]) : 4096);
	} else if (!strcmp(argv[1], "rdrand")) {
		want = atoll(argv[2]);
		got = rate_rdrand(want);
	} else if (!strcmp(argv[1], "tpm2")) {
		want = atoll(argv[2]);
		got = rate_tpm2(want, argc > 3 ? argv[3] : "/dev/tpmrm0");
	} else {
		fprintf(stderr, "read-rate: unknown mode %s\n", argv[1]);
		return 2;
	}
	t1 = now();
	if (got < want)
		return 1;
	printf("bytes=%lld seconds=%.6f rate_Bps=%.0f\n", got, t1 - t0,
	       got / (t1 - t0));
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hwrng-read-edges CASE: read /dev/hwrng where the copy of the core's
 * 64-byte blocks to the reader could go wrong (page edges, faults, shared
 * and copy-on-write pages), and check what reached memory. Exit status 0
 * if the case held; what failed goes to stderr.
 *
 *   span       reads of 65 B to 3 pages + 5 at offsets across page
 *              boundaries: full counts, every byte written, none outside
 *   small      reads of 1 to 64 B (less than one of the rng's reads)
 *   guard      a read that runs into an inaccessible page: a short count,
 *              only the bytes before the page
 *   readonly   a read into a read-only mapping: EFAULT, nothing written
 *   shared     a read into a MAP_SHARED file mapping: the file has the bytes
 *   cow        a read into a private page shared with a forked child after
 *              fork(): the child's copy is untouched
 *   nonblock   reads with O_NONBLOCK: tpm-rdrand's reads sleep (TPM
 *              commands), so one that may not gets nothing: EAGAIN, once
 *              the core's buffer (what a reader left) is drained
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define CANARY 0xa5
#define PAGE 4096L

static int hwrng;

/* A fresh anonymous mapping of @pages pages filled with CANARY. */
static unsigned char *canary_map(long pages)
{
	unsigned char *p = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	memset(p, CANARY, pages * PAGE);
	return p;
}

/*
 * The @len bytes at @p look written by an rng: no aligned 8-byte run of
 * zeros (what the driver clears and does not return) and no 8-byte run
 * of CANARY (never written). Either has probability 2^-64 per run.
 */
static int looks_written(const unsigned char *p, long len, const char *what)
{
	static const unsigned char zero[8];
	unsigned char canary[8];
	long i;

	memset(canary, CANARY, sizeof(canary));
	for (i = 0; i + 8 <= len; i += 8) {
		if (!memcmp(p + i, zero, 8) || !memcmp(p + i, canary, 8)) {
			fprintf(stderr, "%s: bytes %ld-%ld of %ld not written\n",
				what, i, i + 7, len);
			return 0;
		}
	}
	return 1;
}

/* Every byte of [@from, @to) at @p is still CANARY. */
static int untouched(const unsigned char *p, long from, long to,
		     const char *what)
{
	long i;

	for (i = from; i < to; i++) {
		if (p[i] != CANARY) {
			fprintf(stderr, "%s: byte %ld outside the read changed\n",
				what, i);
			return 0;
		}
	}
	return 1;
}

static int case_span(void)
{
	static const long sizes[] = {
		65, 100, 4095, 4096, 4097, 5000, 8192, 3 * PAGE + 5,
	};
	static const long offsets[] = { 0, 1, 7, 8, 64, 2048, 4000, 4095 };
	char what[64];
	unsigned char *p;
	unsigned int s, o;
	long n;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		for (o = 0; o < sizeof(offsets) / sizeof(offsets[0]); o++) {
			/* a page of canary on each side of the largest read */
			p = canary_map(6);
			snprintf(what, sizeof(what), "read of %ld at +%ld",
				 sizes[s], offsets[o]);
			n = read(hwrng, p + PAGE + offsets[o], sizes[s]);
			if (n != sizes[s]) {
				fprintf(stderr, "%s: returned %ld (%s)\n", what,
					n, n < 0 ? strerror(errno) : "short");
				return 1;
			}
			if (!looks_written(p + PAGE + offsets[o], n, what) ||
			    !untouched(p, 0, PAGE + offsets[o], what) ||
			    !untouched(p, PAGE + offsets[o] + n, 6 * PAGE, what))
				return 1;
			munmap(p, 6 * PAGE);
		}
	}
	return 0;
}

static int case_small(void)
{
	unsigned char *p = canary_map(1);
	char what[64];
	long len, n;

	for (len = 1; len <= 64; len++) {
		memset(p, CANARY, PAGE);
		snprintf(what, sizeof(what), "read of %ld", len);
		n = read(hwrng, p + 100, len);
		if (n != len) {
			fprintf(stderr, "%s: returned %ld\n", what, n);
			return 1;
		}
		if (!untouched(p, 0, 100, what) ||
		    !untouched(p, 100 + len, PAGE, what))
			return 1;
		/* too short to test for runs: one value for all 64 bytes */
		if (len == 64 && !looks_written(p + 100, len, what))
			return 1;
	}
	return 0;
}

static int case_guard(void)
{
	unsigned char *p = canary_map(2);
	long n;

	if (mprotect(p + PAGE, PAGE, PROT_NONE)) {
		perror("mprotect");
		return 1;
	}
	/* 300 bytes before the inaccessible page, 700 asked for */
	n = read(hwrng, p + PAGE - 300, 1000);
	if (n <= 0 || n > 300) {
		fprintf(stderr, "guard: returned %ld (%s), want 1-300 bytes\n",
			n, n < 0 ? strerror(errno) : "");
		return 1;
	}
	return !(untouched(p, 0, PAGE - 300, "guard") &&
		 (n < 64 || looks_written(p + PAGE - 300, n, "guard")));
}

static int case_readonly(void)
{
	unsigned char *p = canary_map(2);
	long n;

	if (mprotect(p, 2 * PAGE, PROT_READ)) {
		perror("mprotect");
		return 1;
	}
	n = read(hwrng, p + 10, PAGE);
	if (n != -1 || errno != EFAULT) {
		fprintf(stderr, "readonly: returned %ld (%s), want EFAULT\n",
			n, n < 0 ? strerror(errno) : "");
		return 1;
	}
	return !untouched(p, 0, 2 * PAGE, "readonly");
}

static int case_shared(void)
{
	const long len = 2 * PAGE + 5, off = 3;
	unsigned char *p, copy[2 * 4096 + 5], back[2 * 4096 + 5];
	int fd = open("/tmp/hwrng-shared", O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || ftruncate(fd, 3 * PAGE)) {
		perror("/tmp/hwrng-shared");
		return 1;
	}
	p = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		perror("mmap shared");
		return 1;
	}
	if (read(hwrng, p + off, len) != len) {
		perror("shared: read");
		return 1;
	}
	memcpy(copy, p + off, len);
	if (munmap(p, 3 * PAGE) || pread(fd, back, len, off) != len) {
		perror("shared: munmap/pread");
		return 1;
	}
	close(fd);
	unlink("/tmp/hwrng-shared");
	if (memcmp(copy, back, len)) {
		fprintf(stderr, "shared: the file differs from the mapping\n");
		return 1;
	}
	return !looks_written(copy, len, "shared");
}

static int case_cow(void)
{
	unsigned char *p = canary_map(2);
	int go[2], status;
	char c = 0;
	pid_t child;

	if (pipe(go)) {
		perror("pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (child == 0) {
		/* wait for the parent's read, then check this copy */
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(2);
		_exit(untouched(p, 0, 2 * PAGE, "cow: the child's copy") ? 0 : 1);
	}
	close(go[0]);
	if (read(hwrng, p + 100, PAGE) != PAGE) {
		perror("cow: read");
		return 1;
	}
	if (write(go[1], &c, 1) != 1 || waitpid(child, &status, 0) != child) {
		perror("cow: child");
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "cow: the child saw the parent's read\n");
		return 1;
	}
	return !looks_written(p + 100, PAGE, "cow: the parent's read");
}

static int case_nonblock(void)
{
	unsigned char buf[64];
	int fd = open("/dev/hwrng", O_RDONLY | O_NONBLOCK);
	ssize_t n, first;
	int err;

	if (fd < 0) {
		perror("/dev/hwrng");
		return 1;
	}
	/*
	 * The core keeps what a reader left of its last 64-byte read and
	 * serves it first: at most one read of that, then EAGAIN.
	 */
	first = read(fd, buf, sizeof(buf));
	n = first > 0 ? read(fd, buf, sizeof(buf)) : first;
	err = errno;
	close(fd);
	if (n >= 0 || err != EAGAIN) {
		fprintf(stderr, "nonblock: reads returned %zd, then %zd%s%s\n", first, n,
			n < 0 ? ": " : " bytes", n < 0 ? strerror(err) : "");
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(void);
	} cases[] = {
		{ "span", case_span }, { "small", case_small },
		{ "guard", case_guard }, { "readonly", case_readonly },
		{ "shared", case_shared }, { "cow", case_cow },
		{ "nonblock", case_nonblock },
	};
	unsigned int i;

	if (argc != 2) {
		fprintf(stderr, "usage: hwrng-read-edges span|small|guard|readonly|shared|cow|nonblock\n");
		return 2;
	}
	hwrng = open("/dev/hwrng", O_RDONLY);
	if (hwrng < 0) {
		perror("/dev/hwrng");
		return 1;
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (!strcmp(argv[1], cases[i].name))
			return cases[i].run();
	fprintf(stderr, "hwrng-read-edges: no case %s\n", argv[1]);
	return 2;
}

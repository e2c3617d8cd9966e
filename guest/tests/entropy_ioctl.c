// SPDX-License-Identifier: GPL-2.0
/*
 * entropy_ioctl [addtoentcnt|addentropy]: the userspace view of the input
 * pool's entropy accounting. Prints one "PASS name" or "FAIL name: why"
 * line per check, for guest/tests/entropy-ioctl.sh to turn into KTAP.
 *
 * Checks:
 * - /proc/sys/kernel/random/entropy_avail is a whole number in [0, 256]
 *   at every read, and RNDGETENTCNT agrees with it: read between two
 *   readings of entropy_avail, it lies between them (the estimate only
 *   grows), before the CRNG is ready and after;
 * - RNDADDTOENTCNT and RNDADDENTROPY with 0, 1, 7, 8 succeed and never
 *   decrease the estimate; -1 and INT_MIN fail with EINVAL and change
 *   nothing; INT_MAX is clamped, not overflowed: it succeeds, the
 *   estimate reads 256 and the CRNG is ready (getrandom() no longer
 *   fails with EAGAIN). The argument picks which ioctl credits INT_MAX
 *   first, while the CRNG is not ready yet;
 * - a caller without CAP_SYS_ADMIN (uid/gid 65534) gets EPERM from both.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/random.h>

#define POOL_BITS 256

static int failures;
static int bad_reads;
static int fd;

static void result(int ok, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void result(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		printf("PASS %s\n", name);
	} else {
		printf("FAIL %s: ", name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
		failures++;
	}
	fflush(stdout);
}

/* entropy_avail, checked to be a whole number in [0, POOL_BITS]. */
static int entropy_avail(void)
{
	char buf[64], *end;
	ssize_t n;
	long v;
	int f;

	f = open("/proc/sys/kernel/random/entropy_avail", O_RDONLY);
	if (f < 0) {
		bad_reads++;
		return -1;
	}
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	if (n <= 0) {
		bad_reads++;
		return -1;
	}
	buf[n] = '\0';
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || end == buf || strcmp(end, "\n") || v < 0 || v > POOL_BITS) {
		fprintf(stderr, "entropy_avail: bad reading '%s'\n", buf);
		bad_reads++;
		return -1;
	}
	return (int)v;
}

static int getentcnt(void)
{
	int v = -1;

	if (ioctl(fd, RNDGETENTCNT, &v) < 0)
		return -1;
	return v;
}

/* RNDGETENTCNT, read between two entropy_avail readings, lies between them. */
static void check_getentcnt(const char *name)
{
	int a = entropy_avail(), g = getentcnt(), b = entropy_avail();

	result(a >= 0 && a <= g && g <= b, name,
	       "entropy_avail %d, then RNDGETENTCNT %d, then entropy_avail %d", a, g, b);
}

static int crng_ready(void)
{
	char c;

	return getrandom(&c, 1, GRND_NONBLOCK) == 1;
}

/* RNDADDTOENTCNT or RNDADDENTROPY with a count; returns 0 or -errno. */
static int credit(int addentropy, int count)
{
	struct {
		struct rand_pool_info info;
		unsigned char bytes[16];
	} req;
	int r;

	if (addentropy) {
		memset(&req, 0, sizeof(req));
		req.info.entropy_count = count;
		req.info.buf_size = sizeof(req.bytes);
		memcpy(req.bytes, "entropy_ioctl...", sizeof(req.bytes));
		r = ioctl(fd, RNDADDENTROPY, &req);
	} else {
		r = ioctl(fd, RNDADDTOENTCNT, &count);
	}
	return r < 0 ? -errno : 0;
}

static const char *ioctl_name(int addentropy)
{
	return addentropy ? "rndaddentropy" : "rndaddtoentcnt";
}

/* A credit of @count: expect @want (0 or -errno), and no decrease. */
static void check_credit(int addentropy, int count, int want)
{
	char name[64];
	int before, after, r;

	snprintf(name, sizeof(name), "%s_%s%u", ioctl_name(addentropy),
		 count < 0 ? "minus" : "", count < 0 ? -(unsigned int)count :
		 (unsigned int)count);
	before = entropy_avail();
	r = credit(addentropy, count);
	after = entropy_avail();
	result(r == want && before >= 0 && after >= before, name,
	       "returned %d (want %d), entropy_avail %d -> %d", r, want,
	       before, after);
}

/* INT_MAX: clamped, succeeds, fills the estimate, readies the CRNG. */
static void check_int_max(int addentropy)
{
	char name[64];
	int ready_before = crng_ready(), r, after, cnt;

	snprintf(name, sizeof(name), "%s_int_max", ioctl_name(addentropy));
	r = credit(addentropy, INT_MAX);
	after = entropy_avail();
	cnt = getentcnt();
	result(r == 0 && after == POOL_BITS && cnt == POOL_BITS && crng_ready(),
	       name, "returned %d, entropy_avail %d, RNDGETENTCNT %d, crng ready %d (before %d)",
	       r, after, cnt, crng_ready(), ready_before);
}

static void check_unprivileged(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		int a, b, g;

		if (setgid(65534) || setuid(65534))
			_exit(10);
		a = credit(0, 8);
		b = credit(1, 8);
		g = getentcnt();
		/* Exit code: bit 0 RNDADDTOENTCNT, bit 1 RNDADDENTROPY, bit 2 RNDGETENTCNT. */
		_exit((a != -EPERM) | (b != -EPERM) << 1 | (g < 0 || g > POOL_BITS) << 2);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		result(0, "unprivileged_eperm", "fork/wait failed");
		return;
	}
	result(WEXITSTATUS(status) == 0, "unprivileged_eperm",
	       "child exit status %d (10: setuid failed; 1: RNDADDTOENTCNT, 2: RNDADDENTROPY not EPERM; 4: RNDGETENTCNT failed)",
	       WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
	static const int counts[] = { 0, 1, 7, 8 };
	int first = argc > 1 && !strcmp(argv[1], "addentropy");
	int e, g, i, k, ready;

	fd = open("/dev/urandom", O_RDWR);
	if (fd < 0) {
		result(0, "open_urandom", "%s", strerror(errno));
		return 1;
	}

	e = entropy_avail();
	g = getentcnt();
	ready = crng_ready();
	printf("# start: entropy_avail %d, RNDGETENTCNT %d, crng ready %d\n", e, g, ready);
	result(e >= 0 && g >= 0 && g <= POOL_BITS, "initial_readings",
	       "entropy_avail %d, RNDGETENTCNT %d", e, g);
	result(!ready, "crng_not_ready_at_start",
	       "the CRNG is already ready: the credits below cannot change the estimate");
	check_getentcnt("getentcnt_agrees_before_ready");

	check_unprivileged();

	for (k = 0; k < 2; k++) {
		for (i = 0; i < (int)(sizeof(counts) / sizeof(counts[0])); i++)
			check_credit(k, counts[i], 0);
		check_credit(k, -1, -EINVAL);
		check_credit(k, INT_MIN, -EINVAL);
	}
	/* A run of one-bit credits moves the estimate up. */
	e = entropy_avail();
	for (i = 0; i < 64; i++)
		credit(0, 1);
	g = entropy_avail();
	result(crng_ready() || g > e, "one_bit_credits_count",
	       "entropy_avail %d -> %d after 64 one-bit credits", e, g);
	check_getentcnt("getentcnt_agrees_after_credits");

	check_int_max(first);
	check_int_max(!first);
	/* Once ready, credits still succeed and the estimate stays put. */
	for (k = 0; k < 2; k++)
		check_credit(k, 8, 0);
	check_getentcnt("getentcnt_agrees_when_ready");

	for (i = 0; i < 1000; i++)
		entropy_avail();
	result(bad_reads == 0, "entropy_avail_whole_in_range",
	       "%d of the readings were not a whole number in [0, %d]",
	       bad_reads, POOL_BITS);
	close(fd);
	return failures != 0;
}

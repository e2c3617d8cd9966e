// SPDX-License-Identifier: GPL-2.0
/*
 * SP 800-90B continuous health tests for hw_random drivers.
 *
 * The Repetition Count Test (4.4.1) and the Adaptive Proportion Test
 * (4.4.2) run on every byte sample, each with two cutoffs: one with a false
 * positive rate alpha = 2^-30 reports an intermittent failure, one with
 * alpha = 2^-80 reports a permanent failure. A source that claims H bits of
 * min-entropy per byte and fails at alpha = 2^-80 is broken, not unlucky.
 *
 * An intermittent failure does not reset the run or the window: a source
 * that stays stuck has to reach the permanent cutoff. It restarts the
 * startup test (4.3) instead, so output is held back until 1024
 * consecutive samples pass again.
 *
 * Most hwrngs deliver conditioned output (a DRBG's, such as RDRAND's or a
 * TPM's), not raw noise: there the tests catch a stuck or biased source,
 * never a deterministic one.
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/hw_random.h>
#include <linux/math.h>

#define HWRNG_HEALTH_ALPHA		30	/* -log2(alpha), intermittent */
#define HWRNG_HEALTH_ALPHA_PERMANENT	80	/* -log2(alpha), permanent */
#define HWRNG_HEALTH_APT_WINDOW		512
#define HWRNG_HEALTH_STARTUP		1024
#define HWRNG_HEALTH_MAX_ENTROPY	8	/* bits in a byte sample */

/*
 * APT cutoffs indexed by H - 1, SP 800-90B 4.4.2's formula
 * C = 1 + CRITBINOM(W, 2^-H, 1 - alpha) for W = 512, where the count B
 * includes the first sample of the window. They need exact binomial
 * tails, so they are computed offline (scripts/health-cutoffs.py in the
 * series' repository).
 */
static const u16 hwrng_apt_cutoff[HWRNG_HEALTH_MAX_ENTROPY] = {
	325, 190, 114, 71, 46, 31, 22, 16,
};

static const u16 hwrng_apt_cutoff_permanent[HWRNG_HEALTH_MAX_ENTROPY] = {
	371, 236, 152, 102, 71, 51, 39, 30,
};

/**
 * hwrng_health_init() - set up the health tests for a noise source
 * @h: state to initialize
 * @min_entropy: claimed min-entropy of one byte sample in bits, 1 to 8
 *
 * Also resets the state, including a permanent failure, so a driver can
 * start over after the source was reset.
 *
 * Return: 0, or -EINVAL if @min_entropy is out of range.
 */
int hwrng_health_init(struct hwrng_health *h, unsigned int min_entropy)
{
	if (min_entropy < 1 || min_entropy > HWRNG_HEALTH_MAX_ENTROPY)
		return -EINVAL;

	/* SP 800-90B 4.4.1: C = 1 + ceil(-log2(alpha) / H) */
	*h = (struct hwrng_health) {
		.rct_cutoff = 1 + DIV_ROUND_UP(HWRNG_HEALTH_ALPHA, min_entropy),
		.rct_cutoff_permanent =
			1 + DIV_ROUND_UP(HWRNG_HEALTH_ALPHA_PERMANENT,
					 min_entropy),
		.apt_cutoff = hwrng_apt_cutoff[min_entropy - 1],
		.apt_cutoff_permanent =
			hwrng_apt_cutoff_permanent[min_entropy - 1],
		.startup_left = HWRNG_HEALTH_STARTUP,
	};

	return 0;
}
EXPORT_SYMBOL_GPL(hwrng_health_init);

static enum hwrng_health_result hwrng_rct(struct hwrng_health *h, u8 x)
{
	if (h->rct_count && x == h->rct_last) {
		h->rct_count++;
	} else {
		h->rct_last = x;
		h->rct_count = 1;
	}

	if (h->rct_count >= h->rct_cutoff_permanent)
		return HWRNG_HEALTH_FAIL_PERMANENT;
	if (h->rct_count >= h->rct_cutoff)
		return HWRNG_HEALTH_FAIL;
	return HWRNG_HEALTH_PASS;
}

static enum hwrng_health_result hwrng_apt(struct hwrng_health *h, u8 x)
{
	enum hwrng_health_result res = HWRNG_HEALTH_PASS;

	if (!h->apt_pos) {
		h->apt_base = x;
		h->apt_count = 1;
	} else if (x == h->apt_base) {
		h->apt_count++;
		if (h->apt_count >= h->apt_cutoff_permanent)
			res = HWRNG_HEALTH_FAIL_PERMANENT;
		else if (h->apt_count >= h->apt_cutoff)
			res = HWRNG_HEALTH_FAIL;
	}

	/* Windows do not overlap: the next sample is a new base. */
	if (++h->apt_pos == HWRNG_HEALTH_APT_WINDOW)
		h->apt_pos = 0;

	return res;
}

/**
 * hwrng_health_test() - run the health tests on samples from a noise source
 * @h: state set up by hwrng_health_init()
 * @buf: byte samples, in the order the source produced them
 * @len: number of samples
 *
 * Every sample in @buf is tested, so that a failure is seen whatever the
 * size of the blocks the driver reads. On %HWRNG_HEALTH_FAIL the caller must
 * not use or credit any sample of @buf. Output may be used only while
 * hwrng_health_ready() is true.
 *
 * Return: the worst result over @buf. Once a permanent failure was seen,
 * %HWRNG_HEALTH_FAIL_PERMANENT until hwrng_health_init() is called again.
 */
enum hwrng_health_result hwrng_health_test(struct hwrng_health *h,
					   const u8 *buf, size_t len)
{
	enum hwrng_health_result worst = HWRNG_HEALTH_PASS;
	/*
	 * Test on a copy: as far as the compiler knows, @buf may point into
	 * @h, so @h itself would be stored back after every sample.
	 */
	struct hwrng_health s = *h;
	size_t i;

	if (s.permanent)
		return HWRNG_HEALTH_FAIL_PERMANENT;

	for (i = 0; i < len; i++) {
		enum hwrng_health_result rct = hwrng_rct(&s, buf[i]);
		enum hwrng_health_result apt = hwrng_apt(&s, buf[i]);

		if (rct == HWRNG_HEALTH_FAIL_PERMANENT ||
		    apt == HWRNG_HEALTH_FAIL_PERMANENT) {
			s.permanent = true;
			worst = HWRNG_HEALTH_FAIL_PERMANENT;
			break;
		}

		if (rct == HWRNG_HEALTH_FAIL || apt == HWRNG_HEALTH_FAIL) {
			s.startup_left = HWRNG_HEALTH_STARTUP;
			worst = HWRNG_HEALTH_FAIL;
		} else if (s.startup_left) {
			s.startup_left--;
		}
	}

	*h = s;
	return worst;
}
EXPORT_SYMBOL_GPL(hwrng_health_test);

/**
 * hwrng_health_ready() - check whether output of a noise source may be used
 * @h: state set up by hwrng_health_init()
 *
 * Return: true once the last 1024 samples tested all passed (SP 800-90B
 * startup test) and no permanent failure was seen.
 */
bool hwrng_health_ready(const struct hwrng_health *h)
{
	return !h->permanent && !h->startup_left;
}
EXPORT_SYMBOL_GPL(hwrng_health_ready);

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the hw_random SP 800-90B health tests.
 *
 * Expected values are literals worked out from SP 800-90B, not from the code
 * under test.
 */

#include <kunit/test.h>
#include <linux/hw_random.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/string.h>

#define GOOD_LEN	8192
#define GOOD_SEED	0x2545f491

struct health_cutoffs {
	unsigned int h;
	u16 rct, rct_permanent, apt, apt_permanent;
};

/*
 * SP 800-90B 4.4.1 and 4.4.2 at alpha = 2^-30 and 2^-80. RCT:
 * 1 + ceil(30 / H) and 1 + ceil(80 / H). APT: 1 + CRITBINOM(512, 2^-H,
 * 1 - alpha), computed with exact binomial tails by
 * scripts/health-cutoffs.py in the series' repository.
 */
static const struct health_cutoffs health_cutoffs_cases[] = {
	{ 1, 31, 81, 325, 371 },
	{ 2, 16, 41, 190, 236 },
	{ 3, 11, 28, 114, 152 },
	{ 4,  9, 21,  71, 102 },
	{ 5,  7, 17,  46,  71 },
	{ 6,  6, 15,  31,  51 },
	{ 7,  6, 13,  22,  39 },
	{ 8,  5, 11,  16,  30 },
};

static void health_cutoffs_desc(const struct health_cutoffs *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "H=%u", c->h);
}

KUNIT_ARRAY_PARAM(health_cutoffs, health_cutoffs_cases, health_cutoffs_desc);

static enum hwrng_health_result feed(struct hwrng_health *h, u8 sample)
{
	return hwrng_health_test(h, &sample, 1);
}

/* xorshift32: a fixed stream that looks like full entropy to the tests */
static u8 *good_stream(struct kunit *test)
{
	u8 *buf = kunit_kmalloc(test, GOOD_LEN, GFP_KERNEL);
	u32 x = GOOD_SEED;
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < GOOD_LEN; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = x >> 24;
	}
	return buf;
}

static void health_test_cutoffs(struct kunit *test)
{
	const struct health_cutoffs *c = test->param_value;
	struct hwrng_health h;

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, c->h), 0);
	KUNIT_EXPECT_EQ(test, h.rct_cutoff, c->rct);
	KUNIT_EXPECT_EQ(test, h.rct_cutoff_permanent, c->rct_permanent);
	KUNIT_EXPECT_EQ(test, h.apt_cutoff, c->apt);
	KUNIT_EXPECT_EQ(test, h.apt_cutoff_permanent, c->apt_permanent);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));
}

static void health_test_init_range(struct kunit *test)
{
	struct hwrng_health h;

	KUNIT_EXPECT_EQ(test, hwrng_health_init(&h, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, hwrng_health_init(&h, 9), -EINVAL);
	KUNIT_EXPECT_EQ(test, hwrng_health_init(&h, UINT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, hwrng_health_init(&h, 1), 0);
	KUNIT_EXPECT_EQ(test, hwrng_health_init(&h, 8), 0);
}

static void health_test_good_stream(struct kunit *test)
{
	u8 *buf = good_stream(test);
	struct hwrng_health h;

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf, 1023),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf + 1023, 1),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_TRUE(test, hwrng_health_ready(&h));
	KUNIT_EXPECT_EQ(test,
			hwrng_health_test(&h, buf + 1024, GOOD_LEN - 1024),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_TRUE(test, hwrng_health_ready(&h));
}

/* A run of one byte value: pass below the cutoff, fail at it. */
static void health_test_rct(struct kunit *test)
{
	const struct health_cutoffs *c = test->param_value;
	struct hwrng_health h;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, c->h), 0);
	for (i = 1; i < c->rct; i++)
		KUNIT_ASSERT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_FAIL);
	/* The run goes on, so the source must end up declared broken. */
	for (i = c->rct + 1; i < c->rct_permanent; i++)
		KUNIT_ASSERT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_FAIL);
	KUNIT_EXPECT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_FAIL_PERMANENT);
}

/*
 * An intermittent failure restarts the startup test, and a new value starts
 * a new run.
 */
static void health_test_rct_reset(struct kunit *test)
{
	u8 *buf = good_stream(test);
	struct hwrng_health h;
	u8 stuck[4];
	unsigned int i;

	KUNIT_ASSERT_NE(test, buf[2047], 0x5a);
	KUNIT_ASSERT_NE(test, buf[2048], 0xa5);
	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_ASSERT_EQ(test, hwrng_health_test(&h, buf, 2048),
			HWRNG_HEALTH_PASS);
	KUNIT_ASSERT_TRUE(test, hwrng_health_ready(&h));

	memset(stuck, 0x5a, sizeof(stuck));
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, stuck, 4),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_FAIL);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));

	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, feed(&h, 0xa5), HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_EQ(test, feed(&h, 0xa5), HWRNG_HEALTH_FAIL);

	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf + 2048, 2048),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_TRUE(test, hwrng_health_ready(&h));
}

struct health_apt_case {
	const char *name;
	unsigned int h;
	unsigned int period;	/* 0x00 period - 1 times, then another value */
	unsigned int fail_at;
	unsigned int permanent_at;
};

/*
 * Base 0x00 at sample 0, so B = 1 there; the c-th later 0x00, where
 * B = c + 1 reaches the cutoff C at c = C - 1, is sample c * 2 for
 * period 2 and c + c / 3 for period 4. Runs are at most 3 long, far below
 * the RCT cutoff.
 */
static const struct health_apt_case health_apt_cases[] = {
	{ "H=8 0x00 every 2nd", 8, 2,  30,  58 },
	{ "H=4 0x00 every 2nd", 4, 2, 140, 202 },
	{ "H=1 0x00 3 of 4",    1, 4, 432, 493 },
};

static void health_apt_desc(const struct health_apt_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(health_apt, health_apt_cases, health_apt_desc);

static void health_test_apt(struct kunit *test)
{
	const struct health_apt_case *c = test->param_value;
	unsigned int first_fail = UINT_MAX, first_permanent = UINT_MAX;
	enum hwrng_health_result res;
	struct hwrng_health h;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, c->h), 0);
	for (i = 0; i < 512 && first_permanent == UINT_MAX; i++) {
		u8 x = i % c->period == c->period - 1 ? 1 + i % 251 : 0;

		res = feed(&h, x);
		if (res == HWRNG_HEALTH_FAIL && first_fail == UINT_MAX)
			first_fail = i;
		if (res == HWRNG_HEALTH_FAIL_PERMANENT)
			first_permanent = i;
	}
	KUNIT_EXPECT_EQ(test, first_fail, c->fail_at);
	KUNIT_EXPECT_EQ(test, first_permanent, c->permanent_at);
}

/*
 * Windows are 512 samples long. At H = 8 (C = 16) both windows below hold
 * 15 samples equal to their first, 0x00, and pass: one at 0 and at the
 * odd samples 485 to 511, the next at 512 and at the even samples 514 to
 * 540. A window of 513 would count sample 512 in the first (16), one of
 * 511 would start at sample 511 and count 16 in the second.
 */
static void health_test_apt_window(struct kunit *test)
{
	struct hwrng_health h;
	unsigned int i;
	u8 x;

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	for (i = 0; i < 1024; i++) {
		if (i == 0 || (i >= 485 && i <= 511 && i % 2) ||
		    (i >= 512 && i <= 540 && i % 2 == 0))
			x = 0;
		else
			x = 1 + i % 251;
		KUNIT_ASSERT_EQ_MSG(test, feed(&h, x), HWRNG_HEALTH_PASS, "sample %u", i);
	}
}

/* A failure one sample before the startup test completes restarts it. */
static void health_test_startup_restart(struct kunit *test)
{
	u8 *buf = good_stream(test);
	struct hwrng_health h;
	u8 stuck[5];

	KUNIT_ASSERT_NE(test, buf[1018], 0x5a);
	KUNIT_ASSERT_NE(test, buf[1019], 0x5a);
	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_ASSERT_EQ(test, hwrng_health_test(&h, buf, 1019),
			HWRNG_HEALTH_PASS);

	/* 4 samples pass, leaving one to go; the 5th fails the RCT */
	memset(stuck, 0x5a, sizeof(stuck));
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, stuck, 4),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));
	KUNIT_EXPECT_EQ(test, feed(&h, 0x5a), HWRNG_HEALTH_FAIL);

	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf + 1019, 1023),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf + 2042, 1),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_TRUE(test, hwrng_health_ready(&h));
}

static void health_test_permanent_sticky(struct kunit *test)
{
	u8 *buf = good_stream(test);
	struct hwrng_health h;
	u8 stuck[11];

	memset(stuck, 0x5a, sizeof(stuck));
	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, stuck, 10),
			HWRNG_HEALTH_FAIL);
	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, stuck, 11),
			HWRNG_HEALTH_FAIL_PERMANENT);

	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf, 2048),
			HWRNG_HEALTH_FAIL_PERMANENT);
	KUNIT_EXPECT_FALSE(test, hwrng_health_ready(&h));
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf, 0),
			HWRNG_HEALTH_FAIL_PERMANENT);

	KUNIT_ASSERT_EQ(test, hwrng_health_init(&h, 8), 0);
	KUNIT_EXPECT_EQ(test, hwrng_health_test(&h, buf, 2048),
			HWRNG_HEALTH_PASS);
	KUNIT_EXPECT_TRUE(test, hwrng_health_ready(&h));
}

static struct kunit_case health_test_cases[] = {
	KUNIT_CASE_PARAM(health_test_cutoffs, health_cutoffs_gen_params),
	KUNIT_CASE(health_test_init_range),
	KUNIT_CASE(health_test_good_stream),
	KUNIT_CASE_PARAM(health_test_rct, health_cutoffs_gen_params),
	KUNIT_CASE(health_test_rct_reset),
	KUNIT_CASE_PARAM(health_test_apt, health_apt_gen_params),
	KUNIT_CASE(health_test_apt_window),
	KUNIT_CASE(health_test_startup_restart),
	KUNIT_CASE(health_test_permanent_sticky),
	{}
};

static struct kunit_suite health_test_suite = {
	.name = "hwrng_health",
	.test_cases = health_test_cases,
};

kunit_test_suite(health_test_suite);

MODULE_DESCRIPTION("KUnit tests for the hw_random health tests");
MODULE_LICENSE("GPL");

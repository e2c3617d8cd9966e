// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for tpm-rdrand-rng, included at the end of the driver so
 * that they reach its static health tests and credit accounting.
 */

#include <kunit/test.h>

/* The cut-offs follow from H = 4 bits per sample and alpha = 2^-30. */
static void trr_test_cutoffs(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, TRR_RCT_CUTOFF, 9);
	KUNIT_EXPECT_EQ(test, TRR_APT_WINDOW, 512);
	KUNIT_EXPECT_EQ(test, TRR_APT_CUTOFF, 71);
}

/* Fill @buf with bytes that no test can object to: i * 37 mod 256. */
static void trr_test_fill_good(u8 *buf, size_t len, unsigned int start)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (u8)((start + i) * 37);
}

static void trr_test_good_stream(struct kunit *test)
{
	struct trr_health h;
	u8 buf[TRR_APT_WINDOW];
	int i;

	trr_health_reset(&h);
	for (i = 0; i < 8; i++) {
		trr_test_fill_good(buf, sizeof(buf), i * sizeof(buf));
		KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);
	}
	/* And real random bytes. */
	for (i = 0; i < 64; i++) {
		get_random_bytes(buf, sizeof(buf));
		KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);
	}
}

/* A run of C - 1 identical samples passes, C fails. */
static void trr_test_rct(struct kunit *test)
{
	struct trr_health h;
	u8 buf[64];

	trr_test_fill_good(buf, sizeof(buf), 1);
	memset(buf + 10, 0x42, TRR_RCT_CUTOFF - 1);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);

	memset(buf + 10, 0x42, TRR_RCT_CUTOFF);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_RCT);

	/* A run split across two reads counts as one. */
	trr_test_fill_good(buf, sizeof(buf), 1);
	memset(buf + sizeof(buf) - 5, 0x42, 5);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);
	memset(buf, 0x42, TRR_RCT_CUTOFF - 5);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_RCT);
}

/*
 * The window's first value repeated, never twice in a row: C - 1
 * occurrences in the window pass, C fail.
 */
static void trr_test_apt(struct kunit *test)
{
	struct trr_health h;
	u8 buf[TRR_APT_WINDOW];
	int i;

	for (i = 0; i < 2; i++) {
		unsigned int n = TRR_APT_CUTOFF - 1 + i, k;
		size_t j;

		/* non-0x77 filler that never repeats back to back */
		for (j = 0; j < sizeof(buf); j++)
			buf[j] = (u8)(j * 37) == 0x77 ? 0x78 : (u8)(j * 37);
		for (k = 0; k < n; k++)
			buf[k * 2] = 0x77;
		trr_health_reset(&h);
		KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)),
				i ? TRR_FAIL_APT : TRR_OK);
	}
}

/* RDRAND's all-ones failure mode, even a single 64-bit word of it. */
static void trr_test_stuck(struct kunit *test)
{
	struct trr_health h;
	u8 buf[64];

	trr_test_fill_good(buf, sizeof(buf), 3);
	memset(buf + 16, 0xff, 8);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_STUCK);

	memset(buf, 0xff, sizeof(buf));
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_STUCK);
}

/* Per-read credit at the driver's block size: exact, in 1/8 bits. */
static void trr_test_credit(struct kunit *test)
{
	unsigned int carry = 0, i;
	size_t sum = 0;

	/* default TPM quality 8: 64 bytes carry 4 bits */
	KUNIT_EXPECT_EQ(test, hwrng_entropy_frac(TRR_BLOCK, 8, &carry), 4 << ENTROPY_SHIFT);
	/* quality 1: half a bit per read, exactly */
	for (i = 0; i < 10; i++)
		sum += hwrng_entropy_frac(TRR_BLOCK, 1, &carry);
	KUNIT_EXPECT_EQ(test, sum, 5 << ENTROPY_SHIFT);
	/* quality 0: nothing */
	KUNIT_EXPECT_EQ(test, hwrng_entropy_frac(TRR_BLOCK, 0, &carry), 0);
}

static void trr_test_quality_param(struct kunit *test)
{
	unsigned int q = 8;
	struct kernel_param kp = { .arg = &q };

	KUNIT_EXPECT_EQ(test, trr_quality_set("0", &kp), 0);
	KUNIT_EXPECT_EQ(test, q, 0);
	KUNIT_EXPECT_EQ(test, trr_quality_set("1024\n", &kp), 0);
	KUNIT_EXPECT_EQ(test, q, 1024);
	KUNIT_EXPECT_EQ(test, trr_quality_set("1025", &kp), -EINVAL);
	KUNIT_EXPECT_EQ(test, trr_quality_set("-1", &kp), -EINVAL);
	KUNIT_EXPECT_EQ(test, trr_quality_set("abc", &kp), -EINVAL);
	KUNIT_EXPECT_EQ(test, q, 1024);
}

static struct kunit_case trr_test_cases[] = {
	KUNIT_CASE(trr_test_cutoffs),
	KUNIT_CASE(trr_test_good_stream),
	KUNIT_CASE(trr_test_rct),
	KUNIT_CASE(trr_test_apt),
	KUNIT_CASE(trr_test_stuck),
	KUNIT_CASE(trr_test_credit),
	KUNIT_CASE(trr_test_quality_param),
	{}
};

static struct kunit_suite trr_test_suite = {
	.name = "tpm_rdrand_rng",
	.test_cases = trr_test_cases,
};

kunit_test_suite(trr_test_suite);

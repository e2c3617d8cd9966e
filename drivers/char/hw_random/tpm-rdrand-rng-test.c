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

/*
 * A fake source for the accounting tests: good bytes, an APT failure
 * built up over a window when asked, reads as short as asked, and a
 * recorder in place of the input pool.
 */
struct trr_test_feed {
	size_t pos;		/* samples delivered so far */
	size_t short_len;	/* deliver at most this many per read, 0: all */
	bool apt_window;	/* make the second window fail APT at its end */
	size_t mixed;		/* bytes the recorder saw */
	size_t claimed;		/* credit the recorder saw */
};

static struct trr_test_feed trr_feed[TRR_NR_SRC];

/*
 * Sample @i of the stream. Good: i * 37 (each value twice per window,
 * never twice in a row). In the failing window, the window's first value
 * 0x77 comes back every 7 samples: its 71st occurrence, which fails, is
 * sample 490, in the window's last 64-byte block.
 */
static u8 trr_test_sample(struct trr_test_feed *f, size_t i)
{
	size_t w = i % TRR_APT_WINDOW;
	u8 good = (u8)(i * 37) == 0x77 ? 0x78 : (u8)(i * 37);

	if (f->apt_window && i / TRR_APT_WINDOW == 1)
		return w % 7 == 0 ? 0x77 : good;
	return good;
}

static int trr_test_read(struct trr_source *src, u8 *buf, size_t len)
{
	struct trr_test_feed *f = &trr_feed[src - src->trr->src];
	size_t i;

	if (f->short_len)
		len = min(len, f->short_len);
	for (i = 0; i < len; i++)
		buf[i] = trr_test_sample(f, f->pos++);
	return len;
}

static struct trr_test_feed *trr_test_recording;

static void trr_test_mix(const void *buf, size_t len, size_t frac)
{
	trr_test_recording->mixed += len;
	trr_test_recording->claimed += frac;
}

static unsigned int trr_test_q = 1024;

static struct trr_rng *trr_test_rng(struct kunit *test)
{
	struct trr_rng *trr = kunit_kzalloc(test, sizeof(*trr), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, trr);
	memset(trr_feed, 0, sizeof(trr_feed));
	trr->mix = trr_test_mix;
	trr_test_q = 1024;
	for (i = 0; i < TRR_NR_SRC; i++) {
		trr_source_init(trr, i, i ? "test1" : "test0", &trr_test_q,
				trr_test_read, NULL);
		trr->src[i].present = true;
	}
	trr_test_recording = &trr_feed[0];
	return trr;
}

/* Bytes x quality in 1/8 bits: bytes * 8 * q / 1024 * 8. */
static size_t trr_test_units(size_t bytes, unsigned int q)
{
	return bytes * q / 16;
}

/* The credit of a window is claimed when, and only when, it completes. */
static void trr_test_credit_held_until_window(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *src = &trr->src[0];
	u8 buf[TRR_BLOCK];
	size_t claimed = 0;
	int i;

	for (i = 0; i < TRR_APT_WINDOW / TRR_BLOCK - 1; i++)
		KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
						     TRR_GET_POOL, &claimed), TRR_BLOCK);
	/* mixed at once, credit held */
	KUNIT_EXPECT_EQ(test, trr_feed[0].mixed, TRR_APT_WINDOW - TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 0);
	KUNIT_EXPECT_EQ(test, claimed, 0);
	KUNIT_EXPECT_EQ(test, src->pending_bytes, TRR_APT_WINDOW - TRR_BLOCK);

	KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
					     TRR_GET_POOL, &claimed), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, trr_test_units(TRR_APT_WINDOW, 1024));
	KUNIT_EXPECT_EQ(test, claimed, trr_feed[0].claimed);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->claimed_frac), trr_feed[0].claimed);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->bytes_claimed), TRR_APT_WINDOW);
	KUNIT_EXPECT_EQ(test, src->pending_bytes, 0);
}

/*
 * An APT failure at the end of a window credits nothing of that window:
 * 448 bytes of it were mixed, their credit is dropped. The window before
 * it stays claimed.
 */
static void trr_test_apt_failure_claims_nothing(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *src = &trr->src[0];
	u8 buf[TRR_BLOCK];
	size_t one = trr_test_units(TRR_APT_WINDOW, 1024);
	int i, ret = 0;

	trr_feed[0].apt_window = true;
	for (i = 0; i < TRR_APT_WINDOW / TRR_BLOCK; i++)
		trr_source_get(src, buf, sizeof(buf), TRR_GET_POOL, NULL);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, one);

	for (i = 0; i < TRR_APT_WINDOW / TRR_BLOCK && ret >= 0; i++)
		ret = trr_source_get(src, buf, sizeof(buf), TRR_GET_POOL, NULL);
	/* the last block of the window failed */
	KUNIT_EXPECT_EQ(test, ret, -EIO);
	KUNIT_EXPECT_EQ(test, i, TRR_APT_WINDOW / TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, src->last_fault, TRR_FAIL_APT);
	KUNIT_EXPECT_TRUE(test, src->failed);
	KUNIT_EXPECT_EQ(test, trr_feed[0].mixed, 2 * TRR_APT_WINDOW - TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, one);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->claimed_frac), one);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->bytes_dropped),
			TRR_APT_WINDOW - TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, src->pending_bytes, 0);
	KUNIT_EXPECT_EQ(test, src->pending_frac, 0);
	/* a failed source is not read without a retry */
	KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
					     TRR_GET_POOL, NULL), -EAGAIN);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, one);
}

/* Short reads: only the bytes delivered are tested, mixed and credited. */
static void trr_test_short_reads(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *src = &trr->src[0];
	u8 buf[TRR_BLOCK];
	int i;

	trr_feed[0].short_len = 40;
	/* 12 reads: 480 bytes, window open; the 13th completes it */
	for (i = 0; i < 12; i++)
		KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
						     TRR_GET_POOL, NULL), 40);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 0);
	KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
					     TRR_GET_POOL, NULL), 40);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->bytes_read), 520);
	KUNIT_EXPECT_EQ(test, trr_feed[0].mixed, 520);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->bytes_claimed), TRR_APT_WINDOW);
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, trr_test_units(TRR_APT_WINDOW, 1024));
	KUNIT_EXPECT_EQ(test, src->pending_bytes, 8);
}

/* /dev/hwrng XORs the sources over the shortest length delivered. */
static void trr_test_hwrng_short(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];
	size_t i;

	trr_feed[1].short_len = 40;
	trr_feed[1].pos = 100;	/* not the same stream as source 0 */
	for (i = 0; i < sizeof(want); i++)
		want[i] = i < 40 ? trr_test_sample(&trr_feed[0], i) ^
				   trr_test_sample(&trr_feed[1], i + 100) : 0;
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false), 40);
	KUNIT_EXPECT_MEMEQ(test, out, want, sizeof(want));
	/* not mixed, not credited */
	KUNIT_EXPECT_EQ(test, trr_feed[0].mixed + trr_feed[1].mixed, 0);
	KUNIT_EXPECT_EQ(test, atomic64_read(&trr->src[0].bytes_mixed), 0);
}

static struct kunit_case trr_test_cases[] = {
	KUNIT_CASE(trr_test_cutoffs),
	KUNIT_CASE(trr_test_good_stream),
	KUNIT_CASE(trr_test_rct),
	KUNIT_CASE(trr_test_apt),
	KUNIT_CASE(trr_test_stuck),
	KUNIT_CASE(trr_test_credit),
	KUNIT_CASE(trr_test_quality_param),
	KUNIT_CASE(trr_test_credit_held_until_window),
	KUNIT_CASE(trr_test_apt_failure_claims_nothing),
	KUNIT_CASE(trr_test_short_reads),
	KUNIT_CASE(trr_test_hwrng_short),
	{}
};

static struct kunit_suite trr_test_suite = {
	.name = "tpm_rdrand_rng",
	.test_cases = trr_test_cases,
};

kunit_test_suite(trr_test_suite);

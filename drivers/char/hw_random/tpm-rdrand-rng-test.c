// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for tpm-rdrand-rng, included at the end of the driver so
 * that they reach its static health tests and credit accounting.
 */

#include <kunit/test.h>
#include <linux/math64.h>
#include <linux/sizes.h>

/*
 * The design the driver documents, which its cut-offs must follow: 8-bit
 * samples of min-entropy H = 4 bits, false positive rate alpha = 2^-30.
 */
#define TRR_TEST_H		4
#define TRR_TEST_ALPHA_LOG2	30

/*
 * Repetition count test (SP 800-90B 4.4.1): C - 1 repeats of a sample
 * have probability at most 2^(-H (C - 1)), so C is the smallest count with
 * H (C - 1) >= -log2(alpha).
 */
static unsigned int trr_test_rct_cutoff(unsigned int h, unsigned int alpha_log2)
{
	unsigned int c = 1;

	while (h * (c - 1) < alpha_log2)
		c++;
	return c;
}

/* The smallest C with w[C] + ... + w[n] <= @limit. */
static unsigned int trr_test_tail_cut(const u64 *w, unsigned int n, u64 limit)
{
	unsigned int c = n + 1;
	u64 tail = 0;

	while (c > 0 && tail + w[c - 1] <= limit)
		tail += w[--c];
	return c;
}

/*
 * Adaptive proportion test (SP 800-90B 4.4.2): the cut-off for a window
 * of @n samples is the smallest C with P(B >= C) <= 2^-@alpha_log2, for B
 * binomial (n, p = 2^-@h). No floating point: the binomial weights are
 * kept in u64 relative to the mode m = (n + 1) p, where w[m] = 2^50, from
 * the ratio of consecutive terms, w[k + 1] = w[k] (n - k) / (q (k + 1))
 * with q = 2^h - 1, and P(B >= C) = (w[C] + ... + w[n]) / (w[0] + ... +
 * w[n]). Every weight is computed twice, rounded down (lo) and up (hi);
 * the cut-off from the tail rounded up against the total rounded down is
 * never below the exact one, the one from the opposite roundings never
 * above, so when they agree (checked) it is the exact one. No term exceeds
 * w[m] and the multipliers are at most n <= 1024, so products stay below
 * 2^60. With @report, P(B >= C - 1) and P(B >= C) are logged.
 */
static unsigned int trr_test_apt_cutoff(struct kunit *test, unsigned int n,
					unsigned int h, unsigned int alpha_log2,
					bool report)
{
	const u64 q = (1U << h) - 1;
	const unsigned int m = (n + 1) >> h;
	u64 *lo, *hi, total_lo = 0, total_hi = 0, tail = 0, before;
	unsigned int k, c, c_low;

	KUNIT_ASSERT_LE(test, n, 1024U);
	lo = kunit_kcalloc(test, 2 * (n + 1), sizeof(*lo), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, lo);
	hi = lo + n + 1;
	lo[m] = BIT_ULL(50);
	hi[m] = BIT_ULL(50);
	for (k = m; k < n; k++) {
		lo[k + 1] = div64_u64(lo[k] * (n - k), q * (k + 1));
		hi[k + 1] = DIV64_U64_ROUND_UP(hi[k] * (n - k), q * (k + 1));
	}
	for (k = m; k > 0; k--) {
		lo[k - 1] = div64_u64(lo[k] * q * k, n - k + 1);
		hi[k - 1] = DIV64_U64_ROUND_UP(hi[k] * q * k, n - k + 1);
	}
	for (k = 0; k <= n; k++) {
		total_lo += lo[k];
		total_hi += hi[k];
	}
	c = trr_test_tail_cut(hi, n, total_lo >> alpha_log2);
	c_low = trr_test_tail_cut(lo, n, (total_hi >> alpha_log2) + 1);
	KUNIT_EXPECT_EQ_MSG(test, c, c_low, "W %u, H %u: fixed point too coarse", n, h);
	if (report && c > 0 && c <= n) {
		for (k = c; k <= n; k++)
			tail += lo[k];
		before = tail + lo[c - 1];
		kunit_info(test, "APT W=%u H=%u: cut-off %u, P(B >= %u) = %llu e-12, P(B >= %u) = %llu e-12, alpha = %llu e-12\n",
			   n, h, c, c - 1, mul_u64_u64_div_u64(before, 1000000000000ULL, total_lo),
			   c, mul_u64_u64_div_u64(tail, 1000000000000ULL, total_lo),
			   1000000000000ULL >> alpha_log2);
	}
	return c;
}

/*
 * The cut-offs, computed here from H = 4 and alpha = 2^-30 (and the
 * driver's window), must be the driver's. The calculator itself is first
 * checked against exact values, from rational arithmetic in Python:
 *
 *	python3 -c 'from fractions import Fraction as F; from math import comb
 *	for n, h, a in ((512, 4, 30), (512, 1, 20), (512, 2, 20), (512, 4, 20),
 *			(512, 8, 20), (1024, 1, 20), (512, 3, 30), (64, 4, 30)):
 *	    p, t, c = F(1, 2**h), 0, n + 1
 *	    while c and t + comb(n, c - 1) * p**(c - 1) * (1 - p)**(n - c + 1) <= F(1, 2**a):
 *	        c -= 1; t += comb(n, c) * p**c * (1 - p)**(n - c)
 *	    print(n, h, a, c)'
 *
 * which prints 71, 311, 177, 62, 13, 589, 114 and 21; for W = 512, H = 4,
 * P(B >= 70) = 9.44e-10 > 2^-30 = 9.31e-10 >= P(B >= 71) = 3.87e-10.
 */
static void trr_test_cutoffs(struct kunit *test)
{
	static const struct {
		unsigned int n, h, alpha_log2, c;
	} known[] = {
		{ 512, 4, 30, 71 }, { 512, 1, 20, 311 }, { 512, 2, 20, 177 },
		{ 512, 4, 20, 62 }, { 512, 8, 20, 13 }, { 1024, 1, 20, 589 },
		{ 512, 3, 30, 114 }, { 64, 4, 30, 21 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		KUNIT_EXPECT_EQ_MSG(test, trr_test_apt_cutoff(test, known[i].n, known[i].h,
							      known[i].alpha_log2, false),
				    known[i].c, "W %u, H %u, alpha 2^-%u", known[i].n,
				    known[i].h, known[i].alpha_log2);
	KUNIT_EXPECT_EQ(test, trr_test_rct_cutoff(1, 20), 21U);
	KUNIT_EXPECT_EQ(test, trr_test_rct_cutoff(8, 30), 5U);

	KUNIT_EXPECT_EQ(test, TRR_RCT_CUTOFF,
			trr_test_rct_cutoff(TRR_TEST_H, TRR_TEST_ALPHA_LOG2));
	KUNIT_EXPECT_EQ(test, TRR_APT_CUTOFF,
			trr_test_apt_cutoff(test, TRR_APT_WINDOW, TRR_TEST_H,
					    TRR_TEST_ALPHA_LOG2, true));
}

/*
 * Fill @buf with bytes that no test can object to: prandom from @seed. (A
 * stream such as i * 37 mod 256 repeats every 256 bytes, and the repeat
 * tests rightly fail it.)
 */
static void trr_test_fill_good(u8 *buf, size_t len, unsigned int seed)
{
	struct rnd_state s;

	prandom_seed_state(&s, seed);
	prandom_bytes_state(&s, buf, len);
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
	buf[9] = 0x43;				/* the run has its exact length */
	buf[10 + TRR_RCT_CUTOFF - 1] = 0x43;
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
	/* fresh bytes: the same words again would fail the word test first */
	trr_test_fill_good(buf, sizeof(buf), 2);
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

		/* non-0x77 filler */
		trr_test_fill_good(buf, sizeof(buf), 5);
		for (j = 0; j < sizeof(buf); j++)
			if (buf[j] == 0x77)
				buf[j] = 0x78;
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

/*
 * A replayed 64-byte block fails when it is one of the last TRR_HIST = 16
 * full blocks (1, 15 and 16 back), and passes 17 back: the documented
 * horizon. A short read (< 64 bytes) skips only the block test: the
 * replayed words are still seen.
 */
static void trr_test_repeat_block(struct kunit *test)
{
	/* the documented numbers, not TRR_HIST: a change must show here */
	static const unsigned int back[] = { 1, 15, 16, 17 };
	u8 (*b)[TRR_BLOCK] = kunit_kcalloc(test, 17, TRR_BLOCK, GFP_KERNEL);
	struct trr_health h;
	unsigned int i, k;

	KUNIT_ASSERT_NOT_NULL(test, b);
	trr_test_fill_good(b[0], 17 * TRR_BLOCK, 11);
	for (i = 0; i < ARRAY_SIZE(back); i++) {
		trr_health_reset(&h);
		for (k = 0; k < back[i]; k++)
			KUNIT_ASSERT_EQ(test, trr_health_check(&h, b[k], TRR_BLOCK), TRR_OK);
		KUNIT_EXPECT_EQ_MSG(test, trr_health_check(&h, b[0], TRR_BLOCK),
				    back[i] <= 16 ? TRR_FAIL_REPEAT : TRR_OK,
				    "block replayed %u blocks back", back[i]);
	}
	/* in one read of two blocks */
	trr_health_reset(&h);
	memcpy(b[1], b[0], TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, b[0], 2 * TRR_BLOCK), TRR_FAIL_REPEAT);
	/* a short replay: the block test skipped, the word test fails it */
	trr_health_reset(&h);
	KUNIT_ASSERT_EQ(test, trr_health_check(&h, b[0], TRR_BLOCK), TRR_OK);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, b[0], 40), TRR_FAIL_WORD);
}

/*
 * A 64-bit word equal to one of the last 16 (aligned) words fails: word 7
 * of a block equal to its word 0, or a word 16 words back; 17 back passes.
 */
static void trr_test_repeat_word(struct kunit *test)
{
	struct trr_health h;
	u8 buf[3 * TRR_BLOCK];

	trr_test_fill_good(buf, sizeof(buf), 12);
	memcpy(buf + 56, buf, 8);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, TRR_BLOCK), TRR_FAIL_WORD);

	/* word 16 (read alone, after the 16 before it) := word 0 */
	trr_test_fill_good(buf, sizeof(buf), 12);
	memcpy(buf + 128, buf, 8);
	trr_health_reset(&h);
	KUNIT_ASSERT_EQ(test, trr_health_check(&h, buf, 2 * TRR_BLOCK), TRR_OK);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf + 128, TRR_BLOCK), TRR_FAIL_WORD);

	/* word 17 := word 0: beyond the horizon */
	trr_test_fill_good(buf, sizeof(buf), 12);
	memcpy(buf + 136, buf, 8);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);
}

/* An all-zero 64-bit word, alone or in all-zero output. */
static void trr_test_zero_word(struct kunit *test)
{
	struct trr_health h;
	u8 buf[TRR_BLOCK];

	trr_test_fill_good(buf, sizeof(buf), 13);
	memset(buf + 24, 0, 8);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_ZERO);

	memset(buf, 0, sizeof(buf));
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_ZERO);

	/* 8 zero bytes across two aligned words: not a zero word, short of RCT */
	trr_test_fill_good(buf, sizeof(buf), 13);
	buf[19] = 1;
	buf[28] = 1;
	memset(buf + 20, 0, 8);
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_OK);
}

/*
 * Zeros that pass RCT, APT and the zero-word test: 70 zero bytes in a
 * window (every other sample) pass, 71 fail the zero-proportion test;
 * then every odd sample zero, as the "zeros" injection does.
 */
static void trr_test_zero_pattern(struct kunit *test)
{
	struct trr_health h;
	u8 buf[TRR_APT_WINDOW];
	unsigned int i, k;
	size_t j;

	for (i = 0; i < 2; i++) {
		unsigned int n = TRR_APT_CUTOFF - 1 + i;

		trr_test_fill_good(buf, sizeof(buf), 14);
		for (j = 0; j < sizeof(buf); j++)
			if (!buf[j])
				buf[j] = 1;
		for (k = 0; k < n; k++)
			buf[2 * k + 1] = 0;
		trr_health_reset(&h);
		KUNIT_EXPECT_EQ_MSG(test, trr_health_check(&h, buf, sizeof(buf)),
				    i ? TRR_FAIL_ZERO : TRR_OK, "%u zero bytes", n);
	}

	trr_test_fill_good(buf, sizeof(buf), 15);
	for (j = 1; j < sizeof(buf); j += 2)
		buf[j] = 0;
	trr_health_reset(&h);
	KUNIT_EXPECT_EQ(test, trr_health_check(&h, buf, sizeof(buf)), TRR_FAIL_ZERO);
}

/*
 * The documented limitation: deterministic generators pass every test,
 * whatever their seed. prandom from the fixed seed 42 (the "drbg"
 * injection) and a counter under a fixed SipHash key, 64 KiB each.
 */
static void trr_test_drbg_passes(struct kunit *test)
{
	static const siphash_key_t fixed = { { 1, 2 } };
	struct trr_health h;
	struct rnd_state s;
	u64 buf[TRR_BLOCK / sizeof(u64)];
	unsigned int i, k, n = 0, bad = 0;
	enum trr_fault f;

	prandom_seed_state(&s, 42);
	trr_health_reset(&h);
	for (i = 0; i < SZ_64K / sizeof(buf); i++) {
		prandom_bytes_state(&s, buf, sizeof(buf));
		f = trr_health_check(&h, (u8 *)buf, sizeof(buf));
		if (f != TRR_OK && !bad++)
			kunit_info(test, "prandom block %u: %s\n", i, trr_fault_names[f]);
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "prandom blocks failed");
	bad = 0;
	trr_health_reset(&h);
	for (i = 0; i < SZ_64K / sizeof(buf); i++) {
		for (k = 0; k < ARRAY_SIZE(buf); k++)
			buf[k] = siphash_1u64(n++, &fixed);
		f = trr_health_check(&h, (u8 *)buf, sizeof(buf));
		if (f != TRR_OK && !bad++)
			kunit_info(test, "counter block %u: %s\n", i, trr_fault_names[f]);
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "counter blocks failed");
}

/* No false positive on 1 MiB of get_random_bytes(), in 512-byte reads. */
static void trr_test_false_positive(struct kunit *test)
{
	struct trr_health h;
	u8 buf[TRR_APT_WINDOW];
	unsigned int i, bad = 0;

	trr_health_reset(&h);
	for (i = 0; i < SZ_1M / sizeof(buf); i++) {
		enum trr_fault f;

		get_random_bytes(buf, sizeof(buf));
		f = trr_health_check(&h, buf, sizeof(buf));
		if (f != TRR_OK) {
			if (bad++ < 4)
				kunit_info(test, "read %u: %s\n", i, trr_fault_names[f]);
			trr_health_reset(&h);
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
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
	unsigned int first_call;	/* 1 + the reads of any source before */
	bool check_clean;	/* note whether the buffer read into was zero */
	bool saw_dirty;		/* ... and it was not */
	u8 *scribble;		/* zeroed after each read, as by a reader's */
	size_t scribble_len;	/* other thread in the page read into */
};

static unsigned int trr_test_calls;

static struct trr_test_feed trr_feed[TRR_NR_SRC];

/*
 * Sample @i of the stream. Good: byte i % 8 of splitmix64's finalizer of
 * i / 8 (a bijection: no 64-bit word of the stream comes back, so neither
 * does a block), 0x77 replaced by 0x78. In the failing window, the
 * window's first value 0x77 comes back every 7 samples: its 71st
 * occurrence, which fails, is sample 490, in the window's last 64-byte
 * block.
 */
static u8 trr_test_sample(struct trr_test_feed *f, size_t i)
{
	size_t w = i % TRR_APT_WINDOW;
	u64 z = (i / 8 + 1) * 0x9e3779b97f4a7c15ULL;
	u8 good;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	good = z >> (8 * (i % 8));
	if (good == 0x77)
		good = 0x78;

	if (f->apt_window && i / TRR_APT_WINDOW == 1)
		return w % 7 == 0 ? 0x77 : good;
	return good;
}

static int trr_test_read(struct trr_source *src, u8 *buf, size_t len)
{
	struct trr_test_feed *f = &trr_feed[src - src->trr->src];
	size_t i;

	if (!f->first_call)
		f->first_call = ++trr_test_calls;
	if (f->check_clean && memchr_inv(buf, 0, len))
		f->saw_dirty = true;
	if (f->short_len)
		len = min(len, f->short_len);
	for (i = 0; i < len; i++)
		buf[i] = trr_test_sample(f, f->pos++);
	if (f->scribble)
		memset(f->scribble, 0, f->scribble_len);
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
	trr_test_calls = 0;
	trr->mix = trr_test_mix;
	trr->seeded = true;
	spin_lock_init(&trr->ring_lock);
	init_waitqueue_head(&trr->ring_wait);
	trr_test_q = 1024;
	for (i = 0; i < TRR_NR_SRC; i++) {
		trr_source_init(trr, i, i ? "test1" : "test0", &trr_test_q,
				trr_test_read);
		trr_source_start(&trr->src[i]);
		trr->src[i].present = true;
		trr->src[i].seeded = true;
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

/*
 * A quality change inside an APT window. The driver's rule (trr_account()
 * and the README): the bytes of each read are credited at the quality in
 * force when they are read, exactly (bytes * 8 * quality / 1024 bits, in
 * 1/8 bits, the remainder carried), and the window's sum is claimed when
 * the window completes; a change never reaches back to bytes already
 * read. The claims after each read, from a model of that rule:
 *
 *	python3 -c 'def run(reads):
 *	    carry = pend = pos = tot = 0; out = []
 *	    for b, q in reads:
 *	        def f(n):
 *	            nonlocal carry
 *	            t = n * 8 * q + carry; carry = t & 127; return t >> 7
 *	        tail = (pos + b) % 512 if pos + b >= 512 else 0
 *	        pend += f(b - tail)
 *	        if pos + b >= 512: tot += pend; pend = f(tail)
 *	        pos = (pos + b) % 512; out.append(tot)
 *	    return out
 *	a = run([(64, 1024)] * 4 + [(64, 8)] * 4 + [(64, 0)] * 4 + [(64, 1024)] * 4)
 *	b = run([(40, 5)] * 7 + [(40, 3)] * 6 + [(40, 1024)] * 13)
 *	print(a[6], a[7], a[15], b[11], b[12], b[24], b[25])'
 *
 * which prints 0 16512 32896 0 131 131 32388.
 */
static void trr_test_quality_change_in_window(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *src = &trr->src[0];
	u8 buf[TRR_BLOCK];
	int i;

	/* 64-byte reads: 4 at 1024, 4 at 8 complete the window; 4 at 0, 4 at 1024. */
	for (i = 0; i < 16; i++) {
		trr_test_q = i < 4 ? 1024 : i < 8 ? 8 : i < 12 ? 0 : 1024;
		KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
						     TRR_GET_POOL, NULL), TRR_BLOCK);
		if (i == 6)
			KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 0);
		if (i == 7)
			KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 16512);
	}
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 32896);
	KUNIT_EXPECT_EQ(test, atomic64_read(&src->claimed_frac), 32896);

	/*
	 * 40-byte reads: 7 at 5 and 6 at 3, the 13th read straddling the
	 * window's end (32 bytes in, 8 in the next); then 13 at 1024.
	 */
	trr = trr_test_rng(test);
	src = &trr->src[0];
	trr_feed[0].short_len = 40;
	for (i = 0; i < 26; i++) {
		trr_test_q = i < 7 ? 5 : i < 13 ? 3 : 1024;
		KUNIT_EXPECT_EQ(test, trr_source_get(src, buf, sizeof(buf),
						     TRR_GET_POOL, NULL), 40);
		if (i == 11)
			KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 0);
		if (i == 12 || i == 24)
			KUNIT_EXPECT_EQ_MSG(test, trr_feed[0].claimed, 131, "read %d", i + 1);
	}
	KUNIT_EXPECT_EQ(test, trr_feed[0].claimed, 32388);
}

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
/*
 * Each injection mode fails its own test, through the read path, on a
 * fresh source; "drbg" passes (the documented limitation).
 */
static void trr_test_inject(struct kunit *test)
{
	static const struct {
		enum trr_inject_mode mode;
		enum trr_fault fault;
	} cases[] = {
		{ TRR_INJ_RCT, TRR_FAIL_RCT }, { TRR_INJ_APT, TRR_FAIL_APT },
		{ TRR_INJ_STUCK, TRR_FAIL_STUCK }, { TRR_INJ_ERROR, TRR_FAIL_ERROR },
		{ TRR_INJ_REPEAT, TRR_FAIL_REPEAT }, { TRR_INJ_WORD, TRR_FAIL_WORD },
		{ TRR_INJ_ZERO, TRR_FAIL_ZERO }, { TRR_INJ_ZEROS, TRR_FAIL_ZERO },
		{ TRR_INJ_DRBG, TRR_OK },
	};
	u8 buf[TRR_BLOCK];
	unsigned int i, k;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct trr_rng *trr = trr_test_rng(test);
		struct trr_source *src = &trr->src[0];
		int ret = 0;

		src->inject = cases[i].mode;
		for (k = 0; k < 64 && ret >= 0; k++)
			ret = trr_source_get(src, buf, sizeof(buf), TRR_GET_POOL, NULL);
		KUNIT_EXPECT_EQ_MSG(test, src->last_fault, cases[i].fault, "inject %s",
				    trr_inject_names[cases[i].mode]);
		KUNIT_EXPECT_EQ_MSG(test, src->failed, cases[i].fault != TRR_OK,
				    "inject %s", trr_inject_names[cases[i].mode]);
		trr_inject_clear(src);
	}
}
#endif

/*
 * /dev/hwrng serves nothing before the boot seed, then the XOR of the
 * sources over the shortest length delivered.
 */
static void trr_test_hwrng_short(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];
	size_t i;

	/* Before the boot seed is done, nothing is read or served. */
	trr->seeded = false;
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false), 0);
	KUNIT_EXPECT_EQ(test, trr_feed[0].pos + trr_feed[1].pos, 0);
	trr->seeded = true;

	/* The TPM's ring, as the refill work fills it: samples 0..2047. */
	trr_refill_work(&trr->refill_work);
	KUNIT_EXPECT_EQ(test, trr->ring_len, 2048);
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

/*
 * /dev/hwrng reads the CPU source first, into the output, and XORs the
 * TPM's bytes in only after it: when the CPU runs, no TPM byte is in the
 * buffer it writes. With the ring empty the CPU's bytes are served alone
 * and counted; with the CPU failed, the TPM's alone.
 */
static void trr_test_hwrng_cpu_first(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_test_feed *tpm = &trr_feed[TRR_SRC_TPM];
	struct trr_test_feed *cpu = &trr_feed[TRR_SRC_CPU];
	u8 out[TRR_BLOCK], want[TRR_BLOCK];
	size_t i;

	trr_refill_work(&trr->refill_work);
	cpu->pos = 1000;	/* not the same stream as the TPM's */
	cpu->check_clean = true;
	memset(out, 0, sizeof(out));
	for (i = 0; i < sizeof(want); i++)
		want[i] = trr_test_sample(tpm, i) ^ trr_test_sample(cpu, 1000 + i);
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false),
			TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, sizeof(want));
	KUNIT_EXPECT_FALSE_MSG(test, cpu->saw_dirty,
			       "the CPU source ran with TPM bytes in its buffer");
	KUNIT_EXPECT_EQ(test, trr->ring_len, 2048 - 64);

	/* With the CPU source failed, the TPM's bytes alone are returned. */
	trr->src[TRR_SRC_CPU].failed = true;
	trr->src[TRR_SRC_CPU].retry_at = jiffies + HZ;
	for (i = 0; i < sizeof(want); i++)
		want[i] = trr_test_sample(tpm, TRR_BLOCK + i);
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false),
			TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, sizeof(want));

	/* The ring empty: the CPU's bytes alone, counted, never a wait. */
	trr->src[TRR_SRC_CPU].failed = false;
	trr_ring_drain(trr);
	memset(out, 0, sizeof(out));
	for (i = 0; i < sizeof(want); i++)
		want[i] = trr_test_sample(cpu, 1000 + TRR_BLOCK + i);
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false),
			TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, sizeof(want));
	KUNIT_EXPECT_EQ(test, atomic64_read(&trr->hwrng_cpu_only), TRR_BLOCK);

	/*
	 * A read shorter than a block (the rest of a user's read) gets no
	 * more than it asked for, and nothing past it is touched.
	 */
	memset(out, 0xaa, sizeof(out));
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, 12, false), 12);
	KUNIT_EXPECT_EQ(test, out[12], 0xaa);
	KUNIT_EXPECT_EQ(test, out[TRR_BLOCK - 1], 0xaa);
}

/*
 * The refill work reads the TPM ahead of demand by 2 KiB at most: with
 * no reader waiting it stops at 2048 bytes, 32 reads of 64; for a
 * waiting reader it goes on to 4096, and a reader that asked for less
 * than 2048 bytes is woken as soon as they are there (not checked here:
 * the wakeup needs a second thread).
 */
static void trr_test_ring_fill(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[64], want[64];
	size_t i;

	trr_refill_work(&trr->refill_work);
	KUNIT_EXPECT_EQ(test, trr->ring_len, 2048);
	KUNIT_EXPECT_EQ(test, trr_feed[TRR_SRC_TPM].pos, 2048);
	/* full to the reader's need: nothing more is read */
	trr_refill_work(&trr->refill_work);
	KUNIT_EXPECT_EQ(test, trr_feed[TRR_SRC_TPM].pos, 2048);

	trr->ring_want = 64;
	trr_refill_work(&trr->refill_work);
	KUNIT_EXPECT_EQ(test, trr->ring_len, 4096);
	KUNIT_EXPECT_EQ(test, trr_feed[TRR_SRC_TPM].pos, 4096);
	trr->ring_want = 0;

	/* oldest first: samples 0..63 go out with the CPU's */
	trr->src[TRR_SRC_CPU].failed = true;
	trr->src[TRR_SRC_CPU].retry_at = jiffies + HZ;
	for (i = 0; i < sizeof(want); i++)
		want[i] = trr_test_sample(&trr_feed[TRR_SRC_TPM], i);
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, out, sizeof(out), false),
			64);
	KUNIT_EXPECT_MEMEQ(test, out, want, sizeof(want));
	KUNIT_EXPECT_EQ(test, trr->ring_len, 4096 - 64);
}

/*
 * A fault the fast-path mock plants in the next read: word @word of the
 * read (counted across the chunks it is read in) := @val, or := the word
 * before it with @copy_prev.
 */
static struct {
	bool set;
	bool copy_prev;
	size_t word;
	u64 val;
	u64 last;		/* the last word the mock gave */
} trr_fast_fault;

static int trr_test_read_fast(struct trr_source *src, u8 *buf, size_t len)
{
	int ret = trr_test_read(src, buf, len);
	size_t words = ret > 0 ? ret / sizeof(u64) : 0;
	size_t w = trr_fast_fault.word;

	if (trr_fast_fault.set && w < words) {
		if (trr_fast_fault.copy_prev && w)
			memcpy(buf + w * sizeof(u64), buf + (w - 1) * sizeof(u64),
			       sizeof(u64));
		else if (trr_fast_fault.copy_prev)
			memcpy(buf, &trr_fast_fault.last, sizeof(u64));
		else
			memcpy(buf + w * sizeof(u64), &trr_fast_fault.val,
			       sizeof(u64));
		trr_fast_fault.set = false;
	} else if (trr_fast_fault.set) {
		trr_fast_fault.word -= words;
	}
	if (words)
		memcpy(&trr_fast_fault.last, buf + (words - 1) * sizeof(u64),
		       sizeof(u64));
	return ret;
}

/*
 * The fast path (/dev/hwrng's CPU read, whole words): a clean page passes
 * and puts 1 block in 64 through the full tests (4096 bytes: 64 blocks, 1
 * of them, 64 samples of the APT window); an all-ones word, an all-zero
 * word, a word repeated at once, within a read, across two chunks of it
 * or across two reads, fail the source in the read that holds it.
 */
static void trr_test_fast_words(struct kunit *test)
{
	static const struct {
		const char *what;
		bool copy_prev;
		size_t word;
		u64 val;
		enum trr_fault fault;
	} cases[] = {
		{ "all ones", false, 37, ~0ULL, TRR_FAIL_STUCK },
		{ "all zeros", false, 200, 0, TRR_FAIL_STUCK },
		{ "repeat", true, 301, 0, TRR_FAIL_WORD },
		{ "repeat across chunks", true, TRR_FAST_CHUNK / 8, 0, TRR_FAIL_WORD },
	};
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *cpu = &trr->src[TRR_SRC_CPU];
	u8 *buf = kunit_kzalloc(test, TRR_HWRNG_MAX, GFP_KERNEL);
	size_t i;
	u64 last;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	cpu->read_fast = trr_test_read_fast;
	KUNIT_EXPECT_EQ(test, trr_source_get_fast(cpu, buf, TRR_HWRNG_MAX),
			TRR_HWRNG_MAX);
	KUNIT_EXPECT_FALSE(test, cpu->failed);
	KUNIT_EXPECT_EQ(test, cpu->health.apt_pos, 64);

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		trr_health_reset(&cpu->health);
		cpu->failed = false;
		trr_fast_fault.set = true;
		trr_fast_fault.copy_prev = cases[i].copy_prev;
		trr_fast_fault.word = cases[i].word;
		trr_fast_fault.val = cases[i].val;
		KUNIT_EXPECT_EQ_MSG(test, trr_source_get_fast(cpu, buf, TRR_HWRNG_MAX),
				    -EIO, "%s", cases[i].what);
		KUNIT_EXPECT_TRUE_MSG(test, cpu->failed, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, cpu->last_fault, cases[i].fault,
				    "%s", cases[i].what);
		KUNIT_EXPECT_TRUE_MSG(test, mem_is_zero(buf, TRR_HWRNG_MAX),
				      "%s: nothing served", cases[i].what);
	}

	/* The first word of a read repeats the last of the read before. */
	cpu->failed = false;
	KUNIT_EXPECT_EQ(test, trr_source_get_fast(cpu, buf, 64), 64);
	memcpy(&last, buf + 56, sizeof(last));
	trr_fast_fault.set = true;
	trr_fast_fault.copy_prev = false;
	trr_fast_fault.word = 0;
	trr_fast_fault.val = last;
	KUNIT_EXPECT_EQ(test, trr_source_get_fast(cpu, buf, 64), -EIO);
	KUNIT_EXPECT_EQ(test, cpu->last_fault, TRR_FAIL_WORD);
}

/*
 * /dev/hwrng may be served straight into the reader's page, which another
 * thread of the reader can write during the read. Zeroing that buffer
 * after every read of a source neither fails the source nor changes what
 * is served after it: the tests read the source's bytes where it wrote
 * them, not back from the buffer. On the CPU's fast path, the last chunk
 * is what the source delivered; on the TPM alone, the whole block.
 */
static void trr_test_reader_writes(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	struct trr_source *cpu = &trr->src[TRR_SRC_CPU];
	struct trr_test_feed *tpm = &trr_feed[TRR_SRC_TPM];
	u8 *buf = kunit_kzalloc(test, TRR_HWRNG_MAX, GFP_KERNEL);
	size_t i, first;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	cpu->read_fast = trr_test_read_fast;
	trr_feed[TRR_SRC_CPU].scribble = buf;
	trr_feed[TRR_SRC_CPU].scribble_len = TRR_HWRNG_MAX;
	KUNIT_EXPECT_EQ(test, trr_source_get_fast(cpu, buf, TRR_HWRNG_MAX),
			TRR_HWRNG_MAX);
	KUNIT_EXPECT_FALSE(test, cpu->failed);
	first = TRR_HWRNG_MAX - TRR_FAST_CHUNK;
	for (i = first; i < TRR_HWRNG_MAX; i++)
		if (buf[i] != trr_test_sample(&trr_feed[TRR_SRC_CPU], i))
			break;
	KUNIT_EXPECT_EQ_MSG(test, i, TRR_HWRNG_MAX, "byte %zu not the source's", i);

	/* The TPM alone, nothing on the ring: read by the reader itself. */
	cpu->failed = true;
	cpu->retry_at = jiffies + HZ;
	tpm->scribble = buf;
	tpm->scribble_len = TRR_BLOCK;
	KUNIT_EXPECT_EQ(test, trr_hwrng_read(&trr->rng, buf, TRR_BLOCK, false),
			TRR_BLOCK);
	KUNIT_EXPECT_FALSE(test, trr->src[TRR_SRC_TPM].failed);
	for (i = 0; i < TRR_BLOCK; i++)
		if (buf[i] != trr_test_sample(tpm, i))
			break;
	KUNIT_EXPECT_EQ_MSG(test, i, TRR_BLOCK, "byte %zu not the TPM's", i);
}

static struct kunit_case trr_test_cases[] = {
	KUNIT_CASE(trr_test_cutoffs),
	KUNIT_CASE(trr_test_good_stream),
	KUNIT_CASE(trr_test_rct),
	KUNIT_CASE(trr_test_apt),
	KUNIT_CASE(trr_test_stuck),
	KUNIT_CASE(trr_test_repeat_block),
	KUNIT_CASE(trr_test_repeat_word),
	KUNIT_CASE(trr_test_zero_word),
	KUNIT_CASE(trr_test_zero_pattern),
	KUNIT_CASE(trr_test_drbg_passes),
	KUNIT_CASE(trr_test_false_positive),
	KUNIT_CASE(trr_test_credit),
	KUNIT_CASE(trr_test_quality_param),
	KUNIT_CASE(trr_test_credit_held_until_window),
	KUNIT_CASE(trr_test_apt_failure_claims_nothing),
	KUNIT_CASE(trr_test_short_reads),
	KUNIT_CASE(trr_test_quality_change_in_window),
#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
	KUNIT_CASE(trr_test_inject),
#endif
	KUNIT_CASE(trr_test_hwrng_short),
	KUNIT_CASE(trr_test_hwrng_cpu_first),
	KUNIT_CASE(trr_test_ring_fill),
	KUNIT_CASE(trr_test_fast_words),
	KUNIT_CASE(trr_test_reader_writes),
	{}
};

static struct kunit_suite trr_test_suite = {
	.name = "tpm_rdrand_rng",
	.test_cases = trr_test_cases,
};

kunit_test_suite(trr_test_suite);

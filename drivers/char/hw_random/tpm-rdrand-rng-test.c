// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of tpm-rdrand-rng, included at the end of the driver. The
 * two sources are replaced with static stubs that serve xorshift streams,
 * fail, repeat one byte, or put a word of zeros or ones in the stream, as
 * each case says. No rng is registered: the driver's state is the test's.
 */

#include <kunit/test.h>

enum trr_test_mode { TRR_OK, TRR_NONE, TRR_ERROR, TRR_STUCK, TRR_SHORT, TRR_ZERO, TRR_ONES };

static struct {
	enum trr_test_mode cpu, tpm;
	unsigned int bad_word;		/* which word TRR_ZERO and TRR_ONES spoil */
	u64 cpu_state, tpm_state;
	unsigned int cpu_calls, tpm_calls;
	unsigned int calls, cpu_last, tpm_last;	/* the order of the calls */
} trr_test;

static u8 trr_test_next(u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static int trr_test_serve(enum trr_test_mode mode, u64 *state, u8 *buf, size_t len)
{
	size_t i;

	switch (mode) {
	case TRR_NONE:
		return -ENODEV;
	case TRR_ERROR:
		return -EIO;
	case TRR_STUCK:
		memset(buf, 0xa5, len);
		return len;
	case TRR_SHORT:
		len /= 2;
		fallthrough;
	default:
		for (i = 0; i < len; i++)
			buf[i] = trr_test_next(state);
		if (mode == TRR_ZERO || mode == TRR_ONES)
			memset(buf + 8 * trr_test.bad_word, mode == TRR_ONES ? 0xff : 0, 8);
		return len;
	}
}

static int trr_test_cpu_get(u8 *buf, size_t len)
{
	int n;

	trr_test.cpu_calls++;
	trr_test.cpu_last = ++trr_test.calls;
	n = trr_test_serve(trr_test.cpu, &trr_test.cpu_state, buf, len);
	return n < 0 ? 0 : n;	/* the CPU has no error codes */
}

static int trr_test_tpm_get(u8 *buf, size_t len)
{
	trr_test.tpm_calls++;
	trr_test.tpm_last = ++trr_test.calls;
	return trr_test_serve(trr_test.tpm, &trr_test.tpm_state, buf, len);
}

/* A driver instance as trr_init() makes it, at quality TRR_QUALITY. */
static struct trr_rng *trr_test_rng(struct kunit *test)
{
	struct trr_rng *trr = kunit_kzalloc(test, sizeof(*trr), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, trr);
	memset(&trr_test, 0, sizeof(trr_test));
	trr_test.cpu_state = 0x0123456789abcdefULL;
	trr_test.tpm_state = 0xfedcba9876543210ULL;
	kunit_activate_static_stub(test, trr_cpu_get, trr_test_cpu_get);
	kunit_activate_static_stub(test, trr_tpm_get, trr_test_tpm_get);
	trr_source_init(&trr->cpu, "cpu", trr_cpu_get);
	trr_source_init(&trr->tpm, "tpm", trr_tpm_get);
	trr->rng.quality = TRR_QUALITY;
	trr_restart_tests(trr, trr_min_entropy(TRR_QUALITY));
	/* hwrng_msleep() returns at once: the waits are not under test here. */
	init_completion(&trr->rng.dying);
	complete_all(&trr->rng.dying);
	return trr;
}

static int trr_test_read(struct trr_rng *trr, u8 *out)
{
	return trr_read(&trr->rng, out, TRR_BLOCK, true);
}

/* The next @len bytes each stub stream will serve, XORed if both. */
static void trr_test_expect(u8 *want, size_t len, bool cpu, bool tpm, unsigned int skip)
{
	u64 c = trr_test.cpu_state, t = trr_test.tpm_state;
	size_t i;

	for (i = 0; i < skip; i++) {
		trr_test_next(&c);
		trr_test_next(&t);
	}
	for (i = 0; i < len; i++) {
		u8 x = trr_test_next(&c), y = trr_test_next(&t);

		want[i] = (cpu ? x : 0) ^ (tpm ? y : 0);
	}
}

/*
 * Both sources serve: the output is their XOR, and the CPU's words are
 * taken first in every read. Each source's startup test takes 1024 bytes,
 * 16 reads of 64, all dropped: the 17th read is the first used.
 */
static void trr_test_xor(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];

	trr_test_expect(want, TRR_BLOCK, true, true, 16 * TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 17U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);

	trr_test_expect(want, TRR_BLOCK, true, true, 0);
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
	KUNIT_EXPECT_LT(test, trr_test.cpu_last, trr_test.tpm_last);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_last, trr_test.calls);

	/* A short TPM answer: the bytes both gave; the CPU's others cleared. */
	trr_test.tpm = TRR_SHORT;
	trr_test_expect(want, TRR_BLOCK / 2, true, true, 0);
	memset(want + TRR_BLOCK / 2, 0, TRR_BLOCK / 2);
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), TRR_BLOCK / 2);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
}

/*
 * Without a TPM nothing is served, and none of the CPU's bytes is left in
 * the buffer. A TPM that comes back is tested from the start: 16 reads
 * are dropped, the 17th is used.
 */
static void trr_test_no_tpm(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], zero[TRR_BLOCK] = {};

	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	trr_test.tpm = TRR_NONE;
	memset(out, 0x5a, sizeof(out));
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), 0);
	KUNIT_EXPECT_MEMEQ(test, out, zero, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, READ_ONCE(trr->tpm.empty), 1UL);

	trr_test.tpm = TRR_OK;
	trr_test.tpm_calls = 0;
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);
}

/* Without the CPU's RNG the TPM serves alone. */
static void trr_test_cpu_gone(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];

	trr_test.cpu = TRR_NONE;
	trr_test_expect(want, TRR_BLOCK, false, true, 16 * TRR_BLOCK);
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
}

/*
 * A TPM error pauses the TPM for TRR_RETRY_S, and neither source is read
 * meanwhile; a read that may not sleep gets nothing and reads neither.
 */
static void trr_test_tpm_error(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK];

	trr_test.tpm = TRR_ERROR;
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), 0);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 1U);
	KUNIT_EXPECT_EQ(test, READ_ONCE(trr->tpm.errors), 1UL);
	trr_test.tpm = TRR_OK;
	trr_test.calls = 0;
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), 0);
	KUNIT_EXPECT_EQ(test, trr_test.calls, 0U);

	trr->tpm.retry_at = 0;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), false), 0);
	KUNIT_EXPECT_EQ(test, trr_test.calls, 0U);
}

/*
 * A stuck source is caught by the health tests, then dropped for good: the
 * CPU's leaves the TPM serving alone; the TPM's ends the output, and only
 * then does a read fail.
 */
static void trr_test_stuck(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK];
	int i;

	trr_test_read(trr, out);
	trr_test.cpu = TRR_STUCK;
	for (i = 0; i < 64 && !trr->cpu.broken; i++)
		KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_TRUE(test, trr->cpu.broken);
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);

	/* 64 equal bytes: past the RCT's permanent cutoff, 21, at once. */
	trr_test.tpm = TRR_STUCK;
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), -EIO);
	KUNIT_EXPECT_TRUE(test, trr->tpm.broken);
	KUNIT_EXPECT_EQ(test, READ_ONCE(trr->tpm.health_failures), 1UL);
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), -EIO);
}

static void trr_test_word_desc(const unsigned int *w, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "word %u", *w);
}

static const unsigned int trr_test_words[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
KUNIT_ARRAY_PARAM(trr_test_word, trr_test_words, trr_test_word_desc);

/*
 * A CPU word of zeros or of ones, at any of the block's eight, drops its
 * block, a second one the source: the TPM's bytes serve alone meanwhile.
 * The TPM's bytes have no word test.
 */
static void trr_test_bad_words(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];
	int i;

	trr_test_read(trr, out);
	trr_test.bad_word = *(const unsigned int *)test->param_value;
	trr_test.cpu = TRR_ZERO;
	trr_test_expect(want, TRR_BLOCK, false, true, 0);
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, READ_ONCE(trr->cpu.health_failures), 1UL);
	KUNIT_EXPECT_FALSE(test, trr->cpu.broken);
	/* A good block between them changes nothing. */
	trr_test.cpu = TRR_OK;
	trr_test_read(trr, out);
	KUNIT_EXPECT_EQ(test, READ_ONCE(trr->cpu.health_failures), 1UL);
	trr_test.cpu = TRR_ONES;
	trr_test_read(trr, out);
	KUNIT_EXPECT_TRUE(test, trr->cpu.broken);

	/* A block with a word of ones that passes the byte tests. */
	for (i = 0; i < TRR_BLOCK; i++)
		want[i] = 0x11 * (i % 15);
	memset(want + 8 * trr_test.bad_word, 0xff, 8);
	KUNIT_EXPECT_TRUE(test, trr_healthy(&trr->tpm, want, TRR_BLOCK));
	KUNIT_EXPECT_EQ(test, trr->tpm.bad_words, 0U);
}

/*
 * The tests assume 4 bits per byte, or what the quality claims if more;
 * a change of that restarts both startup tests.
 */
static void trr_test_min_entropy(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK];

	KUNIT_EXPECT_EQ(test, trr_min_entropy(0), 4U);
	KUNIT_EXPECT_EQ(test, trr_min_entropy(8), 4U);
	KUNIT_EXPECT_EQ(test, trr_min_entropy(512), 4U);
	KUNIT_EXPECT_EQ(test, trr_min_entropy(513), 5U);
	KUNIT_EXPECT_EQ(test, trr_min_entropy(1024), 8U);

	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->tpm.health.rct_cutoff, 9);
	trr->rng.quality = 1024;
	trr_test.tpm_calls = 0;
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);
	KUNIT_EXPECT_EQ(test, trr->tpm.health.rct_cutoff, 5);
	KUNIT_EXPECT_EQ(test, trr->cpu.health.apt_cutoff, 16);
}

/* A waiting read that finds nothing sleeps TRR_IDLE_MS; it does not spin. */
static void trr_test_idle_sleeps(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	unsigned long start;
	u8 out[TRR_BLOCK];

	reinit_completion(&trr->rng.dying);
	trr_test.tpm = TRR_NONE;
	start = jiffies;
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), 0);
	KUNIT_EXPECT_GE(test, jiffies_to_msecs(jiffies - start), TRR_IDLE_MS - 10);
}

/*
 * From the start of a suspend, reads get nothing and touch neither source.
 * After it both sources are tested from the start: 16 reads of each are
 * dropped, the 17th is used; the read after that is an ordinary one.
 */
static void trr_test_resume(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];

	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	trr_test.cpu_calls = 0;
	trr_test.tpm_calls = 0;
	trr_pm_notify(&trr->pm_nb, PM_SUSPEND_PREPARE, NULL);
	KUNIT_EXPECT_EQ(test, trr_test_read(trr, out), 0);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls + trr_test.tpm_calls, 0U);
	trr_pm_notify(&trr->pm_nb, PM_POST_SUSPEND, NULL);
	trr_test_expect(want, TRR_BLOCK, true, true, 16 * TRR_BLOCK);
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 17U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
	KUNIT_ASSERT_EQ(test, trr_test_read(trr, out), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 18U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 18U);
}

static struct kunit_case trr_test_cases[] = {
	KUNIT_CASE(trr_test_xor),
	KUNIT_CASE(trr_test_no_tpm),
	KUNIT_CASE(trr_test_cpu_gone),
	KUNIT_CASE(trr_test_tpm_error),
	KUNIT_CASE(trr_test_stuck),
	KUNIT_CASE_PARAM(trr_test_bad_words, trr_test_word_gen_params),
	KUNIT_CASE(trr_test_min_entropy),
	KUNIT_CASE(trr_test_idle_sleeps),
	KUNIT_CASE(trr_test_resume),
	{}
};

static struct kunit_suite trr_test_suite = {
	.name = "tpm_rdrand_rng",
	.test_cases = trr_test_cases,
};

kunit_test_suite(trr_test_suite);

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_KUNIT_BENCH
#define TRR_BENCH_KIB	256	/* read per timed run */
#define TRR_BENCH_RUNS	5

enum trr_bench_what {
	TRR_BENCH_READ,		/* trr_read() */
	TRR_BENCH_CPU,		/* the CPU source's read: loop, copy, tests */
	TRR_BENCH_LOOP,		/* arch_get_random_longs() alone */
	TRR_BENCH_HEALTH,	/* the health tests alone */
	TRR_BENCH_NR
};

struct trr_bench {
	struct trr_rng trr;
	struct hwrng_health health;	/* for the health tests alone */
	unsigned long words[TRR_BLOCK / sizeof(long)];
	u8 sample[4096];		/* the CPU's bytes they run over */
	size_t done[TRR_BENCH_NR];
	u64 ns[TRR_BENCH_NR];		/* per 4 KiB */
};

static void trr_bench_one(struct trr_bench *b, enum trr_bench_what what)
{
	u64 ns = ktime_get_ns();
	size_t done = 0;
	int i, j;

	for (i = 0; i < TRR_BENCH_KIB * 1024 / TRR_BLOCK; i++) {
		switch (what) {
		case TRR_BENCH_READ:
			done += trr_read(&b->trr.rng, b->words, TRR_BLOCK, true);
			break;
		case TRR_BENCH_CPU:
			done += trr_source_read(&b->trr.cpu, (u8 *)b->words, TRR_BLOCK);
			break;
		case TRR_BENCH_LOOP:
			for (j = 0; j < ARRAY_SIZE(b->words); j++)
				done += arch_get_random_longs(&b->words[j], 1) * sizeof(long);
			break;
		case TRR_BENCH_HEALTH:
			j = i % (sizeof(b->sample) / TRR_BLOCK);
			if (hwrng_health_test(&b->health, b->sample + j * TRR_BLOCK,
					      TRR_BLOCK) == HWRNG_HEALTH_PASS)
				done += TRR_BLOCK;
			break;
		default:
			break;
		}
	}
	b->ns[what] = div_u64(ktime_get_ns() - ns, TRR_BENCH_KIB / 4);
	b->done[what] = done;
}

/*
 * Run outside the test's task: there KUNIT_STATIC_STUB_REDIRECT() looks
 * for a stub on every call, which a kernel not running KUnit never does.
 */
static long trr_bench_runs(void *arg)
{
	struct trr_bench *b = arg;
	int what;

	for (what = 0; what < TRR_BENCH_NR; what++)
		trr_bench_one(b, what);
	return 0;
}

/*
 * The driver's read with the CPU serving alone (the boot has no TPM),
 * broken down: the CPU source's read within it, the
 * arch_get_random_longs() loop within that, and the health tests alone;
 * per 4 KiB, interleaved in one boot.
 */
static void trr_bench_cpu_read(struct kunit *test)
{
	struct trr_bench *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct tpm_chip *chip = tpm_default_chip();
	unsigned long probe;
	int run, what;

	KUNIT_ASSERT_NOT_NULL(test, b);
	if (chip) {
		put_device(&chip->dev);
		kunit_skip(test, "a TPM is present: the read would time it");
	}
	if (!arch_get_random_longs(&probe, 1))
		kunit_skip(test, "no CPU RNG");
	trr_source_init(&b->trr.cpu, "cpu", trr_cpu_get);
	trr_source_init(&b->trr.tpm, "tpm", trr_tpm_get);
	init_completion(&b->trr.rng.dying);
	hwrng_health_init(&b->health, TRR_MIN_ENTROPY);
	/* Past both startup tests, with the sample read the same way. */
	for (run = 0; run < sizeof(b->sample); run += TRR_BLOCK)
		KUNIT_ASSERT_EQ(test, trr_read(&b->trr.rng, b->sample + run, TRR_BLOCK, true),
				TRR_BLOCK);
	KUNIT_ASSERT_EQ(test, hwrng_health_test(&b->health, b->sample, sizeof(b->sample)),
			HWRNG_HEALTH_PASS);

	for (run = 1; run <= TRR_BENCH_RUNS; run++) {
		work_on_cpu(raw_smp_processor_id(), trr_bench_runs, b);
		/* Every byte timed went the way it goes in a read that succeeds. */
		for (what = 0; what < TRR_BENCH_NR; what++)
			KUNIT_EXPECT_EQ(test, b->done[what], (size_t)TRR_BENCH_KIB * 1024);
		KUNIT_EXPECT_EQ(test, b->trr.tpm.bytes, 0ULL);
		kunit_info(test, "bench trr run=%d read_ns=%llu cpu_ns=%llu loop_ns=%llu health_ns=%llu\n",
			   run, b->ns[TRR_BENCH_READ], b->ns[TRR_BENCH_CPU],
			   b->ns[TRR_BENCH_LOOP], b->ns[TRR_BENCH_HEALTH]);
	}
	memzero_explicit(b, sizeof(*b));
}

static struct kunit_case trr_bench_cases[] = {
	KUNIT_CASE_SLOW(trr_bench_cpu_read),
	{}
};

static struct kunit_suite trr_bench_suite = {
	.name = "tpm_rdrand_bench",
	.test_cases = trr_bench_cases,
};

kunit_test_suite(trr_bench_suite);
#endif

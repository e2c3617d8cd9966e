// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of tpm-rdrand-rng, included at the end of the driver. The
 * two sources are replaced with static stubs that serve xorshift streams,
 * fail, repeat one byte, or put a word of zeros or ones in the stream, as
 * each case says.
 */

#include <kunit/test.h>

enum trr_test_mode { TRR_OK, TRR_NONE, TRR_ERROR, TRR_STUCK, TRR_SHORT, TRR_ZERO, TRR_ONES };

static struct {
	enum trr_test_mode cpu, tpm;
	u64 cpu_state, tpm_state;
	unsigned int cpu_calls, tpm_calls;
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
		/* One 64-bit word of the stream, bytes 8 to 15. */
		if ((mode == TRR_ZERO || mode == TRR_ONES) && len >= 16)
			memset(buf + 8, mode == TRR_ONES ? 0xff : 0, 8);
		return len;
	}
}

static int trr_test_cpu_get(u8 *buf, size_t len)
{
	int n;

	trr_test.cpu_calls++;
	n = trr_test_serve(trr_test.cpu, &trr_test.cpu_state, buf, len);
	return n < 0 ? 0 : n;	/* the CPU has no error codes */
}

static int trr_test_tpm_get(u8 *buf, size_t len)
{
	trr_test.tpm_calls++;
	return trr_test_serve(trr_test.tpm, &trr_test.tpm_state, buf, len);
}

/* A driver instance as trr_init() makes it, registered at quality 8. */
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
	trr->rng.quality = 8;
	trr->tpm_quality = 8;
	/* hwrng_msleep() waits on it, as for a registered rng. */
	init_completion(&trr->rng.dying);
	return trr;
}

/* Both sources serve: the output is their XOR, credited at the TPM's quality. */
static void trr_test_xor(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], cpu[TRR_BLOCK], tpm[TRR_BLOCK];
	u64 c, t;
	int i, n;

	/*
	 * Each source's startup test takes 1024 bytes, 16 reads of 64, all
	 * dropped: the 17th read is the first used.
	 */
	n = trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_EQ(test, n, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 17U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);

	c = trr_test.cpu_state;
	t = trr_test.tpm_state;
	for (i = 0; i < TRR_BLOCK; i++) {
		cpu[i] = trr_test_next(&c);
		tpm[i] = trr_test_next(&t);
	}
	n = trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_ASSERT_EQ(test, n, TRR_BLOCK);
	for (i = 0; i < TRR_BLOCK; i++)
		KUNIT_EXPECT_EQ(test, out[i], cpu[i] ^ tpm[i]);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 8);

	/* A short TPM answer: only the bytes both sources gave. */
	trr_test.tpm = TRR_SHORT;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK / 2);
}

/* Without the TPM the CPU serves alone at quality 0, restored with it. */
static void trr_test_tpm_gone(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK];

	trr_test.tpm = TRR_NONE;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);

	/* The administrator's quality, written meanwhile, is the TPM's. */
	trr->rng.quality = 16;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);

	trr_test.tpm = TRR_OK;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 16);

	/* An administrator's 0 while the TPM serves survives its absence. */
	trr->rng.quality = 0;
	trr_test.tpm = TRR_NONE;
	trr_read(&trr->rng, out, sizeof(out), true);
	trr_test.tpm = TRR_OK;
	trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);
}

/*
 * A TPM that goes away after its startup test passed, and comes back, is
 * tested from the start: its bytes are used only once 1024 fresh samples
 * passed, on the 16th read of 64 after it returned.
 */
static void trr_test_tpm_back(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], want[TRR_BLOCK];
	unsigned int calls;
	u64 c, t;
	int i;

	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_ASSERT_TRUE(test, hwrng_health_ready(&trr->tpm.health));
	trr_test.tpm = TRR_NONE;
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);

	/* Back: 16 reads are tested and dropped, the 17th is used. */
	trr_test.tpm = TRR_OK;
	calls = trr_test.tpm_calls;
	c = trr_test.cpu_state;
	t = trr_test.tpm_state;
	for (i = 0; i < 16 * TRR_BLOCK; i++)
		trr_test_next(&t);
	for (i = 0; i < TRR_BLOCK; i++)
		want[i] = trr_test_next(&c) ^ trr_test_next(&t);
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls - calls, 17U);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
}

/* Without the CPU the TPM serves alone, at its quality. */
static void trr_test_cpu_gone(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], tpm[TRR_BLOCK];
	u64 t;
	int i;

	trr_test.cpu = TRR_NONE;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	t = trr_test.tpm_state;
	for (i = 0; i < TRR_BLOCK; i++)
		tpm[i] = trr_test_next(&t);
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, tpm, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 8);

	/* Neither: nothing now, and no credit. */
	trr_test.tpm = TRR_NONE;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), 0);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);
}

/* A TPM error pauses the TPM for TRR_RETRY_S; a read that may not sleep never asks. */
static void trr_test_tpm_error(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK];

	trr_test.tpm = TRR_ERROR;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 1U);
	KUNIT_EXPECT_EQ(test, trr->tpm.errors, 1ULL);
	trr_test.tpm = TRR_OK;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 1U);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);

	trr->tpm.retry_at = 0;
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), false), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 1U);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);
}

/* A stuck source is caught by the health tests, then dropped for good. */
static void trr_test_stuck(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], cpu[TRR_BLOCK];
	u64 c;
	int i;

	trr_read(&trr->rng, out, sizeof(out), true);
	trr_test.tpm = TRR_STUCK;
	c = trr_test.cpu_state;
	for (i = 0; i < TRR_BLOCK; i++)
		cpu[i] = trr_test_next(&c);
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, cpu, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 0);
	KUNIT_EXPECT_GT(test, trr->tpm.health_failures, 0ULL);
	for (i = 0; i < 64 && !trr->tpm.broken; i++)
		trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_TRUE(test, trr->tpm.broken);
	KUNIT_EXPECT_FALSE(test, trr->cpu.broken);

	/* Both broken: an error, not a wait that never ends. */
	trr_test.cpu = TRR_STUCK;
	for (i = 0; i < 64 && !trr->cpu.broken; i++)
		trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), -EIO);
}

/*
 * A CPU word of zeros or of ones drops its block, a second one the
 * source: the TPM's bytes serve alone meanwhile. The TPM's bytes have no
 * word test.
 */
static void trr_test_bad_words(struct kunit *test)
{
	struct trr_rng *trr = trr_test_rng(test);
	u8 out[TRR_BLOCK], tpm[TRR_BLOCK];
	u64 t;
	int i;

	trr_read(&trr->rng, out, sizeof(out), true);
	trr_test.cpu = TRR_ZERO;
	t = trr_test.tpm_state;
	for (i = 0; i < TRR_BLOCK; i++)
		tpm[i] = trr_test_next(&t);
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_MEMEQ(test, out, tpm, TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr->cpu.health_failures, 1ULL);
	KUNIT_EXPECT_FALSE(test, trr->cpu.broken);
	/* A good block between them changes nothing. */
	trr_test.cpu = TRR_OK;
	trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_EQ(test, trr->cpu.health_failures, 1ULL);
	trr_test.cpu = TRR_ONES;
	trr_read(&trr->rng, out, sizeof(out), true);
	KUNIT_EXPECT_TRUE(test, trr->cpu.broken);
	KUNIT_EXPECT_EQ(test, trr->rng.quality, 8);

	/* A block with a word of ones that passes the byte tests. */
	for (i = 0; i < TRR_BLOCK; i++)
		tpm[i] = 0x11 * (i % 15);
	memset(tpm + 8, 0xff, 8);
	KUNIT_EXPECT_TRUE(test, trr_healthy(&trr->tpm, tpm, TRR_BLOCK));
	KUNIT_EXPECT_EQ(test, trr->tpm.bad_words, 0U);
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
	u64 c, t;
	int i;

	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	trr_test.cpu_calls = 0;
	trr_test.tpm_calls = 0;
	trr_pm_notify(&trr->pm_nb, PM_SUSPEND_PREPARE, NULL);
	/* hwrng_msleep() returns at once: the wait is not under test. */
	complete_all(&trr->rng.dying);
	KUNIT_EXPECT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), 0);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls + trr_test.tpm_calls, 0U);
	trr_pm_notify(&trr->pm_nb, PM_POST_SUSPEND, NULL);
	c = trr_test.cpu_state;
	t = trr_test.tpm_state;
	for (i = 0; i < 16 * TRR_BLOCK; i++) {
		trr_test_next(&c);
		trr_test_next(&t);
	}
	for (i = 0; i < TRR_BLOCK; i++)
		want[i] = trr_test_next(&c) ^ trr_test_next(&t);
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 17U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 17U);
	KUNIT_EXPECT_MEMEQ(test, out, want, TRR_BLOCK);
	KUNIT_ASSERT_EQ(test, trr_read(&trr->rng, out, sizeof(out), true), TRR_BLOCK);
	KUNIT_EXPECT_EQ(test, trr_test.cpu_calls, 18U);
	KUNIT_EXPECT_EQ(test, trr_test.tpm_calls, 18U);
}

static struct kunit_case trr_test_cases[] = {
	KUNIT_CASE(trr_test_xor),
	KUNIT_CASE(trr_test_tpm_gone),
	KUNIT_CASE(trr_test_tpm_back),
	KUNIT_CASE(trr_test_cpu_gone),
	KUNIT_CASE(trr_test_tpm_error),
	KUNIT_CASE(trr_test_stuck),
	KUNIT_CASE(trr_test_bad_words),
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

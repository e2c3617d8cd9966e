// SPDX-License-Identifier: GPL-2.0
/*
 * tpm-rdrand-rng: seed the input pool from the TPM and from RDSEED/RDRAND
 *
 * Every source present is read, health-tested (SP 800-90B repetition count
 * and adaptive proportion tests, plus the all-ones output of broken RDRAND
 * implementations) and mixed into the input pool separately, each credited
 * at its own quality (entropy per 1024 bits) through the fractional
 * interface. The driver feeds the pool from its own thread, so both sources
 * reach it whichever hwrng is current; the hwrng it registers is flagged
 * HWRNG_FEEDS_POOL so that the core neither reads nor credits it again.
 * /dev/hwrng serves the XOR of the healthy sources, the CPU's read first so
 * that it never runs with the TPM bytes it is combined with in reach.
 *
 * Defaults follow "use every source, trust none blindly": RDRAND is mixed
 * and credited only if random.trust_cpu is on (quality 0, or 1024 as the
 * early boot credit, unless rdrand_quality is given), the TPM is credited
 * at 8/1024 (1/128 of its output), so the TPM alone cannot make the CRNG
 * ready in boot time. rng_core.default_quality caps both, as it caps
 * every hwrng. Each source's credit is counted under its own name
 * ("tpm-rdrand:tpm", "tpm-rdrand:rdrand") in random.c's provenance.
 *
 * What the health tests can and cannot detect. The tests catch a source
 * that is stuck (a byte repeated 9 times, an all-ones or all-zero 64-bit
 * word), biased toward one value or toward zero within 512 bytes, or that
 * replays one of its last 16 64-byte blocks or repeats a 64-bit word
 * within its last 16. They cannot detect a deterministic generator: a
 * DRBG, a counter under a fixed key or a backdoored RDRAND passes every
 * one of them whatever its seed. Nor can they detect a replay older than
 * 16 blocks, or a source that is merely weaker than its quality claims.
 * The credit is a policy, not a measurement.
 */

#define pr_fmt(fmt) "tpm-rdrand-rng: " fmt

#include <linux/atomic.h>
#include <linux/cpufeature.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/freezer.h>
#include <linux/hw_random.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/siphash.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <linux/unaligned.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <asm/archrandom.h>
#ifdef CONFIG_X86
#include <asm/cpu_device_id.h>
#endif

#define TRR_NAME		"tpm-rdrand-rng"
#define TRR_HWRNG_NAME		"tpm-rdrand"
/* HWRNG_LARGE_READS: what /dev/hwrng may ask for per call, a page */
#define TRR_HWRNG_MAX		4096
/* /dev/hwrng's CPU path: one 64-byte block per page gets every test */
#define TRR_FAST_SAMPLE		64
/* /dev/hwrng's CPU path: bytes read and tested on the stack at a time */
#define TRR_FAST_CHUNK		512
/*
 * TPM bytes read ahead for /dev/hwrng. A waiting reader is woken once
 * TRR_RING_WAKE bytes (32 commands of 64 bytes) are ready, or what it
 * asked for if less, not after every command: under TCG each wakeup of
 * a reader on another CPU held the refill work up for 1.5-3 ms, and
 * woken per command /dev/hwrng ran at 0.75-0.9x of TPM2_GetRandom.
 * Without a waiter the ring is filled to TRR_RING_WAKE, so no more than
 * that is read ahead of demand; with one, to TRR_RING_BYTES.
 */
#define TRR_RING_BYTES		4096
#define TRR_RING_WAKE		(TRR_RING_BYTES / 2)
/*
 * A reader waits this long for the TPM's bytes, and not at all while a
 * command has been in flight longer: 64 bytes take 1.3 ms on swtpm and
 * tens of ms on a TPM that returns 32 bytes per command.
 */
#define TRR_TPM_WAIT_MS		50
#define TRR_BLOCK		64	/* bytes per read of a source */
#define TRR_SEED_BYTES		TRR_APT_WINDOW	/* credited seed per source */
#define TRR_STARTUP_BYTES	1024	/* SP 800-90B 4.3: startup samples */
#define TRR_RDSEED_RETRIES	10
#define TRR_MAX_BACKOFF_SHIFT	6	/* retry_ms doubling, up to 64x */

/*
 * SP 800-90B 4.4 health tests on 8-bit samples (each byte of raw output).
 * Assumed min-entropy H = 4 bits per sample: half of the 8 a conditioned
 * source should deliver, and far above anything credited. alpha = 2^-30.
 * Repetition count test: C = 1 + ceil(30 / H) = 9 identical samples.
 * Adaptive proportion test, window W = 512: C = 1 + CRITBINOM(W, 2^-H,
 * 1 - alpha) = 71, the smallest count of the window's first value (itself
 * included) that a source of H bits per sample reaches with probability
 * at most 2^-30.
 */
#define TRR_H_BITS		4
#define TRR_ALPHA_LOG2		30
#define TRR_RCT_CUTOFF		(1 + DIV_ROUND_UP(TRR_ALPHA_LOG2, TRR_H_BITS))
#define TRR_APT_WINDOW		512
#define TRR_APT_CUTOFF		71

/*
 * Continuous tests beyond SP 800-90B's, over each 64-byte chunk of a read
 * (64-bit words aligned to the read), in this order, the first failure
 * reported:
 *  1. zero: a 64-bit word of zeros;
 *  2. stuck: a 64-bit word of ones (the AMD RDRAND erratum);
 *  3. repeat: a full 64-byte block equal to one of the last TRR_HIST full
 *     blocks (short reads, < 64 bytes, skip only this test);
 *  4. word: a 64-bit word equal to one of the last TRR_HIST words;
 *  5. per byte: RCT, then zero proportion (TRR_APT_CUTOFF or more zero
 *     bytes in an APT window: "zero"), then APT.
 * Blocks and words are remembered as keyed SipHash tags (key from
 * get_random_bytes(), new at each reset), never as raw output.
 *
 * False positives on a perfect source (uniform bytes), with 64-bit tags
 * from a pseudorandom function: a pair of tags matches with probability
 * 2^-64 (equal input) + 2^-64 (collision) = 2^-63, so the word test, 16
 * comparisons per word, fails at most 2^-59 per word (2^-56 per 64-byte
 * read); the block test, 16 comparisons per block, at most 2^-59 per
 * block: the tag collisions dominate, equal blocks alone would be 2^-508.
 * A zero or all-ones word: 2^-64 each per word. Zero proportion: P(at
 * least 71 zero bytes of 512) = 3.1e-84 (2^-277); a source of only H = 4
 * bits per sample whose most likely value is 0 fails it with at most the
 * APT's 2^-30 (3.9e-10, the same binomial bound).
 */
#define TRR_HIST		16

enum trr_fault {
	TRR_OK,
	TRR_FAIL_RCT,
	TRR_FAIL_APT,
	TRR_FAIL_STUCK,
	TRR_FAIL_REPEAT,
	TRR_FAIL_WORD,
	TRR_FAIL_ZERO,
	TRR_FAIL_ERROR,
};

static const char * const trr_fault_names[] = {
	[TRR_OK] = "none",
	[TRR_FAIL_RCT] = "rct",
	[TRR_FAIL_APT] = "apt",
	[TRR_FAIL_STUCK] = "stuck",
	[TRR_FAIL_REPEAT] = "repeat",
	[TRR_FAIL_WORD] = "word",
	[TRR_FAIL_ZERO] = "zero",
	[TRR_FAIL_ERROR] = "error",
};

/* A ring of the keyed tags of the last TRR_HIST blocks or words. */
struct trr_tags {
	u64 tag[TRR_HIST];
	unsigned int next;
	unsigned int count;
};

struct trr_health {
	unsigned int rct_run;
	unsigned int apt_pos;
	unsigned int apt_count;
	unsigned int zero_count;	/* zero bytes in the APT window */
	u8 rct_last;
	u8 apt_ref;
	struct trr_tags blocks;
	struct trr_tags words;
	siphash_key_t key;
};

enum trr_src_id {
	TRR_SRC_TPM,
	TRR_SRC_CPU,
	TRR_NR_SRC,
};

struct trr_source {
	const char *name;
	struct trr_rng *trr;
	int (*read)(struct trr_source *src, u8 *buf, size_t len);
	/* /dev/hwrng's read of whole 64-bit words, if the source has one */
	int (*read_fast)(struct trr_source *src, u8 *buf, size_t len);
	unsigned int *quality;
	int credit_src;		/* random_credit_source() of "tpm-rdrand:NAME" */
	/* protects the fields below up to the counters */
	struct mutex lock;
	/* there (a TPM: handed to us and not yet taken back); read locklessly */
	bool present;
	/* has been through its startup test since it came; read locklessly */
	bool seeded;
	struct trr_health health;
	u64 fast_prev;			/* the fast path's last word */
	unsigned int fast_blocks;	/* blocks it served, for sampling */
	bool failed;
	enum trr_fault last_fault;
	unsigned long retry_at;
	unsigned int fail_streak;
	unsigned int carry;
	/*
	 * Credit of the bytes mixed in the APT window under test: held
	 * until the window completes without failure, then claimed; dropped
	 * (and the carry restored to its value at the window's start) if
	 * any test fails first.
	 */
	size_t pending_frac;
	unsigned int pending_bytes;
	unsigned int window_carry;
	struct ratelimit_state rs;
	/* counters, read locklessly except for the snapshot in stats */
	atomic64_t bytes_read;
	atomic64_t bytes_mixed;
	atomic64_t bytes_claimed;
	atomic64_t bytes_dropped;
	atomic64_t claimed_frac;
	atomic64_t errors;
	/* RCT, APT, stuck, repeat, word, zero */
	atomic64_t health_fail[TRR_FAIL_ERROR - 1];
	/* fault injection (test builds only) */
	unsigned int inject;
#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
	/* "repeat": the block replayed; "drbg": the generator; src->lock */
	u8 inject_buf[TRR_BLOCK];
	bool inject_saved;
	struct rnd_state inject_drbg;
#endif
};

struct trr_rng {
	struct work_struct start_work;	/* what trr_init() leaves to the wq */
	bool cpu_seed;		/* the CPU has a seed instruction (RDSEED) */
	struct tpm_chip *chip;	/* the TPM source's lock */
	struct tpm_hwrng_owner owner;
	struct hwrng rng;
	struct mutex rng_lock;	/* rng_registered */
	bool rng_registered;
	struct task_struct *feeder;
	struct workqueue_struct *wq;
	struct work_struct seed_work;
	/*
	 * TPM bytes for /dev/hwrng, read ahead by refill_work, so that a
	 * reader never waits for a TPM command: a TPM that takes seconds
	 * per command then only makes the XOR rarer, not /dev/hwrng slower.
	 */
	struct work_struct refill_work;
	wait_queue_head_t ring_wait;	/* bytes came, or the TPM went */
	unsigned long tpm_busy_since;	/* jiffies | 1 while refilling */
	bool refilling;			/* refill_work queued or running */
	spinlock_t ring_lock;		/* ring, ring_len, ring_want */
	unsigned int ring_len;
	unsigned int ring_want;		/* what a waiting reader needs, or 0 */
	u8 ring[TRR_RING_BYTES];
	bool seeded;		/* the boot seed is done */
	struct dentry *debugfs;
	/* the input pool, or a recorder in the KUnit tests */
	void (*mix)(const void *buf, size_t len, size_t frac);
	/* the administrator's cap, or a stand-in in the KUnit tests */
	unsigned int (*cap)(void);
	struct trr_source src[TRR_NR_SRC];
	atomic64_t hwrng_cpu_only;	/* /dev/hwrng bytes without the TPM */
};

/* Flags of trr_source_get() */
#define TRR_GET_RETRY	BIT(0)	/* a failed source may be retried */
#define TRR_GET_POOL	BIT(1)	/* mix the bytes into the input pool */

/* Set *@kp->arg to @val if it is an integer within @min..@max. */
static int trr_uint_range_set(const char *val, const struct kernel_param *kp,
			      unsigned int min, unsigned int max)
{
	unsigned int v;

	if (kstrtouint(val, 0, &v) || v < min || v > max)
		return -EINVAL;
	WRITE_ONCE(*(unsigned int *)kp->arg, v);
	return 0;
}

static int trr_quality_set(const char *val, const struct kernel_param *kp)
{
	return trr_uint_range_set(val, kp, 0, 1024);
}

static const struct kernel_param_ops trr_quality_ops = {
	.set = trr_quality_set,
	.get = param_get_uint,
};

static unsigned int tpm_quality = 8;
module_param_cb(tpm_quality, &trr_quality_ops, &tpm_quality, 0644);
MODULE_PARM_DESC(tpm_quality,
		 "entropy credited per 1024 bits of TPM output (0..1024, default 8)");

/*
 * Unless it is given, rdrand_quality follows random.trust_cpu (set in
 * trr_init(), after the command line has been parsed): 1024, as the early
 * boot credit of the CPU's RNG, if it is on, else 0.
 */
static unsigned int rdrand_quality;
static bool rdrand_quality_given;

static int trr_rdrand_quality_set(const char *val, const struct kernel_param *kp)
{
	int ret = trr_quality_set(val, kp);

	if (!ret)
		WRITE_ONCE(rdrand_quality_given, true);
	return ret;
}

static const struct kernel_param_ops trr_rdrand_quality_ops = {
	.set = trr_rdrand_quality_set,
	.get = param_get_uint,
};

module_param_cb(rdrand_quality, &trr_rdrand_quality_ops, &rdrand_quality, 0644);
MODULE_PARM_DESC(rdrand_quality,
		 "entropy credited per 1024 bits of RDSEED/RDRAND output (0..1024, default 1024 with random.trust_cpu=on, else 0)");

#define TRR_FEED_MS_MIN		10
#define TRR_FEED_MS_MAX		60000
#define TRR_RETRY_MS_MIN	100
#define TRR_RETRY_MS_MAX	600000

static int trr_feed_interval_set(const char *val, const struct kernel_param *kp)
{
	return trr_uint_range_set(val, kp, TRR_FEED_MS_MIN, TRR_FEED_MS_MAX);
}

static const struct kernel_param_ops trr_feed_interval_ops = {
	.set = trr_feed_interval_set,
	.get = param_get_uint,
};

static int trr_retry_set(const char *val, const struct kernel_param *kp)
{
	return trr_uint_range_set(val, kp, TRR_RETRY_MS_MIN, TRR_RETRY_MS_MAX);
}

static const struct kernel_param_ops trr_retry_ops = {
	.set = trr_retry_set,
	.get = param_get_uint,
};

static unsigned int feed_interval_ms = 1000;
module_param_cb(feed_interval_ms, &trr_feed_interval_ops, &feed_interval_ms, 0644);
MODULE_PARM_DESC(feed_interval_ms,
		 "pause between two feeds of the input pool until the CRNG is ready, in ms (10..60000, default 1000)");

static bool feed_after_ready;
module_param(feed_after_ready, bool, 0644);
MODULE_PARM_DESC(feed_after_ready,
		 "keep feeding both sources every feed_interval_ms once the CRNG is ready (default: no, the TPM once per reseed interval, the CPU only to retry it)");

static unsigned int retry_ms = 5000;
module_param_cb(retry_ms, &trr_retry_ops, &retry_ms, 0644);
MODULE_PARM_DESC(retry_ms,
		 "a failed source is retried after this many ms, the pause doubling up to 64x while it keeps failing (100..600000, default 5000)");

/*
 * The quality a source is credited at: its own, capped by
 * rng_core.default_quality as every hwrng is.
 */
static unsigned int trr_quality(struct trr_source *src)
{
	unsigned int cap = src->trr->cap ? src->trr->cap() : hwrng_quality_cap();

	return min(READ_ONCE(*src->quality), cap);
}

static unsigned int trr_retry_ms(void)
{
	return READ_ONCE(retry_ms);
}

/* A count of 1/(1 << ENTROPY_SHIFT) bits, printed as "%llu.%03u". */
static u64 trr_whole(u64 frac)
{
	return frac >> ENTROPY_SHIFT;
}

static unsigned int trr_milli(u64 frac)
{
	return (frac & ((1 << ENTROPY_SHIFT) - 1)) * 1000 >> ENTROPY_SHIFT;
}

/* Forget everything seen, and key the tags anew. */
static void trr_health_reset(struct trr_health *h)
{
	memzero_explicit(h, sizeof(*h));
	get_random_bytes(&h->key, sizeof(h->key));
}

/* Is @tag among the remembered tags? If not, remember it. */
static bool trr_tag_seen(struct trr_tags *t, u64 tag)
{
	unsigned int i;

	for (i = 0; i < t->count; i++)
		if (t->tag[i] == tag)
			return true;
	t->tag[t->next] = tag;
	t->next = (t->next + 1) % TRR_HIST;
	if (t->count < TRR_HIST)
		t->count++;
	return false;
}

/* Tests 1-4 on one chunk of at most TRR_BLOCK bytes of a read. */
static enum trr_fault trr_health_chunk(struct trr_health *h, const u8 *p,
				       size_t n)
{
	enum trr_fault fault = TRR_OK;
	size_t i;
	u64 w;

	for (i = 0; i + sizeof(w) <= n && fault == TRR_OK; i += sizeof(w)) {
		memcpy(&w, p + i, sizeof(w));
		if (w == 0)
			fault = TRR_FAIL_ZERO;
		else if (w == ~0ULL)	/* AMD RDRAND erratum */
			fault = TRR_FAIL_STUCK;
	}
	if (fault == TRR_OK && n == TRR_BLOCK &&
	    trr_tag_seen(&h->blocks, siphash(p, n, &h->key)))
		fault = TRR_FAIL_REPEAT;
	for (i = 0; i + sizeof(w) <= n && fault == TRR_OK; i += sizeof(w)) {
		memcpy(&w, p + i, sizeof(w));
		if (trr_tag_seen(&h->words, siphash_1u64(w, &h->key)))
			fault = TRR_FAIL_WORD;
	}
	memzero_explicit(&w, sizeof(w));
	return fault;
}

/*
 * Run the health tests over @len samples of raw output, continuing the
 * state of earlier calls. Return the first failure seen, or TRR_OK.
 */
static enum trr_fault trr_health_check(struct trr_health *h, const u8 *buf,
				       size_t len)
{
	size_t off, i;

	for (off = 0; off < len; off += TRR_BLOCK) {
		size_t n = min_t(size_t, len - off, TRR_BLOCK);
		const u8 *p = buf + off;
		enum trr_fault fault = trr_health_chunk(h, p, n);

		if (fault != TRR_OK)
			return fault;

		for (i = 0; i < n; i++) {
			u8 s = p[i];

			if (h->rct_run && s == h->rct_last) {
				if (++h->rct_run >= TRR_RCT_CUTOFF)
					return TRR_FAIL_RCT;
			} else {
				h->rct_last = s;
				h->rct_run = 1;
			}

			if (h->apt_pos == 0) {
				h->apt_ref = s;
				h->apt_count = 0;
				h->zero_count = 0;
			}
			/* zeros first: a window that starts with one counts them twice */
			if (s == 0 && ++h->zero_count >= TRR_APT_CUTOFF)
				return TRR_FAIL_ZERO;
			if (s == h->apt_ref && ++h->apt_count >= TRR_APT_CUTOFF)
				return TRR_FAIL_APT;
			if (++h->apt_pos == TRR_APT_WINDOW)
				h->apt_pos = 0;
		}
	}
	return TRR_OK;
}

/*
 * A short read (0 < ret < len) is used as upstream's tpm_hwrng_read()
 * uses it: only the @ret bytes delivered are tested, mixed and credited.
 */
static int trr_tpm_read(struct trr_source *src, u8 *buf, size_t len)
{
	struct trr_rng *trr = src->trr;
	int ret;

	if (!trr->chip)
		return -ENODEV;
	ret = tpm_get_random(trr->chip, buf, len);
	if (ret == 0)
		ret = -EIO;
	return ret;
}

static int trr_cpu_read(struct trr_source *src, u8 *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i += sizeof(unsigned long)) {
		unsigned long v;
		int tries = TRR_RDSEED_RETRIES;
		bool ok = false;

		/*
		 * RDSEED first: it returns conditioned entropy source output
		 * and may transiently run dry, so retry a few times with a
		 * pause as Intel's DRNG guide advises. Then RDRAND, whose
		 * helper applies Intel's rule of 10 retries.
		 */
		while (!ok && tries--) {
			ok = arch_get_random_seed_longs(&v, 1);
			if (!ok && !src->trr->cpu_seed)
				break;
			if (!ok)
				cpu_relax();
		}
		if (!ok)
			ok = arch_get_random_longs(&v, 1);
		if (!ok)
			return -EIO;
		memcpy(buf + i, &v, min(sizeof(v), len - i));
		memzero_explicit(&v, sizeof(v));
	}
	return len;
}

/*
 * /dev/hwrng's CPU read: RDRAND only, into @buf, trr_source_get_fast()'s
 * buffer on the stack. RDSEED's conditioned output, slower and prone to
 * run dry, is kept for the pool.
 */
static int trr_cpu_read_fast(struct trr_source *src, u8 *buf, size_t len)
{
	unsigned long v = 0;
	size_t i;

	for (i = 0; i + sizeof(v) <= len; i += sizeof(v)) {
		if (!arch_get_random_longs(&v, 1))
			break;
		memcpy(buf + i, &v, sizeof(v));
	}
	memzero_explicit(&v, sizeof(v));
	return i ? i : -EIO;
}

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
enum trr_inject_mode {
	TRR_INJ_NONE,
	TRR_INJ_RCT,
	TRR_INJ_APT,
	TRR_INJ_STUCK,
	TRR_INJ_ERROR,
	TRR_INJ_REPEAT,
	TRR_INJ_WORD,
	TRR_INJ_ZERO,
	TRR_INJ_ZEROS,
	TRR_INJ_DRBG,
	TRR_INJ_SLOW,
};

/* "slow": what a TPM command costs on a stalling TPM, for every command */
#define TRR_INJECT_SLOW_MS	2000

static const char * const trr_inject_names[] = {
	[TRR_INJ_NONE] = "none",
	[TRR_INJ_RCT] = "rct",
	[TRR_INJ_APT] = "apt",
	[TRR_INJ_STUCK] = "stuck",
	[TRR_INJ_ERROR] = "error",
	[TRR_INJ_REPEAT] = "repeat",
	[TRR_INJ_WORD] = "word",
	[TRR_INJ_ZERO] = "zero",
	[TRR_INJ_ZEROS] = "zeros",
	[TRR_INJ_DRBG] = "drbg",
	[TRR_INJ_SLOW] = "slow",
};

/*
 * Replace the raw output by a pattern that fails the chosen test, and
 * only that one: the rct and apt patterns keep real bytes in every 64-bit
 * word, so that the word test does not see them first. "drbg" is the
 * exception: a deterministic generator (prandom from a fixed seed) that
 * passes every test, as documented. Called with src->lock held.
 */
static int trr_inject(struct trr_source *src, u8 *buf, size_t len, int ret)
{
	size_t i, off;

	switch (READ_ONCE(src->inject)) {
	case TRR_INJ_RCT:
		/* C samples of 0x5a at bytes 4..4+C-1 of each block */
		for (i = 0; i < len; i++)
			if (i % TRR_BLOCK >= 4 && i % TRR_BLOCK < 4 + TRR_RCT_CUTOFF)
				buf[i] = 0x5a;
		break;
	case TRR_INJ_APT:
		/* every other sample 0xa5, a window's first among them */
		for (i = 0; i < len; i += 2)
			buf[i] = 0xa5;
		break;
	case TRR_INJ_STUCK:
		memset(buf, 0xff, len);
		break;
	case TRR_INJ_ERROR:
		return -EIO;
	case TRR_INJ_REPEAT:
		/* the first full block read, then that block over and over */
		if (!src->inject_saved) {
			if (len >= TRR_BLOCK) {
				memcpy(src->inject_buf, buf, TRR_BLOCK);
				src->inject_saved = true;
			}
			break;
		}
		for (off = 0; off < len; off += TRR_BLOCK)
			memcpy(buf + off, src->inject_buf,
			       min_t(size_t, len - off, TRR_BLOCK));
		break;
	case TRR_INJ_WORD:
		/* word 7 of each full block := its word 0 */
		for (off = 0; off + TRR_BLOCK <= len; off += TRR_BLOCK)
			memcpy(buf + off + TRR_BLOCK - sizeof(u64), buf + off,
			       sizeof(u64));
		break;
	case TRR_INJ_ZERO:
		memset(buf, 0, len);
		break;
	case TRR_INJ_ZEROS:
		/* odd samples 0: no run, no zero word, one in two zero */
		for (i = 1; i < len; i += 2)
			buf[i] = 0;
		break;
	case TRR_INJ_DRBG:
		prandom_bytes_state(&src->inject_drbg, buf, len);
		break;
	case TRR_INJ_SLOW:
		/* as if the read had taken that long, the lock held */
		msleep(TRR_INJECT_SLOW_MS);
		break;
	default:
		break;
	}
	return ret;
}

/* Forget the replayed block, restart the generator; src->lock held. */
static void trr_inject_clear(struct trr_source *src)
{
	memzero_explicit(src->inject_buf, sizeof(src->inject_buf));
	src->inject_saved = false;
	prandom_seed_state(&src->inject_drbg, 42);
}
#else
static int trr_inject(struct trr_source *src, u8 *buf, size_t len, int ret)
{
	return ret;
}

static void trr_inject_clear(struct trr_source *src)
{
}
#endif

/*
 * Mix @len bytes of @src into the input pool, crediting @frac under the
 * source's own name; the KUnit tests record instead.
 */
static void trr_mix(struct trr_source *src, const void *buf, size_t len,
		    size_t frac)
{
	if (src->trr->mix)
		src->trr->mix(buf, len, frac);
	else
		add_hwgenerator_randomness_src(src->credit_src, buf, len, frac,
					       false);
}

/* Drop the held credit of the window under test; src->lock held. */
static void trr_credit_drop(struct trr_source *src)
{
	atomic64_add(src->pending_bytes, &src->bytes_dropped);
	src->pending_bytes = 0;
	src->pending_frac = 0;
	src->carry = src->window_carry;
}

/*
 * Account @len bytes that passed the health tests, the APT window having
 * been at sample @pos0 before them; src->lock held. Bytes for the pool
 * (@buf not NULL) are mixed at once, but their credit is only held until
 * their window completes; a completed window's held credit is claimed
 * then, whoever read its last samples. Return the credit claimed.
 */
static size_t trr_account(struct trr_source *src, const u8 *buf, size_t len,
			  unsigned int pos0)
{
	unsigned int quality = trr_quality(src);
	bool complete = pos0 + len >= TRR_APT_WINDOW;
	size_t tail = (pos0 + len) % TRR_APT_WINDOW;
	size_t claim = 0;

	BUILD_BUG_ON(TRR_BLOCK > TRR_APT_WINDOW);
	if (buf) {
		size_t head = complete ? len - tail : len;

		src->pending_frac += hwrng_entropy_frac(head, quality, &src->carry);
		src->pending_bytes += head;
		atomic64_add(len, &src->bytes_mixed);
	}
	if (complete) {
		claim = src->pending_frac;
		atomic64_add(claim, &src->claimed_frac);
		atomic64_add(src->pending_bytes, &src->bytes_claimed);
		src->window_carry = src->carry;
		src->pending_frac = 0;
		src->pending_bytes = 0;
		if (buf) {
			src->pending_frac = hwrng_entropy_frac(tail, quality,
							       &src->carry);
			src->pending_bytes = tail;
		}
	}
	if (buf)
		trr_mix(src, buf, len, claim);
	else if (claim)
		trr_mix(src, NULL, 0, claim);	/* credit only */
	return claim;
}

static void trr_source_fail(struct trr_source *src, enum trr_fault fault,
			    int err)
{
	trr_credit_drop(src);
	if (fault == TRR_FAIL_ERROR)
		atomic64_inc(&src->errors);
	else
		atomic64_inc(&src->health_fail[fault - 1]);
	/* Back off exponentially while the source keeps failing. */
	src->retry_at = jiffies +
		msecs_to_jiffies(trr_retry_ms()) * (1UL << src->fail_streak);
	if (src->fail_streak < TRR_MAX_BACKOFF_SHIFT)
		src->fail_streak++;
	WRITE_ONCE(src->last_fault, fault);
	if (src->failed)
		return;		/* logged when it first failed */
	WRITE_ONCE(src->failed, true);
	if (!__ratelimit(&src->rs))
		return;
	if (fault == TRR_FAIL_ERROR)
		pr_warn("%s: read error %d: not used or credited, retried after %u ms and backing off\n",
			src->name, err, trr_retry_ms());
	else
		pr_warn("%s: health test failed (%s): not used or credited, retried after %u ms and backing off\n",
			src->name, trr_fault_names[fault], trr_retry_ms());
}

/*
 * Read up to @len raw bytes and health-test them, then account them (and
 * mix them with TRR_GET_POOL); called with src->lock held. Return the
 * number of bytes read, or a negative error.
 */
static int __trr_source_read(struct trr_source *src, u8 *buf, size_t len,
			     unsigned int flags, size_t *claimed)
{
	unsigned int pos0 = src->health.apt_pos;
	enum trr_fault fault;
	size_t claim;
	int ret;

	ret = src->read(src, buf, len);
	ret = trr_inject(src, buf, ret > 0 ? ret : 0, ret);
	if (ret <= 0) {
		ret = ret ? ret : -EIO;
		trr_source_fail(src, TRR_FAIL_ERROR, ret);
		return ret;
	}
	atomic64_add(ret, &src->bytes_read);

	fault = trr_health_check(&src->health, buf, ret);
	if (fault != TRR_OK) {
		trr_source_fail(src, fault, 0);
		return -EIO;
	}
	claim = trr_account(src, flags & TRR_GET_POOL ? buf : NULL, ret, pos0);
	if (claimed)
		*claimed += claim;
	return ret;
}

/*
 * Read up to @len raw bytes of @src into @buf and health-test them; with
 * TRR_GET_POOL also mix them, adding the credit claimed to *@claimed
 * (if not NULL). A failed source is skipped, except with TRR_GET_RETRY
 * (the feeder) once its retry time has come: then, as at a restart in
 * SP 800-90B, it must first pass the startup test again on
 * TRR_STARTUP_BYTES fresh samples (discarded), so that a fault only the
 * adaptive proportion test sees over a whole window cannot come back
 * after one short read. Return the number of bytes read (a TPM may
 * return fewer than @len), or a negative error when nothing usable was
 * read.
 */
static int trr_source_get(struct trr_source *src, u8 *buf, size_t len,
			  unsigned int flags, size_t *claimed)
{
	size_t done;
	int ret;

	if (mutex_lock_interruptible(&src->lock))
		return -EINTR;

	/* A TPM taken back while we waited for the lock. */
	if (!src->present) {
		ret = -ENODEV;
		goto out;
	}
	if (src->failed) {
		if (!(flags & TRR_GET_RETRY) ||
		    time_before(jiffies, src->retry_at)) {
			ret = -EAGAIN;
			goto out;
		}
		trr_health_reset(&src->health);
		trr_credit_drop(src);
		for (done = 0; done < TRR_STARTUP_BYTES; done += ret) {
			ret = __trr_source_read(src, buf, len, 0, NULL);
			if (ret < 0)
				goto out;
		}
	}

	ret = __trr_source_read(src, buf, len, flags, claimed);
	if (ret < 0)
		goto out;

	src->fail_streak = 0;
	if (src->failed) {
		WRITE_ONCE(src->failed, false);
		pr_info("%s: recovered (startup test passed again), used and credited again\n",
			src->name);
	}
out:
	mutex_unlock(&src->lock);
	if (ret < 0)
		memzero_explicit(buf, len);
	return ret;
}

/*
 * /dev/hwrng's read of @src into @out, which may be the reader's own page
 * (HWRNG_LARGE_READS) and change under us: the source writes a block on
 * the stack, where it is tested, and only what passed is copied out.
 */
static int trr_source_get_copy(struct trr_source *src, u8 *out, size_t len)
{
	u8 block[TRR_BLOCK] = {};
	int ret;

	ret = trr_source_get(src, block, min_t(size_t, len, TRR_BLOCK), 0, NULL);
	if (ret > 0)
		memcpy(out, block, ret);
	memzero_explicit(block, sizeof(block));
	return ret;
}

/*
 * /dev/hwrng's read of a source with a fast path, in whole 64-bit words:
 * every word is tested for a stuck value (all zeros, all ones) and for a
 * repeat of the word before it, and one 64-byte block in TRR_FAST_SAMPLE
 * goes through every test a pool read gets (repetition count, adaptive
 * proportion, block and word history), whose APT window it advances. A
 * fault fails the source for every path, as on a pool read; a failed
 * source is left to the feeder to retry. Nothing is mixed or credited.
 *
 * @out may be the reader's page, which another thread of the reader can
 * write while we do: the source fills TRR_FAST_CHUNK bytes on the stack at
 * a time, the tests read them there, and each word that passed is stored
 * to @out in the same pass. Nothing is read back from @out, so a reader
 * can neither fail the source nor make a bad word pass.
 */
static int trr_source_get_fast(struct trr_source *src, u8 *out, size_t len)
{
	u64 chunk[TRR_FAST_CHUNK / sizeof(u64)];
	enum trr_fault fault = TRR_OK;
	size_t i, off, n, done, words = round_down(len, sizeof(u64));
	unsigned int pos0;
	bool bad;
	u64 w, prev;
	int ret;

	if (!src->read_fast || !words)
		return trr_source_get_copy(src, out, len);
	len = words;
	if (mutex_lock_interruptible(&src->lock))
		return -EINTR;
	if (!src->present || src->failed) {
		ret = src->present ? -EAGAIN : -ENODEV;
		goto out;
	}
	prev = src->fast_prev;
	for (done = 0; done < len; done += n) {
		n = min_t(size_t, len - done, sizeof(chunk));
		ret = src->read_fast(src, (u8 *)chunk, n);
		ret = trr_inject(src, (u8 *)chunk, ret > 0 ? ret : 0, ret);
		if (ret <= 0) {
			ret = ret ?: -EIO;
			memzero_explicit(chunk, sizeof(chunk));
			trr_source_fail(src, TRR_FAIL_ERROR, ret);
			goto out;
		}
		atomic64_add(ret, &src->bytes_read);
		for (off = 0; off + TRR_BLOCK <= ret; off += TRR_BLOCK) {
			if (++src->fast_blocks % TRR_FAST_SAMPLE)
				continue;
			pos0 = src->health.apt_pos;
			fault = trr_health_check(&src->health, (u8 *)chunk + off,
						 TRR_BLOCK);
			if (fault != TRR_OK)
				break;
			trr_account(src, NULL, TRR_BLOCK, pos0);
		}
		if (fault != TRR_OK)
			break;
		/*
		 * One pass, with the previous word kept in a register: each
		 * word is cleared off the stack as it is stored, which also
		 * spares a memset of the chunk per read. One branch per word
		 * for both tests: which one failed is worked out after.
		 */
		for (i = 0; i < ret / sizeof(w); i++) {
			w = chunk[i];
			WRITE_ONCE(chunk[i], 0);
			bad = w + 1 <= 1;	/* all zeros or all ones */
			bad |= w == prev;
			if (unlikely(bad))
				break;
			prev = w;
			put_unaligned(w, (u64 *)(out + done) + i);
		}
		if (i < ret / sizeof(w)) {
			fault = w + 1 <= 1 ? TRR_FAIL_STUCK : TRR_FAIL_WORD;
			break;
		}
		if ((size_t)ret < n) {	/* a short read ends this one */
			done += ret;
			break;
		}
	}
	src->fast_prev = prev;
	ret = done;
	memzero_explicit(&w, sizeof(w));
	if (fault != TRR_OK) {
		memzero_explicit(chunk, sizeof(chunk));
		trr_source_fail(src, fault, 0);
		ret = -EIO;
	}
out:
	mutex_unlock(&src->lock);
	if (ret < 0)
		memzero_explicit(out, len);
	return ret;
}

/*
 * Take up to @len TPM bytes, oldest first, off the ring: XORed into @out
 * with @xor, copied into it otherwise.
 */
static size_t trr_ring_take(struct trr_rng *trr, u8 *out, size_t len,
			    bool xor)
{
	size_t n, i;

	/* The common case with a slow TPM, and cheaper than the lock. */
	if (!READ_ONCE(trr->ring_len))
		return 0;
	spin_lock(&trr->ring_lock);
	n = min_t(size_t, len, trr->ring_len);
	if (xor)
		for (i = 0; i < n; i++)
			out[i] ^= trr->ring[i];
	else
		memcpy(out, trr->ring, n);
	memmove(trr->ring, trr->ring + n, trr->ring_len - n);
	memzero_explicit(trr->ring + trr->ring_len - n, n);
	trr->ring_len -= n;
	spin_unlock(&trr->ring_lock);
	return n;
}

/* Forget the TPM bytes read ahead: the TPM failed or went. */
static void trr_ring_drain(struct trr_rng *trr)
{
	spin_lock(&trr->ring_lock);
	memzero_explicit(trr->ring, sizeof(trr->ring));
	trr->ring_len = 0;
	spin_unlock(&trr->ring_lock);
}

static bool trr_usable(struct trr_source *src)
{
	return READ_ONCE(src->present) && READ_ONCE(src->seeded) &&
	       !READ_ONCE(src->failed);
}

/* How far refill_work fills the ring: further while a reader waits. */
static unsigned int trr_ring_target(struct trr_rng *trr)
{
	return READ_ONCE(trr->ring_want) ? TRR_RING_BYTES : TRR_RING_WAKE;
}

/*
 * Read the TPM ahead for /dev/hwrng, health-tested as every read is, not
 * mixed into the pool (the feeder does that). Runs on the driver's
 * workqueue, queued by readers when the ring holds less than
 * TRR_RING_WAKE bytes.
 */
static void trr_refill_work(struct work_struct *work)
{
	struct trr_rng *trr = container_of(work, struct trr_rng, refill_work);
	struct trr_source *src = &trr->src[TRR_SRC_TPM];
	u8 buf[TRR_BLOCK];
	bool wake;
	size_t n;
	int ret;

	while (trr_usable(src) &&
	       READ_ONCE(trr->ring_len) + sizeof(buf) <= trr_ring_target(trr)) {
		/* From the request on: waiting for the lock counts too. */
		WRITE_ONCE(trr->tpm_busy_since, jiffies | 1);
		ret = trr_source_get(src, buf, sizeof(buf), 0, NULL);
		WRITE_ONCE(trr->tpm_busy_since, 0);
		if (ret <= 0)
			break;
		spin_lock(&trr->ring_lock);
		n = min_t(size_t, ret, TRR_RING_BYTES - trr->ring_len);
		memcpy(trr->ring + trr->ring_len, buf, n);
		trr->ring_len += n;
		/* ring_want is 0 without a waiter: wake_up() costs nothing then */
		wake = trr->ring_len >= READ_ONCE(trr->ring_want);
		spin_unlock(&trr->ring_lock);
		if (wake)
			wake_up(&trr->ring_wait);
	}
	memzero_explicit(buf, sizeof(buf));
	/* A reader that saw it set before this queues the work again. */
	WRITE_ONCE(trr->refilling, false);
	wake_up(&trr->ring_wait);
}

/* A refill command has been in flight longer than a reader waits. */
static bool trr_tpm_slow(struct trr_rng *trr)
{
	unsigned long since = READ_ONCE(trr->tpm_busy_since);

	return since && time_after(jiffies, since +
				   msecs_to_jiffies(TRR_TPM_WAIT_MS));
}

/*
 * Make sure a refill is on its way while the ring is below TRR_RING_WAKE;
 * false when none can be (no workqueue) or none is needed.
 */
static bool trr_refill_kick(struct trr_rng *trr)
{
	if (READ_ONCE(trr->refilling))
		return true;
	if (READ_ONCE(trr->ring_len) >= TRR_RING_WAKE || !trr->wq)
		return false;
	/* queue_work() costs more than a read: only when not queued yet */
	WRITE_ONCE(trr->refilling, true);
	queue_work(trr->wq, &trr->refill_work);
	return true;
}

/*
 * The TPM's share of a /dev/hwrng read: up to @len bytes off the ring,
 * XORed into the CPU's with @xor. An empty ring is waited for as long as
 * a healthy TPM takes, and not at all when the command in flight has
 * already taken longer, or with !@wait: the CPU's bytes then go alone.
 * The wait ends when @len bytes, TRR_RING_WAKE at most, are ready, or
 * after a timeout with what is ready; a refill that stopped just as the
 * ring was emptied is queued again.
 */
static size_t trr_tpm_share(struct trr_rng *trr, u8 *out, size_t len,
			    bool xor, bool wait)
{
	struct trr_source *tpm = &trr->src[TRR_SRC_TPM];
	unsigned int want = min_t(size_t, len, TRR_RING_WAKE);
	long left = msecs_to_jiffies(TRR_TPM_WAIT_MS);
	bool kicked;
	size_t k;

	k = trr_ring_take(trr, out, len, xor);
	kicked = trr_refill_kick(trr);
	if (k || !wait || trr_tpm_slow(trr))
		return k;
	if (!kicked)	/* no refill to wait for: what came since, if any */
		return trr_ring_take(trr, out, len, xor);
	/* under the lock: refill_work sees it, or we see its bytes */
	spin_lock(&trr->ring_lock);
	trr->ring_want = want;
	spin_unlock(&trr->ring_lock);
	do {
		left = wait_event_interruptible_timeout(trr->ring_wait,
							READ_ONCE(trr->ring_len) >= want ||
							!READ_ONCE(trr->refilling) ||
							!trr_usable(tpm), left);
	} while (left > 0 && !READ_ONCE(trr->ring_len) && trr_usable(tpm) &&
		 trr_refill_kick(trr));
	WRITE_ONCE(trr->ring_want, 0);
	return trr_ring_take(trr, out, len, xor);
}

/*
 * /dev/hwrng: the CPU's RNG first (tested on the stack, then stored to
 * the output buffer, which may be the reader's page), then the TPM's
 * bytes XORed in, taken from the ring the refill work keeps full. So a
 * CPU RNG instruction never runs while the bytes it is combined with are
 * in the output buffer, and cannot pick its output to cancel them (they
 * sit in the ring, read before: a CPU that reads other memory to find
 * them is not covered, it could read the input pool as well); the TPM, a
 * device, never sees the CPU's bytes. No reader waits for a slow TPM:
 * with the ring empty a reader waits TRR_TPM_WAIT_MS at most, and not at
 * all once a command has taken longer; the CPU's bytes are then served
 * alone, as when the TPM has failed, and counted in hwrng_cpu_only. The
 * XOR covers the shortest length delivered.
 */
static int trr_hwrng_read(struct hwrng *rng, void *data, size_t max, bool wait)
{
	struct trr_rng *trr = container_of(rng, struct trr_rng, rng);
	struct trr_source *cpu = &trr->src[TRR_SRC_CPU];
	struct trr_source *tpm = &trr->src[TRR_SRC_TPM];
	size_t len = min_t(size_t, max, TRR_HWRNG_MAX), n = 0, k;
	u8 *out = data;
	int ret;

	/*
	 * Nothing before the sources have passed their startup test; pairs
	 * with trr_seed_work().
	 */
	if (!smp_load_acquire(&trr->seeded)) {
		if (wait)
			hwrng_msleep(rng, 20);
		return 0;
	}
	if (READ_ONCE(cpu->present) && READ_ONCE(cpu->seeded)) {
		/*
		 * As much as the TPM has ready (one block at least) while it
		 * keeps up, for the XOR covers no more: RDRAND is not spent
		 * on bytes thrown away. With nothing ready, what a reader
		 * will wait for, TRR_RING_WAKE bytes at most; a reader that
		 * does not wait gets one block of the CPU's alone.
		 */
		k = len;
		if (trr_usable(tpm) && !trr_tpm_slow(trr)) {
			k = READ_ONCE(trr->ring_len);
			if (k)
				k = max_t(size_t, k, TRR_BLOCK);
			else
				k = wait ? TRR_RING_WAKE : TRR_BLOCK;
			k = min(k, len);
		}
		ret = trr_source_get_fast(cpu, out, k);
		if (ret > 0)
			n = ret;
	}
	if (!trr_usable(tpm)) {
		if (READ_ONCE(trr->ring_len))
			trr_ring_drain(trr);
		if (n)
			atomic64_add(n, &trr->hwrng_cpu_only);
	} else if (n) {
		k = trr_tpm_share(trr, out, n, true, wait);
		if (k)
			n = k;		/* the shortest length delivered */
		else
			atomic64_add(n, &trr->hwrng_cpu_only);
	} else {
		/*
		 * The TPM alone: nothing else to serve, so the reader reads
		 * it itself (what is left on the ring first), and the ring
		 * is not refilled to compete with it for the TPM.
		 */
		n = trr_ring_take(trr, out, len, false);
		if (!n) {
			ret = trr_source_get_copy(tpm, out, len);
			n = max(ret, 0);
		}
	}
	if (n) {
		memzero_explicit(out + n, len - n);
		return n;
	}

	memzero_explicit(data, len);
	/* No healthy source: wait for a retry, or for unregistration. */
	if (wait)
		hwrng_msleep(rng, 1000);
	return 0;
}

static int trr_stats_show(struct seq_file *m, void *unused)
{
	struct trr_source *src = m->private;
	u64 mixed, claimed, frac, pend_frac;
	unsigned int pend;

	/* one consistent snapshot of the accounting */
	mutex_lock(&src->lock);
	mixed = atomic64_read(&src->bytes_mixed);
	claimed = atomic64_read(&src->bytes_claimed);
	frac = atomic64_read(&src->claimed_frac);
	pend = src->pending_bytes;
	pend_frac = src->pending_frac;
	mutex_unlock(&src->lock);

	seq_printf(m, "source: %s\n", src->name);
	seq_printf(m, "quality: %u\n", READ_ONCE(*src->quality));
	seq_printf(m, "present: %d\n", READ_ONCE(src->present));
	seq_printf(m, "seeded: %d\n", READ_ONCE(src->seeded));
	seq_printf(m, "state: %s\n", READ_ONCE(src->failed) ? "failed" : "ok");
	seq_printf(m, "last_failure: %s\n",
		   trr_fault_names[READ_ONCE(src->last_fault)]);
	seq_printf(m, "bytes_read: %lld\n", atomic64_read(&src->bytes_read));
	seq_printf(m, "bytes_mixed: %llu\n", mixed);
	/*
	 * "claimed": what the driver passed to the pool as credit. The pool
	 * counts it with its overwrite accounting, and not at all once the
	 * CRNG is ready, so this is an upper bound of what it added.
	 */
	seq_printf(m, "bytes_claimed: %llu\n", claimed);
	seq_printf(m, "bytes_pending: %u\n", pend);
	seq_printf(m, "bytes_dropped: %lld\n", atomic64_read(&src->bytes_dropped));
	seq_printf(m, "claimed_frac: %llu\n", frac);
	seq_printf(m, "claimed_bits: %llu.%03u\n", trr_whole(frac), trr_milli(frac));
	seq_printf(m, "pending_frac: %llu\n", pend_frac);
	seq_printf(m, "errors: %lld\n", atomic64_read(&src->errors));
	seq_printf(m, "hwrng_cpu_only: %lld\n",
		   atomic64_read(&src->trr->hwrng_cpu_only));
	seq_printf(m, "health_rct: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_RCT - 1]));
	seq_printf(m, "health_apt: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_APT - 1]));
	seq_printf(m, "health_stuck: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_STUCK - 1]));
	seq_printf(m, "health_repeat: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_REPEAT - 1]));
	seq_printf(m, "health_word: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_WORD - 1]));
	seq_printf(m, "health_zero: %lld\n",
		   atomic64_read(&src->health_fail[TRR_FAIL_ZERO - 1]));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(trr_stats);

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
static ssize_t trr_inject_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct trr_source *src = file_inode(file)->i_private;
	char kbuf[16];
	int i;

	if (count >= sizeof(kbuf))
		return -EINVAL;
	if (copy_from_user(kbuf, ubuf, count))
		return -EFAULT;
	kbuf[count] = '\0';
	i = sysfs_match_string(trr_inject_names, kbuf);
	if (i < 0)
		return -EINVAL;
	/* every change starts a mode afresh; "none" leaves no block behind */
	if (mutex_lock_interruptible(&src->lock))
		return -EINTR;
	trr_inject_clear(src);
	WRITE_ONCE(src->inject, i);
	mutex_unlock(&src->lock);
	return count;
}

static ssize_t trr_inject_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct trr_source *src = file_inode(file)->i_private;
	char kbuf[16];
	int n;

	n = scnprintf(kbuf, sizeof(kbuf), "%s\n",
		      trr_inject_names[READ_ONCE(src->inject)]);
	return simple_read_from_buffer(ubuf, count, ppos, kbuf, n);
}

static const struct file_operations trr_inject_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = trr_inject_read,
	.write = trr_inject_write,
	.llseek = default_llseek,
};

static void trr_debugfs_inject(struct trr_source *src, struct dentry *dir)
{
	debugfs_create_file("inject", 0600, dir, src, &trr_inject_fops);
}
#else
static void trr_debugfs_inject(struct trr_source *src, struct dentry *dir)
{
}
#endif

static void trr_debugfs_init(struct trr_rng *trr)
{
	int i;

	trr->debugfs = debugfs_create_dir(TRR_NAME, NULL);
	for (i = 0; i < TRR_NR_SRC; i++) {
		struct trr_source *src = &trr->src[i];
		struct dentry *dir;

		/* A TPM may come after init. */
		if (!src->present && (i != TRR_SRC_TPM || !IS_ENABLED(CONFIG_TCG_TPM)))
			continue;
		dir = debugfs_create_dir(src->name, trr->debugfs);
		debugfs_create_file("stats", 0444, dir, src, &trr_stats_fops);
		trr_debugfs_inject(src, dir);
	}
}

/*
 * Seed from a source that has just come (at init, or a TPM handed over
 * later): the SP 800-90B startup test over TRR_STARTUP_BYTES samples
 * (mixed, not credited), then at least one whole APT window
 * (TRR_SEED_BYTES) mixed, whose credit is claimed only once the window
 * has completed without failure. Return the credit in fractional units.
 */
static size_t trr_seed_source(struct trr_source *src)
{
	u64 claimed0 = atomic64_read(&src->bytes_claimed);
	u8 buf[TRR_BLOCK];
	size_t done, mixed = 0, frac = 0;
	bool ok = true;
	int ret;

	for (done = 0; done < TRR_STARTUP_BYTES; done += ret) {
		ret = trr_source_get(src, buf, sizeof(buf), 0, NULL);
		if (ret < 0) {
			ok = false;
			break;
		}
		add_device_randomness(buf, ret);
	}
	/* Short reads may leave the window open: two windows at most. */
	while (ok && atomic64_read(&src->bytes_claimed) - claimed0 < TRR_SEED_BYTES &&
	       mixed < 2 * TRR_APT_WINDOW) {
		ret = trr_source_get(src, buf, sizeof(buf), TRR_GET_POOL, &frac);
		if (ret < 0) {
			ok = false;
			break;
		}
		mixed += ret;
	}
	memzero_explicit(buf, sizeof(buf));

	if (!READ_ONCE(src->present))
		return frac;	/* taken back while seeding: nothing to report */
	if (ok)
		pr_info("%s: seeded %zu bytes, credited %llu.%03u bits (quality %u/1024)\n",
			src->name, mixed, trr_whole(frac), trr_milli(frac),
			trr_quality(src));
	else
		pr_warn("%s: startup test failed, seeded %zu bytes, credited %llu.%03u bits\n",
			src->name, mixed, trr_whole(frac), trr_milli(frac));
	return frac;
}

/* The hwrng's rank among hwrngs: the best quality of a usable source. */
static unsigned int trr_rank(struct trr_rng *trr)
{
	unsigned int q = 0;
	int i;

	for (i = 0; i < TRR_NR_SRC; i++)
		if (READ_ONCE(trr->src[i].present) && !READ_ONCE(trr->src[i].failed))
			q = max(q, trr_quality(&trr->src[i]));
	return q;
}

/*
 * /dev/hwrng comes at start with a source present, or with the first
 * source seeded, so that a driver loaded with no source at all (waiting
 * for a TPM) registers nothing.
 */
static int trr_register_hwrng(struct trr_rng *trr)
{
	int ret = 0;

	mutex_lock(&trr->rng_lock);
	if (!trr->rng_registered) {
		trr->rng.quality = trr_rank(trr);	/* HWRNG_FEEDS_POOL */
		ret = hwrng_register(&trr->rng);
		if (ret)
			pr_err("hwrng not registered: %d\n", ret);
		trr->rng_registered = !ret;
	}
	mutex_unlock(&trr->rng_lock);
	return ret;
}

/*
 * The seed of every source present and not yet seeded, run on the
 * driver's workqueue at start and whenever a TPM is handed over, so that
 * the initcall does no source I/O (1.5 KiB per source, 28 ms for both
 * under TCG with sanitizers, more on a TPM that returns 32 bytes per
 * command) and
 * prints nothing on the way (a line on a 115200 baud serial console costs
 * about 10 ms). Neither /dev/hwrng nor the feeder uses a source before its
 * seed. The first run also prints the policy and the boot seed's summary.
 */
/* The CPU first: a TPM that takes seconds per command does not hold it up. */
static const enum trr_src_id trr_seed_order[] = { TRR_SRC_CPU, TRR_SRC_TPM };

static void trr_seed_work(struct work_struct *work)
{
	struct trr_rng *trr = container_of(work, struct trr_rng, seed_work);
	unsigned int n = 0, pool;
	size_t frac = 0;
	int i;

	if (!trr->seeded)
		pr_info("policy: tpm %u/1024, rdrand %u/1024 (%s), capped at rng_core.default_quality %u/1024\n",
			READ_ONCE(tpm_quality), READ_ONCE(rdrand_quality),
			READ_ONCE(rdrand_quality_given) ? "rdrand_quality given" :
			random_trust_cpu() ? "follows random.trust_cpu=on" :
			"follows random.trust_cpu=off", hwrng_quality_cap());
	for (i = 0; i < ARRAY_SIZE(trr_seed_order); i++) {
		struct trr_source *src = &trr->src[trr_seed_order[i]];

		if (!READ_ONCE(src->present) || READ_ONCE(src->seeded))
			continue;
		frac += trr_seed_source(src);
		n++;
		/* Readers test it locklessly, then take the lock to read. */
		mutex_lock(&src->lock);
		if (src->present)
			WRITE_ONCE(src->seeded, true);
		mutex_unlock(&src->lock);
		if (trr_register_hwrng(trr))
			break;
	}
	if (!n)
		return;
	pool = random_entropy_avail_frac();
	pr_info("%s from %u source(s): %llu.%03u bits credited, pool estimate %llu.%03u bits\n",
		trr->seeded ? "seed" : "boot seed", n, trr_whole(frac),
		trr_milli(frac), trr_whole(pool), trr_milli(pool));
	/* Pairs with trr_hwrng_read(). */
	smp_store_release(&trr->seeded, true);
}

/*
 * Once the CRNG is ready, random.c ignores credit and draws on the input
 * pool only at a reseed, and every reseed takes RDSEED/RDRAND output by
 * itself (extract_entropy()). So the feeder then reads the TPM once per
 * reseed interval, as the hwrng core's fill thread does, and the CPU
 * source only when a failed one is due for a retry. The sleep is
 * random.c's own throttle for hwrng feeders (add_hwgenerator_randomness()
 * with @sleep_after, nothing mixed or credited): one crng_reseed_interval(),
 * cut short by kthread_stop() and by the freezer.
 */
static bool trr_feed_now(struct trr_source *src, bool ready)
{
	if (!ready || READ_ONCE(feed_after_ready))
		return true;
	if (src == &src->trr->src[TRR_SRC_CPU])
		return READ_ONCE(src->failed);
	return true;
}

/*
 * Freezable, so that it is stopped before the TPM is suspended instead of
 * seeing the TPM fail across a suspend.
 */
static int trr_feeder(void *data)
{
	struct trr_rng *trr = data;
	u8 buf[TRR_BLOCK];
	int i;

	set_freezable();
	while (!kthread_freezable_should_stop(NULL)) {
		unsigned int ms = READ_ONCE(feed_interval_ms);
		bool ready = rng_is_initialized();

		for (i = 0; i < TRR_NR_SRC; i++) {
			struct trr_source *src = &trr->src[i];

			if (!READ_ONCE(src->present) ||
			    !READ_ONCE(src->seeded) || kthread_should_stop() ||
			    !trr_feed_now(src, ready))
				continue;
			trr_source_get(src, buf, sizeof(buf),
				       TRR_GET_RETRY | TRR_GET_POOL, NULL);
		}
		memzero_explicit(buf, sizeof(buf));
		if (ready && !READ_ONCE(feed_after_ready))
			add_hwgenerator_randomness_src(trr->src[TRR_SRC_TPM].credit_src,
						       NULL, 0, 0, true);
		else
			schedule_timeout_interruptible(msecs_to_jiffies(ms));
	}
	return 0;
}

static void trr_source_init(struct trr_rng *trr, enum trr_src_id id,
			    const char *name, unsigned int *quality,
			    int (*read)(struct trr_source *, u8 *, size_t))
{
	struct trr_source *src = &trr->src[id];
	int i;

	src->name = name;
	src->trr = trr;
	src->read = read;
	src->quality = quality;
	mutex_init(&src->lock);
	trr_inject_clear(src);
	ratelimit_state_init(&src->rs, 60 * HZ, 5);
	atomic64_set(&src->bytes_read, 0);
	atomic64_set(&src->bytes_mixed, 0);
	atomic64_set(&src->bytes_claimed, 0);
	atomic64_set(&src->bytes_dropped, 0);
	atomic64_set(&src->claimed_frac, 0);
	atomic64_set(&src->errors, 0);
	for (i = 0; i < ARRAY_SIZE(src->health_fail); i++)
		atomic64_set(&src->health_fail[i], 0);
}

/* What trr_source_init() leaves to the start work, off the boot path. */
static void trr_source_start(struct trr_source *src)
{
	char credit_name[24];

	snprintf(credit_name, sizeof(credit_name), "%s:%s", TRR_HWRNG_NAME,
		 src->name);
	src->credit_src = random_credit_source(credit_name);
	mutex_lock(&src->lock);
	trr_health_reset(&src->health);	/* keys the repeat tests */
	mutex_unlock(&src->lock);
}

#ifdef CONFIG_X86
/*
 * Loaded by udev where the CPU has RDRAND or RDSEED (the CPU devices'
 * modalias), and by the TPM core, through the alias below, where a TPM
 * registers with no owner for its RNG.
 */
static const struct x86_cpu_id trr_cpu_ids[] = {
	X86_MATCH_FEATURE(X86_FEATURE_RDRAND, NULL),
	X86_MATCH_FEATURE(X86_FEATURE_RDSEED, NULL),
	{}
};
MODULE_DEVICE_TABLE(x86cpu, trr_cpu_ids);
#endif
MODULE_ALIAS("tpm-hwrng-owner");

/*
 * The CPU's RNG is whatever the architecture's helpers read (RDSEED and
 * RDRAND on x86, RNDRRS/RNDR or the SMCCC TRNG on arm64), and a helper
 * returns nothing on a CPU without it: asking them is the feature check
 * on every architecture. A seed instruction that runs dry now is
 * retried; if it never answers, RDRAND's kind alone is used.
 */
static void trr_cpu_probe(struct trr_rng *trr)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < TRR_RDSEED_RETRIES && !trr->cpu_seed; i++)
		trr->cpu_seed = arch_get_random_seed_longs(&v, 1);
	trr->src[TRR_SRC_CPU].present = trr->cpu_seed ||
					arch_get_random_longs(&v, 1);
	memzero_explicit(&v, sizeof(v));
}

/*
 * The TPM core hands us every usable TPM (tpm_hwrng_owner_register()):
 * those registered before the driver, at once, and those that come later,
 * as they come. Only one is used at a time; the first one wins.
 */
static void trr_tpm_add(struct tpm_hwrng_owner *owner, struct tpm_chip *chip)
{
	struct trr_rng *trr = container_of(owner, struct trr_rng, owner);
	struct trr_source *src = &trr->src[TRR_SRC_TPM];
	struct workqueue_struct *wq;

	mutex_lock(&src->lock);
	if (trr->chip) {
		mutex_unlock(&src->lock);
		pr_info("%s: %s not used, %s is\n", src->name,
			dev_name(&chip->dev), dev_name(&trr->chip->dev));
		return;
	}
	get_device(&chip->dev);
	WRITE_ONCE(trr->chip, chip);
	/* A new device: its own startup test, no fault carried over. */
	trr_health_reset(&src->health);
	trr_credit_drop(src);
	src->failed = false;
	src->fail_streak = 0;
	WRITE_ONCE(src->seeded, false);
	WRITE_ONCE(src->present, true);
	mutex_unlock(&src->lock);
	pr_info("%s: using %s\n", src->name, dev_name(&chip->dev));
	/*
	 * Pairs with trr_start_work(): either it sees the TPM present when
	 * it seeds, or we see its workqueue and queue the seed ourselves.
	 */
	smp_mb();
	wq = READ_ONCE(trr->wq);
	if (wq)
		queue_work(wq, &trr->seed_work);
}

/*
 * The TPM is going (or we are): wait for a command in flight, if any, and
 * drop the reference, so that the chip's number is freed with the chip
 * and a TPM bound again is tpm0 again.
 */
static void trr_tpm_remove(struct tpm_hwrng_owner *owner,
			   struct tpm_chip *chip)
{
	struct trr_rng *trr = container_of(owner, struct trr_rng, owner);
	struct trr_source *src = &trr->src[TRR_SRC_TPM];

	/* trr->chip changes only here and in add(), under the TPM core's lock. */
	if (READ_ONCE(trr->chip) != chip)
		return;
	/*
	 * Before waiting for the lock: whoever is queued on it behind the
	 * command in flight then finds the source gone instead of sending
	 * another command, so this waits for one command at most.
	 */
	WRITE_ONCE(src->present, false);
	wake_up(&trr->ring_wait);
	mutex_lock(&src->lock);
	WRITE_ONCE(src->seeded, false);
	WRITE_ONCE(trr->chip, NULL);
	trr_credit_drop(src);
	mutex_unlock(&src->lock);
	trr_ring_drain(trr);
	pr_info("%s: %s gone, source stopped\n", src->name,
		dev_name(&chip->dev));
	put_device(&chip->dev);
}

/*
 * Stop everything trr_init() started, once no source is present any more
 * (the TPMs handed back, the CPU source marked gone), and free it.
 */
static void trr_stop(struct trr_rng *trr)
{
	int i;

	/* No TPM can queue a seed any more: these are the last runs. */
	flush_work(&trr->start_work);
	if (trr->wq)
		flush_work(&trr->seed_work);
	if (trr->feeder)
		kthread_stop(trr->feeder);
	/* Waits until no reader is left in trr_hwrng_read(). */
	if (trr->rng_registered)
		hwrng_unregister(&trr->rng);
	/* Readers queued the last refill_work: drained here. */
	if (trr->wq)
		destroy_workqueue(trr->wq);
	debugfs_remove_recursive(trr->debugfs);
	trr_ring_drain(trr);
	/* No reader, feeder or debugfs user is left: wipe tags and replay. */
	for (i = 0; i < TRR_NR_SRC; i++) {
		memzero_explicit(&trr->src[i].health, sizeof(trr->src[i].health));
		memzero_explicit(&trr->src[i].fast_prev, sizeof(trr->src[i].fast_prev));
		trr_inject_clear(&trr->src[i]);
	}
	kfree_sensitive(trr);
}

/* The driver's one instance: there is one CPU RNG and one TPM in use. */
static struct trr_rng *trr_the;

/*
 * Everything that need not be in the initcall: the credit sources and
 * health keys, the workqueue, the feeder thread, debugfs and /dev/hwrng,
 * then the seed itself. On system_unbound_wq, queued by trr_init().
 */
static void trr_start_work(struct work_struct *work)
{
	struct trr_rng *trr = container_of(work, struct trr_rng, start_work);
	struct workqueue_struct *wq;
	int i;

	for (i = 0; i < TRR_NR_SRC; i++)
		trr_source_start(&trr->src[i]);
	/* Freezable: stopped before the TPM suspends, as the feeder is. */
	wq = alloc_workqueue("tpm-rdrand", WQ_FREEZABLE | WQ_UNBOUND, 1);
	if (!wq) {
		pr_err("no workqueue: no source used\n");
		return;
	}
	/* Before /dev/hwrng: readers queue refill_work on it. */
	WRITE_ONCE(trr->wq, wq);
	/* Pairs with trr_tpm_add(): a TPM handed over now queues its seed. */
	smp_mb();
	trr->feeder = kthread_run(trr_feeder, trr, "tpm-rdrand-feed");
	if (IS_ERR(trr->feeder)) {
		pr_err("feeder thread not started: %ld\n", PTR_ERR(trr->feeder));
		trr->feeder = NULL;
	}
	if (!READ_ONCE(trr->src[TRR_SRC_CPU].present))
		pr_info("rdrand: no RDRAND or RDSEED, source skipped\n");
	if (IS_ENABLED(CONFIG_TCG_TPM) && !READ_ONCE(trr->src[TRR_SRC_TPM].present))
		pr_info("tpm: no TPM yet, used when one comes\n");
	trr_debugfs_init(trr);
	/* /dev/hwrng at once with a source: it serves once it is seeded. */
	if (READ_ONCE(trr->src[TRR_SRC_CPU].present) ||
	    READ_ONCE(trr->src[TRR_SRC_TPM].present))
		trr_register_hwrng(trr);
	queue_work(wq, &trr->seed_work);
}

/*
 * Loaded where the CPU has RDRAND/RDSEED or where a TPM registers (see
 * the device table above), bound to no device: the CPU's RNG and the TPM
 * core's hand-over are what it serves, as via-rng serves the CPU's. The
 * initcall takes the TPMs over and returns; the rest runs on the
 * workqueue, off the boot path.
 */
static int __init trr_init(void)
{
	struct trr_rng *trr;
	int ret;

	/* One policy for the CPU's RNG: the early boot credit's, unless given. */
	if (!READ_ONCE(rdrand_quality_given))
		WRITE_ONCE(rdrand_quality, random_trust_cpu() ? 1024 : 0);
	else if (READ_ONCE(rdrand_quality) && !random_trust_cpu())
		pr_info("rdrand_quality=%u credits the CPU's RNG although random.trust_cpu is off\n",
			READ_ONCE(rdrand_quality));
	else if (!READ_ONCE(rdrand_quality) && random_trust_cpu())
		pr_info("rdrand_quality=0, but random.trust_cpu=on has already credited the CPU's RNG at boot\n");

	trr = kzalloc(sizeof(*trr), GFP_KERNEL);
	if (!trr)
		return -ENOMEM;
	trr_cpu_probe(trr);
	if (!IS_ENABLED(CONFIG_TCG_TPM) && !trr->src[TRR_SRC_CPU].present) {
		pr_info("no TPM support and no CPU RNG: nothing to serve\n");
		kfree(trr);
		return -ENODEV;
	}
	mutex_init(&trr->rng_lock);
	INIT_WORK(&trr->start_work, trr_start_work);
	INIT_WORK(&trr->seed_work, trr_seed_work);
	INIT_WORK(&trr->refill_work, trr_refill_work);
	init_waitqueue_head(&trr->ring_wait);
	spin_lock_init(&trr->ring_lock);
	trr_source_init(trr, TRR_SRC_TPM, "tpm", &tpm_quality, trr_tpm_read);
	trr_source_init(trr, TRR_SRC_CPU, "rdrand", &rdrand_quality,
			trr_cpu_read);
	trr->src[TRR_SRC_CPU].read_fast = trr_cpu_read_fast;
	trr->rng.name = TRR_HWRNG_NAME;
	trr->rng.read = trr_hwrng_read;
	trr->rng.flags = HWRNG_FEEDS_POOL | HWRNG_LARGE_READS;

	/*
	 * Take the TPMs over here, before a built-in TPM driver registers
	 * one: the ones already there come now, in trr_tpm_add(), the
	 * others as they register. Nothing else is done here.
	 */
	trr->owner.add = trr_tpm_add;
	trr->owner.remove = trr_tpm_remove;
	ret = tpm_hwrng_owner_register(&trr->owner);
	if (ret) {
		pr_err("the TPMs' RNG has another owner: %d\n", ret);
		kfree(trr);
		return ret;
	}
	queue_work(system_unbound_wq, &trr->start_work);
	trr_the = trr;
	return 0;
}

static void __exit trr_exit(void)
{
	/* The TPM goes back to the TPM core (and tpm-rng-N) first. */
	tpm_hwrng_owner_unregister(&trr_the->owner);
	/* Seeding stops at the first read of a source no longer there. */
	mutex_lock(&trr_the->src[TRR_SRC_CPU].lock);
	WRITE_ONCE(trr_the->src[TRR_SRC_CPU].present, false);
	mutex_unlock(&trr_the->src[TRR_SRC_CPU].lock);
	trr_stop(trr_the);
}

/*
 * Built in, this runs before the TPM drivers (hw_random/ links before
 * tpm/), so that a TPM is handed to us as it registers and never credited
 * as tpm-rng-N in between.
 */
module_init(trr_init);
module_exit(trr_exit);

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_KUNIT_TEST
#include "tpm-rdrand-rng-test.c"
#endif

MODULE_DESCRIPTION("Input pool seeding from the TPM and RDSEED/RDRAND, low fractional credit");
MODULE_AUTHOR("Hwrng Seed Team <kernel@hwrng-seed.example>");
MODULE_LICENSE("GPL");

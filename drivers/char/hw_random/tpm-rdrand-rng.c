// SPDX-License-Identifier: GPL-2.0
/*
 * tpm-rdrand-rng: the XOR of the CPU's RNG and the TPM's, trusting neither
 *
 * A read takes the CPU's words first (RDRAND on x86, RNDR on arm64), then
 * as many bytes from the default TPM, and returns their XOR: neither source
 * alone decides a byte, and the CPU never runs with the TPM's bytes in
 * reach. Without a TPM that serves, a read returns nothing, so the CPU's
 * RNG alone never reaches /dev/hwrng (random.c mixes it into every reseed
 * anyway). Each source's bytes pass the SP 800-90B health tests, and the
 * CPU's a word test, before use; a source that fails for good is dropped.
 * Reads are held across a suspend, and both sources are tested again
 * after it. The core credits each read at rng->quality, TRR_QUALITY unless
 * changed, and the tests assume at least the min-entropy it claims.
 */

#define pr_fmt(fmt) "tpm-rdrand-rng: " fmt

#include <linux/debugfs.h>
#include <linux/fault-inject.h>
#include <linux/hw_random.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/tpm.h>
#include <kunit/static_stub.h>
#include <asm/archrandom.h>

/*
 * Credit 8 bits per 1024 read, 1/128 bit per bit: the CPU's bytes are not
 * credited, so the credit rests on the TPM's RNG, which no one outside
 * its vendor can audit. A 64-byte read counts 4 bits, and the CRNG needs
 * 89 such reads (5.6 KiB) to become ready, where one read at 1024 would
 * do.
 */
#define TRR_QUALITY		8
#define TRR_BLOCK		64	/* bytes per source and read */
#define TRR_MIN_ENTROPY		4	/* bits per byte the tests assume at least */
#define TRR_RETRY_S		10	/* a source that failed a read waits */
/* Reads per ->read while the startup test runs: 1024 samples in halves. */
#define TRR_STARTUP_READS	(2 * 1024 / TRR_BLOCK)
#define TRR_IDLE_MS		1000	/* a waiting read that found nothing */
#define TRR_SLOW_MS		2000	/* a slower read pauses its source */

struct trr_source {
	const char *name;
	int (*get)(u8 *buf, size_t len);
	struct hwrng_health health;
	unsigned int min_entropy;	/* what the health tests assume */
	unsigned long retry_at;		/* jiffies; 0: no wait */
	bool broken;			/* failed its health tests for good */
	unsigned int bad_words;		/* the CPU's, per module load */
	/* Written by ->read only, read by debugfs: READ_ONCE/WRITE_ONCE. */
	unsigned long reads, bytes, empty, errors, health_failures;
};

struct trr_rng {
	struct hwrng rng;
	struct trr_source cpu, tpm;
	unsigned long pm;		/* TRR_SUSPENDING, TRR_RESUMED */
	struct notifier_block pm_nb;
	struct dentry *debugfs;
};

enum { TRR_SUSPENDING, TRR_RESUMED };	/* bits of trr_rng.pm */

static struct trr_rng *trr_the;

static void trr_count(unsigned long *counter, unsigned long n)
{
	WRITE_ONCE(*counter, *counter + n);
}

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_FAULT_INJECTION
/*
 * The framework decides when, the driver how: the CPU's words all ones or
 * zero (a failing RNG instruction), or no data (an underflow); the TPM's
 * read failing or repeating one byte.
 */
static DECLARE_FAULT_ATTR(trr_cpu_ones);
static DECLARE_FAULT_ATTR(trr_cpu_zero);
static DECLARE_FAULT_ATTR(trr_cpu_empty);
static DECLARE_FAULT_ATTR(trr_tpm_fail);
static DECLARE_FAULT_ATTR(trr_tpm_stuck);

static size_t trr_cpu_fault(unsigned long *words, size_t n)
{
	size_t i;

	if (n && should_fail(&trr_cpu_empty, 1))
		return 0;
	for (i = 0; i < n; i++) {
		if (should_fail(&trr_cpu_ones, 1))
			words[i] = ~0UL;
		else if (should_fail(&trr_cpu_zero, 1))
			words[i] = 0;
	}
	return n;
}

static int trr_tpm_fault(u8 *buf, int n)
{
	if (n > 0 && should_fail(&trr_tpm_fail, n))
		return -EIO;
	if (n > 0 && should_fail(&trr_tpm_stuck, n))
		memset(buf, 0x5a, n);
	return n;
}

static void trr_fault_debugfs(struct dentry *dir)
{
	fault_create_debugfs_attr("cpu-ones", dir, &trr_cpu_ones);
	fault_create_debugfs_attr("cpu-zero", dir, &trr_cpu_zero);
	fault_create_debugfs_attr("cpu-empty", dir, &trr_cpu_empty);
	fault_create_debugfs_attr("tpm-fail", dir, &trr_tpm_fail);
	fault_create_debugfs_attr("tpm-stuck", dir, &trr_tpm_stuck);
}
#else
static size_t trr_cpu_fault(unsigned long *words, size_t n)
{
	return n;
}

static int trr_tpm_fault(u8 *buf, int n)
{
	return n;
}

static void trr_fault_debugfs(struct dentry *dir) { }
#endif

/* The CPU's RNG: all of @len bytes, or 0 if it has none to give now. */
static int trr_cpu_get(u8 *buf, size_t len)
{
	unsigned long words[TRR_BLOCK / sizeof(long)];
	size_t i, got, n = min(len, sizeof(words)) / sizeof(long);

	KUNIT_STATIC_STUB_REDIRECT(trr_cpu_get, buf, len);

	/* x86 gives one long per call. */
	for (i = 0; i < n; i += got) {
		got = arch_get_random_longs(words + i, n - i);
		if (!got)
			break;
	}
	i = trr_cpu_fault(words, i);
	if (i == n)
		memcpy(buf, words, n * sizeof(long));
	memzero_explicit(words, sizeof(words));
	return i == n ? n * sizeof(long) : 0;
}

/*
 * The default TPM's RNG: up to @len bytes, or an error. -ENODEV if there
 * is no TPM, or its driver keeps its RNG from use, as it then does for
 * tpm-rng-N (e.g. the AMD fTPM stutter, or a TPM in firmware upgrade).
 */
static int trr_tpm_get(u8 *buf, size_t len)
{
	struct tpm_chip *chip;
	int rc = -ENODEV;

	KUNIT_STATIC_STUB_REDIRECT(trr_tpm_get, buf, len);

	chip = tpm_default_chip();
	if (!chip)
		return -ENODEV;
	if (tpm_is_rng_usable(chip))
		rc = trr_tpm_fault(buf, tpm_get_random(chip, buf, len));
	put_device(&chip->dev);
	return rc;
}

/*
 * The 64-bit words of @buf that are all zeros or all ones: what an RNG
 * instruction that fails while reporting success gives (RDRAND's all ones
 * on some AMD CPUs after a resume), and uniform output once in 2^63.
 */
static unsigned int trr_bad_words(const u8 *buf, size_t len)
{
	unsigned int bad = 0;
	size_t i;
	u64 w;

	for (i = 0; i + sizeof(w) <= len; i += sizeof(w)) {
		memcpy(&w, buf + i, sizeof(w));
		bad += !w || !~w;
	}
	return bad;
}

/* Health-test @n bytes of @src. Return true if they passed. */
static bool trr_healthy(struct trr_source *src, const u8 *buf, int n)
{
	enum hwrng_health_result res = hwrng_health_test(&src->health, buf, n);
	/* RNG instructions give words; a TPM's stream has no such structure. */
	unsigned int bad = src->get == trr_cpu_get ? trr_bad_words(buf, n) : 0;

	if (res == HWRNG_HEALTH_PASS && !bad)
		return true;
	trr_count(&src->health_failures, 1);
	if (bad)
		pr_warn_ratelimited("%s: %u of %d words all zeros or all ones\n",
				    src->name, bad, n / (int)sizeof(u64));
	src->bad_words += bad;
	if (res == HWRNG_HEALTH_FAIL_PERMANENT || src->bad_words > 1) {
		src->broken = true;
		pr_err("%s: %s test failed for good, source not used\n", src->name,
		       res == HWRNG_HEALTH_FAIL_PERMANENT ? "health" : "word");
	} else {
		pr_warn_ratelimited("%s: health test failed, %d bytes dropped\n",
				    src->name, n);
	}
	return false;
}

static void trr_pause(struct trr_source *src)
{
	src->retry_at = jiffies + TRR_RETRY_S * HZ ?: 1;
}

/* A source that is broken, or waits after a failed read, gives nothing. */
static bool trr_source_paused(struct trr_source *src)
{
	return src->broken || (src->retry_at && time_before(jiffies, src->retry_at));
}

/*
 * Read @len bytes of @src into @buf through its health tests. While the
 * startup test runs, its samples are read and dropped here, a bounded
 * number of reads at a time: none of them is used (SP 800-90B 4.3).
 * Return the byte count, or 0 for none.
 */
static int trr_source_read(struct trr_source *src, u8 *buf, size_t len)
{
	unsigned long start, deadline = jiffies + msecs_to_jiffies(TRR_SLOW_MS);
	bool ready, slow;
	int i, n;

	if (trr_source_paused(src))
		return 0;
	src->retry_at = 0;

	for (i = 0; i < TRR_STARTUP_READS; i++) {
		trr_count(&src->reads, 1);
		start = jiffies;
		n = src->get(buf, len);
		slow = n > 0 && time_after(jiffies, start + msecs_to_jiffies(TRR_SLOW_MS));
		if (slow) {
			trr_pause(src);
			pr_warn_ratelimited("%s: a read took %u ms, paused for %d s\n", src->name,
					    jiffies_to_msecs(jiffies - start), TRR_RETRY_S);
		}
		if (n <= 0) {
			/* -ENODEV: no TPM (yet); 0: the CPU has nothing now. */
			if (n == 0 || n == -ENODEV)
				trr_count(&src->empty, 1);
			if (n < 0 && n != -ENODEV) {
				trr_count(&src->errors, 1);
				trr_pause(src);
				pr_warn_ratelimited("%s: read failed (%d), retried in %d s\n",
						    src->name, n, TRR_RETRY_S);
			}
			/* A TPM that comes back is tested from the start. */
			if (n == -ENODEV)
				hwrng_health_init(&src->health, src->min_entropy);
			return 0;
		}
		ready = hwrng_health_ready(&src->health);
		if (trr_healthy(src, buf, n) && ready) {
			trr_count(&src->bytes, n);
			return n;
		}
		/* Bound the time under reading_mutex: the test goes on next time. */
		if (src->broken || ready || slow || time_after(jiffies, deadline))
			break;
	}
	memzero_explicit(buf, len);
	return 0;
}

/*
 * Both sources' tests start again: after a resume, or when the quality,
 * and with it the min-entropy the tests must assume, changed.
 */
static void trr_restart_tests(struct trr_rng *trr, unsigned int min_entropy)
{
	trr->cpu.min_entropy = min_entropy;
	trr->tpm.min_entropy = min_entropy;
	hwrng_health_init(&trr->cpu.health, min_entropy);
	hwrng_health_init(&trr->tpm.health, min_entropy);
}

/*
 * The tests assume TRR_MIN_ENTROPY bits per byte, or what the credit
 * claims if more: a quality above 512 claims more than 4 bits per byte.
 */
static unsigned int trr_min_entropy(unsigned short quality)
{
	return clamp(DIV_ROUND_UP(quality * 8, 1024), TRR_MIN_ENTROPY, 8);
}

/* Reads are serialised by the hwrng core's reading_mutex. */
static int trr_read(struct hwrng *rng, void *data, size_t max, bool wait)
{
	struct trr_rng *trr = container_of(rng, struct trr_rng, rng);
	size_t len = min_t(size_t, max, TRR_BLOCK) & ~(sizeof(long) - 1);
	unsigned int h = trr_min_entropy(READ_ONCE(rng->quality));
	u8 *out = data, tpm[TRR_BLOCK];
	int i, cpu, n = 0;

	/* TPM commands sleep: a read that may not gets nothing. */
	if (!len || !wait)
		return 0;
	if (trr->tpm.broken)
		return -EIO;
	if (test_bit_acquire(TRR_SUSPENDING, &trr->pm)) {
		hwrng_msleep(rng, TRR_IDLE_MS);
		return 0;
	}
	if (test_and_clear_bit(TRR_RESUMED, &trr->pm)) {
		trr_restart_tests(trr, h);
		trr->cpu.retry_at = 0;
		trr->tpm.retry_at = 0;
		pr_info("resumed: both sources are tested again before use\n");
	} else if (h != trr->tpm.min_entropy) {
		trr_restart_tests(trr, h);
	}

	if (!trr_source_paused(&trr->tpm)) {
		/* The CPU first: it never runs with the TPM's bytes in reach. */
		cpu = trr_source_read(&trr->cpu, data, len);
		n = trr_source_read(&trr->tpm, tpm, len);
		for (i = 0; i < n; i++)
			out[i] = i < cpu ? out[i] ^ tpm[i] : tpm[i];
		memzero_explicit(tpm, sizeof(tpm));
		/* The CPU's bytes past the TPM's, or all if it gave none. */
		memzero_explicit(out + n, len - n);
	}
	/* A suspend began or ended meanwhile: nothing read across it is used. */
	if (READ_ONCE(trr->pm) && n > 0) {
		memzero_explicit(data, len);
		n = 0;
	}
	if (n > 0)
		return n;
	if (trr->tpm.broken)
		return -EIO;
	/* Nothing now: a reader that waits must not spin on us. */
	hwrng_msleep(rng, TRR_IDLE_MS);
	return 0;
}

static int trr_stats_show(struct seq_file *m, void *unused)
{
	struct trr_rng *trr = m->private;
	struct trr_source *srcs[] = { &trr->cpu, &trr->tpm };
	int i;

	seq_puts(m, "source state reads bytes empty errors health_failures\n");
	for (i = 0; i < ARRAY_SIZE(srcs); i++)
		seq_printf(m, "%s %s %lu %lu %lu %lu %lu\n", srcs[i]->name,
			   READ_ONCE(srcs[i]->broken) ? "broken" :
			   hwrng_health_ready(&srcs[i]->health) ? "ok" : "startup",
			   READ_ONCE(srcs[i]->reads), READ_ONCE(srcs[i]->bytes),
			   READ_ONCE(srcs[i]->empty), READ_ONCE(srcs[i]->errors),
			   READ_ONCE(srcs[i]->health_failures));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(trr_stats);

/*
 * A suspend may reset either source (some AMD CPUs lose RDRAND across it,
 * and the kernel's RDRAND check then clears only the resumed CPU's own
 * feature bit), and the fill thread is not frozen: reads get nothing from
 * the start of a suspend, and both sources are tested again after it,
 * before any use.
 */
static int trr_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct trr_rng *trr = container_of(nb, struct trr_rng, pm_nb);

	switch (action) {
	case PM_SUSPEND_PREPARE:
	case PM_HIBERNATION_PREPARE:
	case PM_RESTORE_PREPARE:
		set_bit(TRR_SUSPENDING, &trr->pm);
		break;
	case PM_POST_SUSPEND:
	case PM_POST_HIBERNATION:
	case PM_POST_RESTORE:
		set_bit(TRR_RESUMED, &trr->pm);
		clear_bit_unlock(TRR_SUSPENDING, &trr->pm);
		break;
	}
	return NOTIFY_DONE;
}

static void trr_source_init(struct trr_source *src, const char *name,
			    int (*get)(u8 *buf, size_t len))
{
	src->name = name;
	src->get = get;
}

static int __init trr_init(void)
{
	struct trr_rng *trr;
	u8 buf[TRR_BLOCK];
	int err;

	trr = kzalloc(sizeof(*trr), GFP_KERNEL);
	if (!trr)
		return -ENOMEM;
	trr_source_init(&trr->cpu, "cpu", trr_cpu_get);
	trr_source_init(&trr->tpm, "tpm", trr_tpm_get);
	trr_restart_tests(trr, trr_min_entropy(TRR_QUALITY));

	/* The CPU's startup test costs microseconds: run it now. */
	if (!trr_source_read(&trr->cpu, buf, sizeof(buf)))
		pr_info("no usable CPU RNG: the TPM serves alone\n");
	memzero_explicit(buf, sizeof(buf));

	trr->rng.name = "tpm-rdrand";
	trr->rng.read = trr_read;
	trr->rng.quality = TRR_QUALITY;
	trr->pm_nb.notifier_call = trr_pm_notify;
	err = register_pm_notifier(&trr->pm_nb);
	if (err)
		goto free;
	err = hwrng_register(&trr->rng);
	if (err)
		goto unregister;
	trr_the = trr;
	pr_info("TPM-served reads credited at %u/1024, nothing without a TPM\n",
		READ_ONCE(trr->rng.quality));

	trr->debugfs = debugfs_create_dir("tpm-rdrand-rng", NULL);
	debugfs_create_file("stats", 0400, trr->debugfs, trr, &trr_stats_fops);
	trr_fault_debugfs(trr->debugfs);
	return 0;

unregister:
	unregister_pm_notifier(&trr->pm_nb);
free:
	kfree(trr);
	return err;
}

static void __exit trr_exit(void)
{
	debugfs_remove_recursive(trr_the->debugfs);
	hwrng_unregister(&trr_the->rng);
	unregister_pm_notifier(&trr_the->pm_nb);
	kfree(trr_the);
}

module_init(trr_init);
module_exit(trr_exit);

MODULE_DESCRIPTION("XOR of the CPU's and the TPM's RNG, health-tested, credited at 1/128 bit per bit");
MODULE_AUTHOR("Hwrng Seed Team <kernel@hwrng-seed.example>");
MODULE_LICENSE("GPL");

#ifdef CONFIG_HW_RANDOM_TPM_RDRAND_KUNIT_TEST
#include "tpm-rdrand-rng-test.c"
#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * Init of the m68k guest, which has no shell (Debian builds no m68k
 * busybox outside its ports): the jitter-only boot. It makes the first
 * blocking getrandom(), which starts the kernel's jitter path, and prints
 * KTAP on the virtio console (hvc0) as guest/init does: the time from the
 * read to "crng init done", and on a series kernel (expect=series on the
 * command line) random.c's provenance line: readied by a timing source
 * after READY_BITS bits. Then it powers the machine off.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <time.h>
#include <unistd.h>

/* guest/lib/trr.sh's READY_BITS: 256 bits after the overwrite rule. */
#define READY_BITS 355.0

static FILE *out;
static int n, failed;

static void result(int ok, const char *name, const char *diag)
{
	if (!ok) {
		fprintf(out, "# %s: %s\n", name, diag);
		failed = 1;
	}
	fprintf(out, "%sok %d %s\n", ok ? "" : "not ", ++n, name);
}

static double uptime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Copy the first kernel message that contains @what into @line (the text
 * after the record header) and return its time in seconds, or -1.
 */
static double kmsg_find(const char *what, char *line, size_t size)
{
	char rec[1024];
	double t = -1;
	ssize_t len;
	int fd;

	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	while ((len = read(fd, rec, sizeof(rec) - 1)) > 0) {
		char *text = strchr(rec, ';');
		unsigned long long usec;

		rec[len] = '\0';
		if (!text || !strstr(text, what) ||
		    sscanf(rec, "%*u,%*u,%llu", &usec) != 1)
			continue;
		snprintf(line, size, "%s", text + 1);
		line[strcspn(line, "\n")] = '\0';
		t = usec / 1e6;
		break;
	}
	close(fd);
	return t;
}

/* The bits all sources had credited when the CRNG became ready. */
static double ready_total(const char *line)
{
	const char *p = strstr(line, "credited bits: ");
	char name[32];
	double bits, sum = 0;
	int used;

	if (!p)
		return -1;
	p += strlen("credited bits: ");
	while (sscanf(p, "%31s %lf%n", name, &bits, &used) == 2) {
		sum += bits;
		p += used;
		if (*p == ';')
			break;
	}
	return sum;
}

static void on_alarm(int sig)
{
	(void)sig;
}

int main(void)
{
	char line[1024], diag[1200], scenario[64] = "shell";
	double read_at, ready_at, blocked, total;
	int series = 0;
	unsigned char buf[16];
	FILE *cmdline;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	out = fopen("/dev/hvc0", "w");
	if (!out)
		out = fopen("/dev/console", "w");
	if (!out)
		return 1;
	setvbuf(out, NULL, _IOLBF, 0);
	cmdline = fopen("/proc/cmdline", "r");
	if (cmdline && fgets(line, sizeof(line), cmdline)) {
		char *p = strstr(line, "scenario=");

		if (p)
			sscanf(p, "scenario=%63s", scenario);
		series = !!strstr(line, "expect=series");
	}

	fprintf(out, "KTAP version 1\n");
	/*
	 * A CRNG that never becomes ready fails the read after 120 s (jitter
	 * takes some 15 s here) instead of hanging the boot: the alarm
	 * interrupts getrandom(), no SA_RESTART.
	 */
	sigaction(SIGALRM, &(struct sigaction){ .sa_handler = on_alarm }, NULL);
	alarm(120);
	read_at = uptime();
	result(getrandom(buf, sizeof(buf), 0) == sizeof(buf),
	       "blocking_read_returns", "getrandom() failed or did not return within 120 s");
	alarm(0);
	blocked = uptime() - read_at;
	/* printk's clock ticks in jiffies here (10 ms at HZ=100) */
	ready_at = kmsg_find("random: crng init done", line, sizeof(line));
	snprintf(diag, sizeof(diag), "crng init done at %.2f s, read at %.2f s",
		 ready_at, read_at);
	result(ready_at + 0.01 >= read_at, "crng_ready_after_read", diag);
	fprintf(out, "# first blocking getrandom() at %.2f s returned %.2f s later (crng init done at %.2f s)\n",
		read_at, blocked, ready_at);
	if (series) {
		kmsg_find("random: crng ready at ", line, sizeof(line));
		fprintf(out, "# %s\n", line);
		result(strstr(line, " by jitter;") || strstr(line, " by irq;") ||
		       strstr(line, " by timer;"), "provenance.ready_by_timing", line);
		total = ready_total(line);
		snprintf(diag, sizeof(diag), "%.3f bits credited in all when ready", total);
		result(total >= READY_BITS && total <= READY_BITS + 16,
		       "provenance.ready_after_355_bits", diag);
	}
	fprintf(out, "1..%d\n", n);
	fprintf(out, "GUEST-STATUS %s %d\n", scenario, failed);
	fprintf(out, "GUEST-DONE %s\n", scenario);
	fflush(out);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}

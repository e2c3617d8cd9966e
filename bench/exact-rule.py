#!/usr/bin/env python3
"""Off-line reference for the exact overwrite rule of the series.

    e <- e + (P - e) * (1 - exp(-add / P)),  P = 512 bits

Written for patch 0004a ("random: credit overwrites by the exact rule").
Nothing here is computed by the kernel: exp() comes from mpmath at 60
digits, and the kernel's fixed point is modelled with Python integers so
that its error can be bounded for every input.

    bench/exact-rule.py tables   C tables exp_t2/exp_t1/exp_t0 for random.c
    bench/exact-rule.py kunit    the KUnit reference table (exact gains)
    bench/exact-rule.py check    exhaustive error bound of the fixed point
    bench/exact-rule.py figures  credits to readiness, TPM bytes, the 3/4 rule
    bench/exact-rule.py transitions  KUnit random_credit_transitions table

Units: a credit is in 1/8 bit (ENTROPY_SHIFT = 3), the estimate in 2^-16
bit (ENTROPY_FINE_SHIFT = 16); P = 2^12 credit units = 2^25 fine units.
"""
import math
import sys

from mpmath import mp, mpf, exp, floor, log

mp.dps = 60

ENTROPY_SHIFT = 3
FINE_SHIFT = 16
P_BITS = 512
P_FRAC = P_BITS << ENTROPY_SHIFT            # 4096 = 2^12
P_FINE = P_BITS << FINE_SHIFT               # 2^25
POOL_FINE = 256 << FINE_SHIFT               # cap and readiness
READY_FINE = 256 << FINE_SHIFT
EARLY_FINE = 128 << FINE_SHIFT
Q = 31                                      # exp() tables are Q31
ADD_MAX = (32 << 12) - 1                    # credits are clamped to x < 32
UINT_MAX = 2**32 - 1
INT_MAX = 2**31 - 1


def ceil_q(v):
    """ceil(v * 2^Q) for an mpf v."""
    return int(mp.ceil(v * 2**Q))


T2 = [ceil_q(exp(-mpf(i))) for i in range(32)]              # exp(-i)
T1 = [ceil_q(exp(-mpf(i) / 64)) for i in range(64)]         # exp(-i/64)
T0 = [ceil_q(exp(-mpf(i) / 4096)) for i in range(64)]       # exp(-i/4096)


def kernel_f(add):
    """The kernel's 1 - exp(-add/P) in Q31, rounded down (see random.c)."""
    a = min(add, ADD_MAX)
    e = (T2[a >> 12] * T1[(a >> 6) & 63] + (1 << Q) - 1) >> Q
    e = (e * T0[a & 63] + (1 << Q) - 1) >> Q
    return (1 << Q) - e


def kernel_credit(e, add):
    """credit_entropy_exact(): the uncapped model, in fine units."""
    e = min(e, P_FINE)
    return e + (((P_FINE - e) * kernel_f(add)) >> Q)


def kernel_pool(e, add):
    """credit_entropy_fine(): what the pool keeps, capped to 256 bits."""
    return min(POOL_FINE, kernel_credit(e, add))


def exact_gain(e, add):
    """The exact gain in fine units, as an mpf."""
    return (P_FINE - e) * (1 - exp(-mpf(add) / P_FRAC))


def overwrite_34(e, add):
    """Patch 0004's loop (P = 4096 units of 1/8 bit), for the figures."""
    p = P_FRAC
    while add and e < p - 2:
        an = min(add, p // 2)
        e += ((p - e) * an * 3) >> 14
        add -= an
    return e


def c_table(name, vals, comment):
    out = ["/* %s */" % comment,
           "static const u32 %s[%d] = {" % (name, len(vals))]
    for i in range(0, len(vals), 4):
        out.append("\t" + " ".join("0x%08x," % v for v in vals[i:i + 4]))
    out.append("};")
    return "\n".join(out)


KUNIT_E = [0, 1, 8191, 1 << 20, EARLY_FINE, READY_FINE - 1, READY_FINE,
           P_FINE - 65536, P_FINE - 1]
KUNIT_ADD = [1, 2, 3, 7, 8, 63, 64, 65, 100, 2047, 2048, 4095, 4096, 8192,
             40000, ADD_MAX, ADD_MAX + 1, INT_MAX, UINT_MAX]


def cmd_tables():
    print(c_table("exp_t2", T2, "ceil(2^31 * exp(-i))"))
    print(c_table("exp_t1", T1, "ceil(2^31 * exp(-i / 64))"))
    print(c_table("exp_t0", T0, "ceil(2^31 * exp(-i / 4096))"))


def cmd_kunit():
    for e in KUNIT_E:
        row = []
        for a in KUNIT_ADD:
            row.append("{ %u, %u, %u }," % (e, a, int(floor(exact_gain(e, a)))))
        for i in range(0, len(row), 2):
            print("\t" + " ".join(row[i:i + 2]))


def cmd_check():
    # f: never above the exact value, and the largest shortfall in Q31 ulps.
    worst = mpf(0)
    for a in range(ADD_MAX + 2):
        fe = (1 - exp(-mpf(a) / P_FRAC)) * 2**Q
        fk = kernel_f(a)
        assert fk <= fe, a
        worst = max(worst, fe - fk)
    for a in (INT_MAX, UINT_MAX):
        fe = (1 - exp(-mpf(a) / P_FRAC)) * 2**Q
        assert kernel_f(a) <= fe
        worst = max(worst, fe - kernel_f(a))
    # The gain falls short of the exact one by at most P_FINE * worst / 2^31
    # for the f error, plus the final rounding down (< 1 unit).
    bound = P_FINE * worst / 2**Q
    print("f = 1 - exp(-add/P) in Q31: never above exact; worst shortfall %.3f ulp"
          % float(worst))
    print("gain shortfall < %.4f + 1 fine units (2^-16 bit) for any e, add" % float(bound))
    # Spot-check whole gains, and the linear bound, on a grid.
    worst_rel = 0.0
    for e in list(range(0, P_FINE + 1, P_FINE // 64)) + [P_FINE - 1]:
        for a in list(range(0, 300)) + list(range(300, ADD_MAX + 2, 97)) + [INT_MAX, UINT_MAX]:
            g = kernel_credit(e, a) - e
            ex = exact_gain(e, a)
            assert g <= ex, (e, a)
            assert g <= a << (FINE_SHIFT - ENTROPY_SHIFT), (e, a)
            assert ex - g < bound + 1, (e, a)
            if ex >= 55:
                worst_rel = max(worst_rel, float((ex - g) / ex))
            else:
                assert ex - g < 1.05
    print("grid: gain <= exact, <= linear; exact - gain < 1.05 units below 55"
          " units; worst (exact - gain) / exact above: %.3g" % worst_rel)


def credits_to(target, credit, rule, start=0, limit=100000):
    e, n = start, 0
    while e < target and n < limit:
        e = rule(e, credit)
        n += 1
    return n


def cmd_figures():
    one = 1 << ENTROPY_SHIFT
    ex_ready = -P_BITS * log(1 - mpf(256) / P_BITS)
    ex_early = -P_BITS * log(1 - mpf(128) / P_BITS)
    print("exact (real) credited bits to 256: %.3f, to 128: %.3f"
          % (float(ex_ready), float(ex_early)))
    print("P = 256, readiness at 192: %.3f" % float(-256 * log(1 - mpf(192) / 256)))
    print("kernel rule: one-bit credits to ready %d, to early %d"
          % (credits_to(READY_FINE, one, kernel_pool),
             credits_to(EARLY_FINE, one, kernel_pool)))
    print("kernel rule: 1/8-bit credits to ready %d"
          % credits_to(READY_FINE, 1, kernel_pool, limit=10**6))
    lin_bits = lambda e, a: min(256 << 3, e + a)
    r34 = lambda e, a: min(256 << 3, overwrite_34(e, a))
    print("0004 3/4 rule: one-bit credits to ready %d, to early %d"
          % (credits_to(256 << 3, one, r34), credits_to(128 << 3, one, r34)))
    print("linear: %d" % credits_to(256 << 3, one, lin_bits))
    # Exact rule with each step floored to 1/8 bit (the seed's rounding).
    fl = lambda e, a: min(256 << 3, e + int(floor((P_FRAC - e) * (1 - exp(-mpf(a) / P_FRAC)))))
    print("exact rule floored to 1/8 bit each step: %d" % credits_to(256 << 3, one, fl))
    print("3/4 rule unfloored (real): %.1f"
          % float(-P_BITS * log(1 - mpf(256) / P_BITS) / mpf(0.75)))
    for bits in (256, 512):
        g = kernel_pool(0, bits << ENTROPY_SHIFT)
        print("one credit of %d bits: kernel %.4f bits (uncapped %.4f), exact %.4f,"
              " 3/4 rule %.3f" % (bits, g / 2**16,
                                  kernel_credit(0, bits << 3) / 2**16,
                                  float(P_BITS * (1 - exp(-mpf(bits) / P_BITS))),
                                  overwrite_34(0, bits << 3) / 8))
    # TPM: tpm_quality 8/1024, 64-byte reads each second, credit claimed per
    # 512-byte APT window (32 bits), the first window at probe.
    win = (512 * 8 * 8 // 1024) << ENTROPY_SHIFT
    for name, rule, tgt in (("kernel", kernel_pool, READY_FINE), ("3/4", r34, 256 << 3),
                            ("linear", lin_bits, 256 << 3)):
        n = credits_to(tgt, win, rule)
        print("TPM alone (%s): %d windows = %d bytes = %.2f KiB, %d s after probe"
              % (name, n, n * 512, n * 512 / 1024, (n - 1) * 8))


def cmd_transitions():
    """Rows of random_credit_transitions: from start, n credits of credit
    units; the credit on which CRNG_EARLY and CRNG_READY become due (0:
    never) and the estimate left, all with the kernel's arithmetic."""
    def lands(target, got):
        # The first start from which one one-bit credit lands on got.
        return next(s for s in range(target - 70000, target)
                    if kernel_credit(s, 8) == got)
    rows = [(0, 8, 1000), (0, 1, 8000), (0, 4096, 4), (0, 2048, 4),
            (lands(EARLY_FINE, EARLY_FINE), 8, 1),
            (lands(EARLY_FINE, EARLY_FINE - 1), 8, 1), (EARLY_FINE, 8, 1),
            (lands(READY_FINE, READY_FINE), 8, 1),
            (lands(READY_FINE, READY_FINE - 1), 8, 1),
            (EARLY_FINE - 1, 1, 1), (READY_FINE - 1, 1, 1), (0, INT_MAX, 2)]
    for start, credit, n in rows:
        e, ev = start, {}
        for i in range(1, n + 1):
            o, e = e, kernel_pool(e, credit)
            if o < READY_FINE <= e:
                ev.setdefault("ready", i)
            elif o < EARLY_FINE <= e:
                ev.setdefault("early", i)
        print("\t{ %d, %d, %d, %d, %d, %d }," % (start, credit, n, ev.get("early", 0),
                                              ev.get("ready", 0), e))


if __name__ == "__main__":
    {"tables": cmd_tables, "kunit": cmd_kunit, "check": cmd_check,
     "figures": cmd_figures, "transitions": cmd_transitions}[sys.argv[1] if len(sys.argv) > 1 else "figures"]()

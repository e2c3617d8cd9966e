#!/usr/bin/env python3
"""health-cutoffs.py [print|check]: SP 800-90B's cutoffs for the shared
hwrng health tests, H = 1..8 bits per byte, at alpha = 2^-30
(intermittent) and 2^-80 (permanent), computed with exact binomial
tails:

  RCT (4.4.1): C = 1 + ceil(-log2(alpha) / H)
  APT (4.4.2): C = 1 + CRITBINOM(512, 2^-H, 1 - alpha), the count
               including the window's first sample

print shows them; check (make check) compares them with the tables in
drivers/char/hw_random/health.c and the literals KUnit pins them to in
health_kunit.c, and fails on any difference."""

import math
import re
import sys
from fractions import Fraction
from pathlib import Path

ALPHAS = (30, 80)
WINDOW = 512


def rct(h, a):
    return 1 + math.ceil(a / h)


def apt(h, a):
    p, cdf = Fraction(1, 2**h), Fraction(0)
    for k in range(WINDOW + 1):
        cdf += math.comb(WINDOW, k) * p**k * (1 - p) ** (WINDOW - k)
        if cdf >= 1 - Fraction(1, 2**a):
            return 1 + k
    raise ValueError("no cutoff")


def table():
    return {h: (rct(h, 30), rct(h, 80), apt(h, 30), apt(h, 80)) for h in range(1, 9)}


def numbers(text):
    return [int(x) for x in re.findall(r"\d+", text)]


def check(top):
    want = table()
    bad = []
    src = (top / "drivers/char/hw_random/health.c").read_text()
    for name, col in (("hwrng_apt_cutoff", 2), ("hwrng_apt_cutoff_permanent", 3)):
        m = re.search(name + r"\[[^]]*\] = \{([^}]*)\}", src)
        got = numbers(m.group(1)) if m else []
        if got != [want[h][col] for h in range(1, 9)]:
            bad.append(f"health.c {name}: {got}")
    kunit = (top / "drivers/char/hw_random/health_kunit.c").read_text()
    m = re.search(r"health_cutoffs_cases\[\] = \{(.*?)\n\};", kunit, re.S)
    rows = re.findall(r"\{([^{}]*)\}", m.group(1)) if m else []
    got = {r[0]: tuple(r[1:]) for r in map(numbers, rows)}
    if got != want:
        bad.append(f"health_kunit.c health_cutoffs_cases: {got}")
    for b in bad:
        print(f"check: {b} differ from SP 800-90B's formula: {want}")
    if not bad:
        print("check: health test cutoffs match SP 800-90B's formula (H = 1..8, 2^-30, 2^-80)")
    return 1 if bad else 0


def main():
    top = Path(__file__).resolve().parent.parent
    if len(sys.argv) > 1 and sys.argv[1] == "check":
        sys.exit(check(top))
    print("H  RCT 2^-30  RCT 2^-80  APT 2^-30  APT 2^-80")
    for h, row in table().items():
        print(f"{h}  " + "  ".join(f"{c:9d}" for c in row))


if __name__ == "__main__":
    main()

// SPDX-License-Identifier: GPL-2.0
/* Print 1 if the CPU itself says it has RDRAND (CPUID.1:ECX[30]), else 0. */
#include <cpuid.h>
#include <stdio.h>

int main(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return 1;
	printf("%u\n", (c >> 30) & 1);
	return 0;
}

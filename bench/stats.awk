# Read "key value" lines; print "key median min max n" per key, keys in
# first-seen order.
{
	if (!($1 in n)) order[++keys] = $1
	v[$1, ++n[$1]] = $2 + 0
}
END {
	for (k = 1; k <= keys; k++) {
		key = order[k]
		m = n[key]
		for (i = 1; i <= m; i++) a[i] = v[key, i]
		for (i = 2; i <= m; i++) {
			x = a[i]
			for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
			a[j + 1] = x
		}
		med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
		printf "%s %.4f %.4f %.4f %d\n", key, med, a[1], a[m], m
	}
}

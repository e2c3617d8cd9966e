# Parse KTAP (guest results or the kernel console with KUnit output) and
# print one line per leaf test: "PASS|FAIL|SKIP <suite.path.name>". A parent
# that fails with no failing child is reported as a failure itself; a group
# whose plan disagrees with the results it printed (fewer: truncated, more:
# extra) fails, and so does a top-level block that never printed a plan
# (a script that died before its end) or that tested nothing (plan 1..0,
# or every result a skip). "# SKIP" makes only an "ok" a skip: a "not ok"
# fails whatever its directive ("# TODO" included). Console timestamps
# ("[    1.234567] ") are stripped first.
function flush_plan(level,    bad) {
	bad = 0
	if (has_plan[level] && seen[level] != plan[level]) {
		print "FAIL " path(level) "ktap.plan (plan 1.." plan[level] ", " \
			seen[level] " results)"
		bad = 1
	} else if (level == 0 && block_open && !has_plan[0]) {
		print "FAIL " path(0) "ktap.plan (no plan after " seen[0] " results)"
		bad = 1
	}
	if (level == 0 && block_open && !tested) {
		print "FAIL " path(0) "ktap.tested (" (seen[0] ? "every result a skip" \
			: "no results") ": nothing was tested)"
		bad = 1
	}
	has_plan[level] = 0
	plan[level] = 0
	seen[level] = 0
	return bad
}
function path(level,    p, i) {
	p = ""
	for (i = 1; i <= level; i++)
		if (suite[i] != "")
			p = p suite[i] "."
	return p
}
{
	line = $0
	sub(/\r$/, "", line)
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", line)
	match(line, /^ */)
	level = int(RLENGTH / 4)
	body = substr(line, RLENGTH + 1)
	if (body ~ /^KTAP version/) {
		active = 1
		for (l = level + 1; l < 16; l++) {
			suite[l] = ""; child_fail[l] = 0; had_child[l] = 0
		}
		if (level > 0) {
			had_child[level - 1] = 1
			flush_plan(level)
		} else {
			flush_plan(0)
			block_open = 1
			tested = 0
		}
		next
	}
	if (!active)
		next
	if (body ~ /^# Subtest: /) {
		suite[level] = substr(body, 12)
		next
	}
	if (body ~ /^1\.\.[0-9]+/) {
		plan[level] = substr(body, 4) + 0
		has_plan[level] = 1
		next
	}
	if (body ~ /^(not )?ok [0-9]+/) {
		ok = (body ~ /^ok /)
		name = body
		sub(/^(not )?ok [0-9]+ ?(- )?/, "", name)
		marked = (name ~ /# *SKIP/)
		skip = ok && marked
		sub(/ *#.*$/, "", name)
		# A group that passed counts through its children.
		if (!skip && (!had_child[level] || !ok))
			tested++
		seen[level]++
		if (had_child[level]) {
			if (flush_plan(level + 1))
				child_fail[level] = 1
			if (!ok && !child_fail[level])
				print "FAIL " path(level) name " (group failed)"
			if (!ok && level > 0)
				child_fail[level - 1] = 1
			had_child[level] = 0
			child_fail[level] = 0
			suite[level + 1] = ""
		} else {
			if (skip)
				print "SKIP " path(level) name
			else if (ok)
				print "PASS " path(level) name
			else
				print "FAIL " path(level) name \
					(marked ? " (not ok, though marked SKIP)" : "")
			if (!ok && level > 0)
				child_fail[level - 1] = 1
		}
		if (level > 0)
			had_child[level - 1] = 1
		next
	}
}
END {
	for (l = 15; l >= 0; l--)
		flush_plan(l)
}

# shellcheck shell=bash
# KTAP for host hooks (sourced): result STATUS NAME [DIAG] adds a line,
# report writes them with the plan to $ktap.
n=0
out=()
result() {
	n=$((n + 1))
	[ -n "${3:-}" ] && out+=("# $2: $3")
	if [ "$1" -eq 0 ]; then out+=("ok $n $2"); else out+=("not ok $n $2"); fi
}
# shellcheck disable=SC2154 # $ktap is set by the sourcing hook
report() {
	{
		echo "KTAP version 1"
		printf '%s\n' "${out[@]}"
		echo "1..$n"
	} >"$ktap"
}

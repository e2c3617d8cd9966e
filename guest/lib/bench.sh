# shellcheck shell=sh
# Helpers for the bench-* guest scripts (sourced after /lib/ktap.sh).

# bench_reps: the repetitions asked for with bench_reps= (default 5).
bench_reps() {
	_reps=5
	read -r _cmdline </proc/cmdline
	for _arg in $_cmdline; do
		case "$_arg" in bench_reps=*) _reps=${_arg#bench_reps=} ;; esac
	done
	echo "$_reps"
}

# bench_rate COMMAND...: the rate_Bps read-rate printed, 0 if none.
bench_rate() {
	_r=$("$@" | sed -n 's/.*rate_Bps=\([0-9]*\).*/\1/p')
	echo "${_r:-0}"
}

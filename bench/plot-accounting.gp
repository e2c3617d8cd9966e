# gnuplot -e "data='...tsv'; out='...png'" bench/plot-accounting.gp
# Columns (tab separated, one header line): credited bits (one-bit credits),
# 6.12 linear estimate, exact exp() rule (computed here), then the model and
# the capped estimate as computed by the kernel (KUnit random_bench) for
# 0004's 3/4 rule (series34) and for the series' exact rule (0004a).
set terminal pngcairo size 900,560 font ",11"
set output out
set title "Entropy estimate against credited input (one-bit credits)"
set xlabel "bits credited"
set ylabel "estimate (bits)"
set key left top
set grid
set datafile separator "\t"
set arrow from graph 0, first 256 to graph 1, first 256 nohead dt 2 lc rgb "gray40"
set label "POOL\\_READY\\_BITS = 256" at graph 0.62, first 266 tc rgb "gray40"
set xrange [0:1100]
set yrange [0:520]
plot data skip 1 using 1:2 with lines lw 2 title "6.12 linear (capped at 256)", \
     data skip 1 using 1:3 with lines lw 2 title "exact rule: P(1-exp(-n/P)), P = 512 (real)", \
     data skip 1 using 1:4 with lines lw 2 title "0004: 3/4 piecewise, 1/8-bit floor (kernel)", \
     data skip 1 using 1:6 with lines lw 2 dt 2 title "0004a: exact rule, 2^-16-bit floor (kernel)", \
     data skip 1 using 1:7 with lines lw 2 dt 3 title "0004a estimate kept (capped at 256; credit stops at ready)"

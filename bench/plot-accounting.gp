# gnuplot -e "data='...tsv'; out='...png'" bench/plot-accounting.gp
# Columns (tab separated, one header line): credited bits (one-bit credits),
# 6.12 linear estimate, exact exp() rule, the series' piecewise model and
# the capped estimate, both as computed by the kernel (KUnit random_bench).
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
     data skip 1 using 1:3 with lines lw 2 title "exact rule: P(1-exp(-n/P)), P = 512", \
     data skip 1 using 1:4 with lines lw 2 title "series model: 3/4 piecewise, P = 512 (kernel)", \
     data skip 1 using 1:5 with lines lw 2 dt 3 title "series estimate kept (capped at 256; credit stops at ready)"

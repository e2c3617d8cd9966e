# gnuplot -e "data='...tsv'; out='...png'" bench/plot-accounting.gp
# Columns: credited input bits (one-bit credits), 6.12 linear estimate,
# exact exp() rule, the series' piecewise rule (as computed by the kernel).
set terminal pngcairo size 900,560 font ",11"
set output out
set title "Entropy estimate against credited input (one-bit credits)"
set xlabel "bits credited"
set ylabel "estimate (bits)"
set key left top
set grid
set yrange [0:300]
set arrow from graph 0, first 256 to graph 1, first 256 nohead dt 2 lc rgb "gray40"
set label "POOL\\_READY\\_BITS = 256" at graph 0.62, first 266 tc rgb "gray40"
plot data using 1:2 with lines lw 2 title "6.12 linear (capped at 256)", \
     data using 1:3 with lines lw 2 title "exact: P(1-exp(-n/P)), P = 512", \
     data using 1:4 with lines lw 2 title "series: 3/4 piecewise, P = 512"

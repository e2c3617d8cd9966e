# gnuplot -e "data='...tsv'; out='...png'" bench/plot-throughput.gp
# Columns: label, median KiB/s, min, max.
set terminal pngcairo size 1000,620 font ",11"
set output out
set title "Throughput (median of runs, min/max as error bars)"
set ylabel "KiB/s (log scale)"
set logscale y
set style fill solid 0.6
set boxwidth 0.6
set xtics rotate by -35 noenhanced font ",9"
set bmargin 11
set rmargin 12
set grid y
unset key
plot data using 0:2:xtic(1) with boxes, \
     data using 0:2:3:4 with yerrorbars lc rgb "black" pt 0

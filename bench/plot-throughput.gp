# gnuplot -e "data='...tsv'; out='...png'" bench/plot-throughput.gp
# Columns: x, label, median KiB/s, min, max, kind (0: the driver's
# /dev/hwrng, 1: a raw source read in the same boot).
set terminal pngcairo size 1400,800 font ",12"
set output out
set title "/dev/hwrng beside the raw sources of the same boot (median, min–max bars)"
set ylabel "KiB/s (log scale)"
set logscale y
set yrange [10:*]
set style fill solid 0.75 border -1
set boxwidth 0.8
set xtics rotate by 30 right noenhanced font ",11" nomirror
set bmargin 13
set offsets 0.6, 0.6, 0, 0
set lmargin 34
set rmargin 6
set grid y
set key outside top center horizontal
plot data using 1:($6 == 0 ? $3 : 1/0) with boxes lc rgb "#d95f02" title "/dev/hwrng", \
     data using 1:($6 == 1 ? $3 : 1/0) with boxes lc rgb "#1b9e77" title "raw source, same boot", \
     data using 1:3:4:5:xtic(2) with yerrorbars lc rgb "black" pt 0 notitle

## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · Positional encoding
pe-intro = Sine and cosine are interleaved: even dimensions hold sines, odd dimensions the cosine of the same frequency. Low dimensions turn fast, high ones slowly; with base 10000 no position up to thousands repeats. Base 100 (the tutorial's worked example) makes every dimension turn faster.
pe-length = length
pe-base = base
pe-base-paper = 10000 (paper)
pe-base-worked = 100 (worked example)
pe-problem-d-model = d_model must be an even whole number from 2 to { $max }; got { $got }. The picture keeps the last valid value.
pe-problem-length = The length must be a whole number from 2 to { $max }; got { $got }. The picture keeps the last valid value.
pe-table-heading = PE table: rows = positions (0 at the top), columns = dimensions (0 at the left)
pe-table-label = Positional encoding table, position by dimension
pe-value = PE value
pe-hover-hint = Hover over a cell to read its position, dimension, value and formula.
pe-hover = pos = { $pos }, dim = { $dim } (i = { $i }, { $fn }): PE = { $formula }
pe-lines-heading = Chosen dimensions across positions
pe-dims = dimensions
pe-lines-label = Line plot of the chosen PE dimensions against position
pe-position = position
pe-series = dim { $dim } ({ $fn })
pe-sim-heading = PE · PE similarity (rows = position p, columns = position q)
pe-sim-label = Dot products between positional encodings
pe-sim-legend = PE(p)·PE(q)
pe-sim-hover = PE({ $p }) · PE({ $q }) = { $value }   (distance |p − q| = { $distance })
pe-sim-hint = The band structure shows the dot product depends on the distance p − q, not on p itself.

## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · Positional encoding
pe-intro = Sine and cosine are interleaved: even dimensions hold sines, odd dimensions the cosine of the same frequency. Low dimensions turn fast, high ones slowly; with base { $base } no position up to thousands repeats. Base { $worked_base } (the tutorial's worked example) makes every dimension turn faster.
pe-length = length
pe-base = base
pe-base-paper = { $base } (paper)
pe-base-worked = { $worked_base } (worked example)
pe-problem-d-model = d_model must be an even whole number from 2 to { $max }; got { $got }. The picture keeps the last valid value.
pe-problem-length = The length must be a whole number from 2 to { $max }; got { $got }. The picture keeps the last valid value.
pe-table-heading = PE table: rows = positions (0 at the top), columns = dimensions (0 at the left)
pe-table-label = Positional encoding table, position by dimension
pe-value = PE value
pe-hover-hint = Point at or tap a cell to read its position, dimension, value and formula.
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

# How a token enters layer 1 (views/layer_input.rs).
pe-input-heading = From a word to the input of { -encoder } layer 1: × √d_model, + PE
pe-input-waiting = The model's numbers appear here once it is loaded.
pe-input-intro = The model looks up each source { -token }'s row of the { -embedding } matrix, multiplies it by √d_model = { $sqrt_d } (d_model = { $d }, §3.4) and adds the positional encoding of its position (§3.5). The sum is what the first { -encoder } layer reads. These are the model's own numbers for the sentence the attention maps show.
pe-input-token = { -token }
pe-input-row-head = at position { $pos } · dimension
pe-input-rms = RMS over all { $d }
pe-input-embedding = { -embedding } row e
pe-input-scaled = e × √d_model
pe-input-pe = + PE(pos)
pe-input-sum = = input of { -encoder } layer 1
pe-input-why = Why × √d_model? The paper does not say: §3.4 only writes “In the embedding layers, we multiply those weights by √d_model”, and none of the tutorials mentions the factor. One reading, the lab's own: without it a { -token }'s vector would be small beside PE, whose entries lie in [−1, 1], and the word could be drowned by its position. Here the { -embedding } row has RMS { $rms_e }, × √d_model { $rms_scaled }, and PE { $rms_pe }.
pe-input-pe-off = { -positional-encoding } is off in this run: PE is 0, and the layer reads the scaled { -embedding } alone.
pe-input-decoder-heading = The { -decoder }'s inputs, the same way: × √d_model, + PE
pe-input-decoder-intro = The { -decoder } reads the target shifted right: <bos>, then the target's { -token }s y1 … ym, without the closing <eos> (Figure 1's “Outputs (shifted right)”). The model looks up each { -token }'s row of the { -decoder }'s own { -embedding } matrix (the Output { -embedding }), multiplies it by √d_model = { $sqrt_d } (d_model = { $d }, §3.4) and adds the positional encoding of its position (§3.5). The paper shares one matrix between the two { -embedding } layers (§3.4); the lab always keeps two, one per side (its translation tasks have a { -vocabulary } per language), so the { -decoder }'s is not the { -encoder }'s. The sum is what the first { -decoder } layer reads. These are the model's own numbers for the sentence the attention maps show.
pe-input-decoder-sum = = input of { -decoder } layer 1

## complexity: view 10, Table 1 of the paper (app/complexity_view.rs).

complexity-title = 10 · Why { -self-attention }: cost per { -layer } (Table 1)
complexity-intro = For n { -token }s of width d: { -self-attention } compares every pair of positions (n²·d); a recurrent { -layer } multiplies each of n states by a d × d matrix, one after another (n·d², and n sequential steps). Self-attention is the cheaper of the two while n < d, and any two positions are one step apart.
complexity-slider-n = n (sequence length)
complexity-slider-d = d (d_model)
complexity-fixed = fixed: kernel k = { $k }, neighbourhood r = { $r }
complexity-model = This model's n and d
complexity-hint = Counts are the table's leading terms, without the constants O(·) hides. Path lengths are whole layers: ⌈log_k n⌉ for dilated convolutions, ⌈n/r⌉ for { -restricted }, which only saves work while r < n.
complexity-chart-label = Log–log chart of multiply-adds per { -layer } against sequence length n for the four { -layer } types, with the crossover n = d marked
complexity-axis-n = sequence length n ({ -token }s)
complexity-axis-ops = multiply-adds per { -layer }
complexity-mark-crossover = n = d = { $d }: { -self-attention } = recurrent
complexity-mark-chosen = chosen n = { $n }
complexity-mark-model = this model: n = { $n } (probe), d = { $d }
complexity-mark-model-other-d = this model's probe: n = { $n } (its d_model = { $d })
complexity-at = at n = { $n }, d = { $d }, k = { $k }, r = { $r }
complexity-th-layer = { -layer } type
complexity-th-per-layer = { -complexity }
complexity-th-sequential = { -sequential-ops }
complexity-th-path = { -max-path }
complexity-th-ops-value = multiply-adds per { -layer }
complexity-th-sequential-value = sequential ops
complexity-th-path-value = path length ({ -layer }s)
complexity-layer-self-attention = Self-attention
complexity-layer-recurrent = Recurrent
complexity-layer-convolutional = Convolutional
complexity-layer-restricted = Restricted self-attention

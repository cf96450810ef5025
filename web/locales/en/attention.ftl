## attention: view 2, every layer × head of the three attention kinds.

attention-title = 2 · Attention, every layer × head
attention-intro = Teacher-forced attention of the current model on the probe sentence; it updates live while training runs. Each row is one query's softmax over the keys, so every row sums to 1.
attention-probe = Probe sentence:
attention-kind = kind
attention-average = head average per layer
attention-axes-encoder-self = Rows = queries: source tokens. Columns = keys: source tokens.
attention-axes-decoder-self = Rows = queries: decoder positions, labelled input → the token it predicts (<bos> → y1 …). Columns = keys: the decoder inputs; grey = hidden by the causal mask (key after query).
attention-axes-cross = Rows = queries: decoder positions, labelled input → the token it predicts (<bos> → y1 …). Columns = keys: source tokens (the encoder's output).
attention-weight = softmax weight
attention-hover-hint = Point at or tap a cell to read its query, key and weight; click a map, or tap the same cell again, to enlarge it.
attention-hover = { $map }: query “{ $query }” → key “{ $key }”: weight { $weight }
attention-hover-hidden = { $map }: query “{ $query }” → key “{ $key }”: weight { $weight } (hidden by the mask)
attention-map-head = layer { $layer } · head { $head }
attention-map-average = layer { $layer } · average of all heads
attention-map-label = { $kind }, { $map }
attention-close = ✕ close
attention-waiting = Waiting for the model's first attention maps…

## mask: view 4, the masks of lab_math::masks and what one hides in a real head.

mask-title = 4 · Masks
mask-convention-label = Convention:
mask-convention = true = hidden (grey, hatched; visible cells are coloured): the score becomes −∞ before softmax, so the weight is exactly 0. Rows are queries, columns are keys; in the { -padding-mask }, rows are the sentences of a { -batch } (each row serves every query that attends to that sentence) and columns are key positions.
mask-visible = visible (score kept)
mask-hidden = hidden (mask = true, score → −∞)
mask-causal-caption = Causal (subsequent) mask: query t sees keys 0…t
mask-causal-label = Causal mask
mask-padding-caption = Padding mask for a batch of source sentences (rows = sentences, columns = key positions)
mask-padding-label = Padding mask
mask-combined-heading = Combined decoder mask = causal OR padding, one per sentence of the batch
mask-combined-label = Combined mask
mask-demo-heading = What the mask does to real scores: first decoder layer, self-attention
mask-head = head
mask-head-option = head { $head }
mask-scale-hint = Raw and masked scores share one colour scale (cividis, range shown below); weights use 0–1.
mask-demo-raw = raw scores QKᵀ/√d_k
mask-demo-masked = masked scores (light grey = −∞)
mask-demo-weights = softmax weights (hidden = exactly 0)
mask-range = colour range { $low } … { $high }

## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · Inside one head
head-intro = One { -head } of one { -layer }, opened up on the probe sentence (or the sentence you typed in Translate). Every number is the model's own; hover over a number to see how it was computed.
head-pick-kind = kind
head-pick-layer = layer
head-pick-head = head
head-pick-query = query
head-use-typed = use the sentence typed in Translate
head-waiting = Waiting for the model…

# The stages, in the order the head computes them (teach/head.rs, Stage::ORDER).
head-stage-query = The query's input and its projection
head-stage-keys-values = The keys and values of every position
head-stage-dots = q · k (dot product)
head-stage-scale = ÷ √d_k (scaling)
head-stage-mask = mask
head-stage-softmax = softmax: the attention weights
head-stage-output = The head's output: the weighted sum of the value rows
head-stage-concat = All heads together: Concat(head₁ … headₕ) · W^O + b^O
head-stage-what-if = What if: hard and soft attention (β)

head-query-is = Query:
head-query-explain = x is the sub-layer input at this position ({ $d_model } numbers); q = x · W^Q keeps this head's { $d_k } columns.
head-x-name = x (input)
head-keys-values-explain = Every key position is projected the same way: K = x · W^K and V = x · W^V, { $d_k } numbers per row. The small number after a token is its position, counted from 0 as in the { -mask } and { -positional-encoding } views: the row marked 3 is k₃ in the formulas.
head-k-caption = K = x · W^K (rows = keys)
head-v-caption = V = x · W^V (rows = keys)
head-scores-heading = From scores to weights (columns = keys)
head-name = head { $head }
head-output-row = head { $head } = weights · V
head-concat-explain = The { $heads } heads' outputs ({ $d_k } numbers each) side by side make { $d_model } numbers; W^O mixes them back into one vector of d_model numbers.
head-concat-name = concat of the heads
head-output-name = output = concat · W^O + b^O
head-strip-label = { $what }: { $count } numbers from { $low } to { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q)[{ $dim }], in this head's columns = { $value }
head-cell-dot = q · { $key } = { $first } + … ({ $terms } terms) = { $value }
head-cell-hidden = { $key } is hidden by the mask: −∞, so its weight is exactly 0
head-cell-visible = { $key } is visible: { $score } stays

head-beta = β (inverse temperature)
head-entropy = entropy of this query's row:
head-bits = bits
head-entropy-bits = { $value } bits
head-beta-hint = What-if only: softmax(β · s) with the model's scores s. β = 1 is the model; β = 0 spreads the weight evenly over the visible keys; at the right end β = ∞, all weight goes to the best key (hard attention, argmax). The model itself never changes.
head-model-weights = softmax(s): the model (β = 1)
head-what-if-weights = softmax(β · s), β = { $beta }
head-what-if-output = what-if output at β = { $beta }
head-what-if-name = what-if
head-entropies = Entropy of every query's row at this β

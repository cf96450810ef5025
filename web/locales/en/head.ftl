## head: view 3, one query of one head opened up, stage by stage, and the β what-if.

head-title = 3 · Inside one head
head-intro = One { -head } of one { -layer }, opened up on the probe sentence (or the sentence you typed in Translate). Every number is the model's own; point at or tap a number to see how it was computed.
head-formula-tapped = How this number was computed:
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
head-query-explain = x is the sub-layer input at this position ({ $d_model } numbers); q = x · W^Q + b^Q keeps this head's { $d_k } columns. Every projection in the model adds a bias b, as the formulas here show; the paper's equations leave the biases out.
head-x-name = x (input)
head-keys-values-explain = { $source ->
        [memory] In { -cross-attention } the keys and values do not come from the { -decoder }: K = m · W^K + b^K and V = m · W^V + b^V, where m is the { -encoder }'s output (the memory) at each source { -token }, { $d_k } numbers per row. Only the query comes from the { -decoder }.
       *[input] Every key position is projected the same way: K = x · W^K + b^K and V = x · W^V + b^V, { $d_k } numbers per row.
    } The small number after a token is its position, counted from 0 as in the { -mask } and { -positional-encoding } views: the row marked 3 is k₃ in the formulas.
head-k-caption = { $source ->
        [memory] K = m · W^K + b^K (rows = source { -token }s)
       *[input] K = x · W^K + b^K (rows = keys)
    }
head-v-caption = { $source ->
        [memory] V = m · W^V + b^V (rows = source { -token }s)
       *[input] V = x · W^V + b^V (rows = keys)
    }
head-scores-heading = From scores to weights (columns = keys)
head-name = head { $head }
head-output-row = head { $head } = weights · V
head-concat-explain = The { $heads } heads' outputs ({ $d_k } numbers each) side by side make { $d_model } numbers; W^O mixes them back into one vector of d_model numbers.
head-concat-name = concat of the heads
head-output-name = output = concat · W^O + b^O
head-strip-label = { $what }: { $count } numbers from { $low } to { $high }

# Hover formulas of the cells. $key is a key's name by position, such as k₃.
head-cell-q = q[{ $dim }] = (x · W^Q + b^Q)[{ $dim }], in this head's columns = { $value }
head-cell-dot = q · { $key } = { $first } + … ({ $terms } terms) = { $value }
head-cell-hidden = { $key } is hidden by the mask: −∞, so its weight is exactly 0
head-cell-visible = { $key } is visible: { $score } stays

head-beta = β (inverse temperature)
head-entropy = entropy of this query's row:
head-bits = bits
head-entropy-bits = { $value } bits
head-beta-hint = What-if only: softmax(β · s) with the model's scaled scores s = q · k / √d_k. β = 1 is the model. β = 0 spreads the weight evenly over the visible keys; at the right end β = ∞, all weight goes to the best key (hard attention, argmax). The model itself never changes. Tutorial 004 writes softmax_β(Kᵀq) on the unscaled dot products and sets β = 1/√d: its β is this β ÷ √d_k. So the model's β = 1 is 004's β = 1/√d_k, and β = √d_k = { $sqrt_dk } here (d_k = { $d_k }) is the softmax of the unscaled q · k.
head-model-weights = softmax(s): the model (β = 1)
head-what-if-weights = softmax(β · s), β = { $beta }
head-what-if-output = what-if output at β = { $beta }
head-what-if-name = what-if
head-entropies = Entropy of every query's row at this β

# Why ÷ √d_k (the scaling-view section, shown with stage ④).
head-scaling-title = Why ÷ √d_k?
head-scaling-intro = If the numbers of q and k were independent, with mean 0 and variance 1, q · k would be a sum of d_k such products, with variance d_k (the paper's footnote 4): the wider the head, the larger the scores. Large scores, the paper suspects (§3.2.1), push the softmax into regions where its gradients are extremely small; there nearly all the weight goes to one key. Dividing by √d_k brings the variance back to 1 for every width. The rows below use random q and k ({ $queries } queries against { $keys } keys each, with a fixed seed); the last row is this head's own.
head-scaling-col-entropy = entropy of softmax(q · k), bits
head-scaling-col-entropy-scaled = entropy of softmax(q · k / √d_k), bits
head-scaling-col-top = largest weight, softmax(q · k)
head-scaling-col-top-scaled = largest weight, softmax(q · k / √d_k)
head-scaling-sampled = random, d_k = { $d_k }
head-scaling-own = this { -head } (d_k = { $d_k }): every visible key of every query
head-scaling-own-note = A trained model's q and k do not have variance 1, so its Var(q · k) need not equal d_k; the division does the same to it: the variance shrinks d_k-fold and the weights soften.

# When the chosen query puts all its weight on one key.
head-one-hot = This query puts all its weight on one key (entropy { $bits } bits), because its raw scores lie far apart: a model trained on a toy task is that sure of itself. So the softmax and β change nothing visible here.
head-spread = Show this head's most spread-out query ({ $bits } bits)
head-all-sure = Every query of this head is that sure: try another head, layer or kind, or a model early in its training.

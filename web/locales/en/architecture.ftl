## architecture: the paper's Figure 1, drawn from the run's model (views/architecture).

arch-title = The { -transformer } of this run (the paper's Figure 1)
arch-hint = Each box is this model's, with the shape of what it hands on for the probe sentence. Press one to open the view that shows it.
arch-layer = { -layer } shown
arch-waiting = The figure is drawn when the model is loaded.
arch-encoder = { -encoder }
arch-decoder = { -decoder }
# The paper's "N×": the layer drawn stands for this many of its kind.
arch-times = { $n }×
arch-inputs = Inputs
arch-outputs = Outputs (shifted right)
arch-input-embedding = Input { -embedding } × √{ $d_model }
arch-output-embedding = Output { -embedding } × √{ $d_model }
arch-pe = ⊕ { -positional-encoding }
arch-pe-off = { -positional-encoding }: off (zeros are added)
arch-enc-self-attention = { -self-attention }, { -multi-head } (h = { $heads }, d_k = { $d_k })
arch-dec-self-attention = Masked { -self-attention } (h = { $heads }, d_k = { $d_k })
arch-cross-attention = { -cross-attention }: Q from the { -decoder }, K and V from the { -encoder }'s output (h = { $heads }, d_k = { $d_k })
arch-memory = Output of the { -encoder } → K, V
arch-memory-title = Every { -decoder } { -layer }'s { -cross-attention } reads it: K and V come from here, Q from the { -decoder }.
arch-feed-forward = { -ffn } (d_ff = { $d_ff })
arch-add-norm = Add & Norm
arch-norm = { -layer-norm } (before the sub-layer)
arch-add = Add ({ -residual })
arch-final-norm = Final { -layer-norm } of the stack
arch-linear = Linear
arch-linear-tied = Linear: the target { -embedding }'s matrix, shared (§3.4)
arch-softmax = { -softmax }: output probabilities
arch-inside = inside: { $shape }
arch-open = (opens { $view })
arch-minimap = Where this view is in the model, the boxes lit in the paper's Figure 1 as this run has it: { $boxes }. Press to go to the figure.
arch-minimap-views = Where this section's views are in the model, the boxes lit in the paper's Figure 1 as this run has it: { $boxes }. Press to go to the figure.
arch-glimpse-attention = Live: this { -layer }'s { -attention-weights } on the probe sentence, { $heads ->
    [one] from its one { -head }
   *[other] averaged over its { $heads } { -head }s
} (a row per { -query }, a column per { -key }).
arch-glimpse-pe = The { -positional-encoding } the model adds to each { $stack ->
    [encoder] source position
   *[decoder] position of the { -decoder }'s input
} (a row per position, a column per dimension).
arch-glimpse-embedding = Live: each { $stack ->
    [encoder] source
   *[decoder] { -decoder } input
} { -token }'s { -embedding } row × √d_model, to which the { -positional-encoding } is added (a row per { -token }, a column per dimension; the middle colour is zero).
arch-glimpse-ffn = Live: inside this { -layer }'s { -ffn }, on the probe sentence: each { -token }'s { $d_ff } hidden units after the ReLU, max(0, x W₁ + b₁), with the same W₁ and b₁ at every position (a row per { -token }, a column per unit). 0 is the darkest colour, this map's largest value the brightest; { $zero }% of the cells are exactly 0, where the ReLU cut that unit off for that { -token }.
arch-glimpse-add-norm = Live: LayerNorm(x + Sublayer(x)) on the probe sentence, what this box hands on. The { -residual } adds the sub-layer's output to its input x; then each { -token }'s row of { $d_model } numbers is normalised to mean 0 and variance 1, and each dimension scaled by its learned γ and shifted by its β (a row per { -token }, a column per dimension; the middle colour is zero).
arch-glimpse-norm = Live: LayerNorm(x) on the probe sentence, what the sub-layer reads from below: each { -token }'s row of { $d_model } numbers normalised to mean 0 and variance 1, then each dimension scaled by its learned γ and shifted by its β (a row per { -token }, a column per dimension; the middle colour is zero).
arch-glimpse-add = Live: x + Sublayer(LayerNorm(x)) on the probe sentence, what this box hands on: the { -residual } adds the sub-layer's output to each { -token }'s { $d_model } numbers, and nothing normalises the sum here (a row per { -token }, a column per dimension; the middle colour is zero).
arch-glimpse-final-norm = Live: the stack's final { -layer-norm }, applied to the output of the { $stack ->
    [encoder] { -encoder }
   *[decoder] { -decoder }
}'s last { -layer }, on the probe sentence: what { $stack ->
    [encoder] each { -decoder } { -layer }'s { -cross-attention } reads for its { -key }s and { -value }s
   *[decoder] the linear layer reads
} ({ $d_model } numbers per { -token }; a row per { -token }, a column per dimension; the middle colour is zero).
arch-glimpse-logits = Live: the linear layer's output on the probe sentence: at each position of the { -decoder }'s input (a row), a logit, the raw number before the { -softmax }, for each of the { $vocab } { -token }s of the target { -vocabulary } (a column). This map's lowest value is the darkest colour, its highest the brightest. The { -softmax } above turns each row into the probabilities of the next { -token }.
arch-glimpse-runs = { $words } Drawn small, the picture has one column for every { $run } neighbouring columns, showing in each row the largest of their values, so that no peak is lost; a cell is dark only where all of them are low.
arch-glimpse-picks = Live: the { -token } the model ranks first at each of the first few positions; ✓ where it is the target.
arch-table = Every box of every { -layer }, with its shape
arch-table-stack = stack
arch-table-layer = { -layer }
arch-table-box = box
arch-table-shape = shape it hands on
arch-table-inside = inside

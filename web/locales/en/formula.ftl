## formula: the caption under each of the paper's formulas (app/formula.rs).

formula-attention = Scaled dot-product { -attention } (§3.2.1): each { -query }'s weights over the keys sum to 1, and the output is the weighted sum of the values.
formula-softmax-beta = Inverse temperature β: β = 1 is the paper's softmax, β = 0 spreads the weight evenly, β → ∞ is hard attention (all weight on the argmax).
formula-multi-head = Multi-head attention (§3.2.2): h { -head }s attend in their own d_k-wide projections; their outputs are concatenated and projected back to d_model. Each projection in the lab also adds a bias (x · W + b), as view 3, Inside one head, shows; the paper's equations leave the biases out.
formula-positional = Sinusoidal positional encoding (§3.5): dimension 2i holds a sine and dimension 2i + 1 the cosine of the same frequency. The base is the paper's { $base } in every model the lab trains; the { -positional-encoding } view can also draw base { $worked_base }, and the formula then shows it.
formula-ffn = Position-wise feed-forward network (§3.3): the same two linear layers with a ReLU between them, applied to every position on its own.
formula-post-norm = Post-norm, as in the paper (§3.1): add the sublayer's output to its input, then normalise the sum.
formula-pre-norm = Pre-norm, as in the { -annotated-transformer }: normalise the sublayer's input; the residual path stays a plain sum.
formula-noam = Noam schedule (§5.3): the rate grows linearly for warmup_steps steps, then decays as 1/√step; the two branches meet at the peak, step = warmup_steps. The paper's equation (3) has no factor, which is factor = 1; the scale factor is the { -annotated-transformer }'s, and the { -learning-rate } schedule view has a knob for it.
formula-smoothed-target = Label smoothing (the paper's §5.4 gives ε = 0.1; this split is the { -annotated-transformer }'s): the correct token y keeps 1 − ε, the other V − 2 tokens share ε evenly, and PAD, never a target, gets nothing.
formula-cross-entropy = Cross-entropy per target token, in nats (natural log): the target's own entropy H(q) plus the divergence KL(q ‖ p) that training can remove.

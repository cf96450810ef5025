## practice: predict, then reveal (views/practice). The answers come from lab_math on the live run.

practice-predict = Predict:
practice-answer-label = your answer
practice-check = Check
practice-waiting = The question appears once the model is loaded.
practice-right = ✓ Right.
practice-wrong = ✗ Not quite: the answer is { $answer }.
practice-revealed = The answer: { $answer }.
practice-progress-label = Questions answered right:
practice-reset = Reset my answers
practice-pe-zero = What is PE(0) in dimension { $dim }, at position 0?
practice-pe-zero-why = Dimension { $dim } is odd, so it holds a cosine, and cos(0) = { $answer }: at position 0 every sine is 0 and every cosine 1 (tutorial 003, positional encoding).
practice-uniform-entropy = Encoder self-attention on the sentence of the maps has { $keys } keys, all visible. At β = 0, how many bits of { -entropy } does a { -query }'s weight row carry? (two decimals)
practice-uniform-entropy-why = At β = 0 the softmax gives every visible { -key } the same weight 1/{ $keys }, and a uniform distribution over { $keys } outcomes carries log₂ { $keys } = { $answer } bits, the most it can (tutorial 004, β).
practice-hidden-cells = The decoder reads { $len } positions. How many cells of the { -causal-mask } are hidden?
practice-hidden-cells-why = Query t may not see keys after t: the strict upper triangle, { $len } × ({ $len } − 1) / 2 = { $answer } cells (§3.2.3).
practice-noam-peak = With { -warmup } = { $warmup } steps (d_model = { $d }), at which step does the { -learning-rate } peak?
practice-noam-peak-why = The rate rises as step · warmup^−1.5 and falls as step^−0.5; the two branches meet at step = warmup = { $answer }, whatever d_model and the factor (§5.3).
practice-loss-floor = With ε = { $eps } and { $vocab } target { -token }s, what is the lowest { -loss } a perfect model can reach, in nats per token? (two decimals)
practice-loss-floor-why = The smoothed target puts 1 − ε on the right { -token } and ε/(V − 2) on each other one but PAD; its { -entropy } H(q) = { $answer } nats is the floor, reached only when the prediction equals q. (The paper's §5.4 gives ε; the split over the V − 2 others is the { -annotated-transformer }'s, tutorial 000.)
practice-crossover = With d = { $d }, up to what sentence length n does self-attention cost no more per layer than a recurrent layer?
practice-crossover-why = Self-attention costs n²·d and a recurrent layer n·d²; they are equal at n = d = { $answer } (§4, Table 1).
practice-pe-fastest = Which of these dimensions changes most from position 0 to position 1?
practice-pe-fastest-why = Dimension { $answer }: PE(pos, 2i) = sin(pos / { $base }^(2i/d_model)), so the wavelength grows with the dimension; dimension 0 turns a full radian per position, the last ones hardly move (§3.5).
practice-cross-argmax = In cross-attention (layer 1, head 1), which source word does the query that predicts “{ $target }” weigh most?
practice-cross-argmax-why = Its row in layer 1, head 1 of the { -cross-attention } maps puts the largest weight on “{ $answer }”. A { -query } may weigh any source position, whatever the word order; which one a { -head } weighs most is learned, and other { -head }s and { -layer }s may weigh others (the maps show them all).
practice-next-token-waiting = Translate a sentence above; then predict its next { -token } here.
practice-next-token = At step { $step } of the { $strategy ->
        [beam] best { -hypothesis } of { -beam-search }
        [sample] { -sampling }
       *[greedy] { -greedy }
    } above, the decoder reads “{ $input }”. Which next { -token } does the model rank first?
practice-next-token-why = The softmax of the last position puts the most probability on “{ $answer }”: the top of the step-through's list at step { $step }.
practice-score-argmax = Before the softmax: which key gets the largest weight from query { $query } (“{ $token }”) in the head opened above?
practice-score-argmax-why = “{ $answer }” has the highest scaled score q·k/√d_k among the visible keys, and the softmax keeps the order (eˣ grows with x): the highest score gets the largest weight, whatever β > 0.
practice-cache-saving = At decoding step { $step }, how many multiply-adds does the { -kv-cache } save? Here d = d_model = { $d }, d_ff = { $dff }, L = { $layers } (the number of { -decoder } { -layer }s), S = { $src } (source { -token }s, counting <eos>) and V = { $vocab } (the target { -vocabulary }'s size). (Within 1%; the formulas are in the step-through.)
practice-cache-saving-why = Without the cache, step { $step } runs every { -layer } over all { $step } positions again and projects the source's K and V for { -cross-attention } again, which alone is { $formula } = { $reprojected } multiply-adds of the saving. With it, only the newest position is computed, and the source's K and V were projected once, at step 1. The difference is { $answer } multiply-adds, and it grows with each step.
practice-same-vector = Take the first word of the sentence of the maps. Moved to position { $pos }, would it enter layer 1 as the same vector as at position 0, in this run ({ -positional-encoding } { $pe ->
        [on] on
       *[off] off
    })?
practice-same-vector-same = the same vector
practice-same-vector-different = a different vector
practice-same-vector-why = { $answer }: the word's { -embedding } × √d_model is the same at every position, so only PE tells the positions apart. Without it, attention sees a set of words and the order is lost: that is why the reverse task fails without PE (Training: the { -positional-encoding } checkbox; Compare).
practice-option-at = { $token } (position { $position })

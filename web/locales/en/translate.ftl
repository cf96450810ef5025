## translate: view 9, type a sentence, decode it (greedy, beam search or sampling) and step through the decoding.

translate-title = 9 · Translate, step by step
translate-intro = Type a sentence in the task's source language. The model decodes one token at a time until it emits <eos>: greedily (the argmax), by { -beam-search } or by { -sampling }.
translate-input-label = Sentence to translate
translate-button = Translate
translate-examples = Held-out examples:
translate-empty = Type a sentence above (it is empty).
translate-too-long = Too long: { $words } words, at most { $max }.
translate-too-long-banner = That sentence has { $words } words; this model reads at most { $max }. Shorten it.
translate-unknown-highlighted = Unknown words are highlighted:
translate-unknown-banner = { $count ->
        [one] Unknown word
       *[other] Unknown words
    }: { $list }. The model only knows the { $size } words of this task's vocabulary; try one of the example sentences.
translate-longer-than-trained = This task's sentences have at most { $longest } words; the model has never seen a longer one, so expect mistakes.
translate-output = Output:
translate-whole-attention = Cross-attention of the whole decode (rows = each step's query, labelled input → chosen token; columns = source keys)

# The step-through of greedy decoding (app/decode_view.rs, teach/decode.rs).
translate-decode-title = Decoding, step by step
translate-previous = ◀ previous
translate-next = next ▶
translate-keep-cache = keep a KV cache
translate-decode-waiting = Translate a sentence above to step through its decoding.
translate-attention-waiting = Translate a sentence above to see where each output { -token } looked in the source.
translate-decoder-input = Decoder input:
translate-chooses = → chooses
translate-top-k = Top { $k } next tokens (softmax of the last position)
translate-kv-cache = KV cache
translate-cache-kept = After this step each layer keeps K and V for { $count ->
        [one] { $count } position
       *[other] { $count } positions
    }:
translate-cache-note = Only the newest position was computed; the source's K and V for cross-attention were computed once, at step 1.
translate-no-cache = No cache: every step runs all layers over all positions again, and projects the source's K and V again.
translate-ops-cached = Multiply-adds of this step, with the KV cache:
translate-ops-recompute = Multiply-adds of this step, without a cache (the whole prefix again):
translate-ops-check-cached = (counted by the model; the formula gives { $formula }). Without the cache: { $other }.
translate-ops-check-recompute = (counted by the model; the formula gives { $formula }). With the cache: { $other }.
translate-formula-without = without cache:
translate-formula-with = with cache:
translate-formula-legend = Here t = { $t } (the step), d = d_model = { $d }, d_ff = { $dff }, S = { $src } (source { -token }s, counting <eos>), V = { $vocab } (the target { -vocabulary }'s size), L = { $layers } ({ -decoder } { -layer }s). Matrix products only.
translate-cross-row = Cross-attention of step { $step } (rows = layer · head, columns = source keys)
translate-self-row = Masked self-attention of step { $step } (columns = the decoder inputs so far)
translate-weight = softmax weight
translate-layer-head = layer { $layer } · head { $head }
translate-unknown-as-unk = Not in the vocabulary, so read as <unk> (a word seen fewer than twice in training):
translate-formula-first-step = (plus { $extra } once, at step 1)

# Decoding three ways (views/decode/strategy.rs, beam.rs).
translate-strategy = Choose each token by
translate-strategy-greedy = { -greedy } (argmax)
translate-strategy-beam = { -beam-search }
translate-strategy-sample = { -sampling }
translate-beam-size = beam size
translate-beam-alpha = { -length-penalty } α
translate-sample-temperature = { -temperature } T
translate-sample-topk = { -top-k } (0 = all)
translate-sample-topp = { -top-p }
translate-sample-seed = { -seed }
translate-strategy-greedy-hint = Each step takes the most probable { -token }. Fast, but a choice is never revisited. It is { -beam-search } with beam size 1.
translate-strategy-beam-hint = The paper decodes with { -beam-search }, beam size { $size } and α = { $alpha } (§6.1, after Wu et al. 2016). Several { -hypotheses } are kept at once, so an early choice that looked second best can still win.
translate-strategy-sample-hint = Each { -token } is drawn at random from the model's distribution: softmax(z / T), cut to the { -top-k } most probable and then to the fewest whose probabilities reach { -top-p }. The same { -seed } draws the same translation; as T → 0 it becomes { -greedy }.
translate-error-beam-size = The beam size must be a whole number from 1 to { $max }.
translate-error-alpha = The { -length-penalty } α must be from 0 to { $max }.
translate-error-temperature = The { -temperature } must be from { $min } to { $max }.
translate-error-top-k = { -top-k } must be a whole number from 0 (all) to { $max }.
translate-error-top-p = { -top-p } must be above 0 and at most 1.
translate-top-k-beam = The model's top { $k } at this step of the best { -hypothesis } (softmax of the last position)
translate-chooses-beam = → the best { -hypothesis } continues with
translate-top-k-sampled = Top { $k } of the { -sampling } distribution softmax(z / { $temperature }), after { -top-k } and { -top-p }: { $kept ->
        [one] { $kept } { -token } left to draw from
       *[other] { $kept } { -token }s left to draw from
    }
translate-chooses-sampled = → draws
translate-beam-title = Step { $step } of { -beam-search }: { $rows ->
        [one] { $rows } { -hypothesis }
       *[other] { $rows } { -hypotheses }
    } extended (beam size { $size }, α = { $alpha })
translate-beam-how = Each row's best extensions are listed. Among all of them, those with the largest log P fill the free slots (all have the same length, so log P ranks them as the score would). One that ends with <eos> leaves the beam finished. The finished ones differ in length, so the best score wins, not the best log P.
translate-beam-conventions = Conventions of this search. A { -hypothesis } that ends with <eos> leaves the beam, and the beam goes on one row smaller for each one that finished; the search ends when every slot holds a finished one. tensor2tensor, the paper's code, instead keeps { $size } { $size ->
        [one] { -hypothesis }
       *[other] { -hypotheses }
    } alive at every step, until none of them can still beat the finished ones. Length: at most { $max } generated { -token }s, <eos> included (with <bos>, the lab's limit of { $limit }); one that reaches it without <eos> counts as finished. The paper allows the input length + { $extra } (§6.1). In lp(Y), |Y| counts the generated { -token }s, <eos> included and <bos> not.
translate-beam-row = row { $row }:
translate-beam-score = score = { $score }
translate-beam-kept = kept
translate-beam-finished = finished
translate-beam-pruned = dropped
translate-beam-cache = KV cache reordered: each surviving row copies its parent row's cache (new ← old: { $moves }).
translate-beam-cache-none = No row goes on: the search ends here.
translate-beam-ops = Multiply-adds of this step, for the whole beam: { $ops }.
translate-beam-finished-so-far = Finished so far (score):
translate-beam-over = The search ended before this step.
translate-beam-best-done = The best { -hypothesis } finished at step { $step }; the search went on for the other slots, so the path below stays at its last step.
translate-compare-button = Held-out { -bleu }: { -greedy } against this beam
translate-compare-failed = The comparison could not be made:
translate-compare-pending = decoding the held-out sentences both ways…
translate-compare-result = On { $sentences } held-out sentences: { -greedy } { -bleu } { $greedy } ({ $greedy_exact }% exact), beam { $size } (α = { $alpha }) { -bleu } { $beam } ({ $beam_exact }% exact).

# The words a model reads (views/translate/vocab.rs).
vocab-title = Words this model reads ({ $count })
vocab-intro = The source { -vocabulary } of this run, most frequent first: each word with the number of times it occurs in the source sentences of the run's training pairs. The model does not know any other word.
vocab-search = Search the words
vocab-shown = { $total ->
        [one] { $shown } of { $total } word listed
       *[other] { $shown } of { $total } words listed
    }
vocab-none = No word the model reads contains “{ $query }”.
translate-nearest = Nearest in spelling to “{ $word }”: { $list }
translate-nearest-none = No known word is spelled like “{ $word }”.
